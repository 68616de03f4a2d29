// Types of scripts/demo-host.mjs for the TypeScript that imports it (e2e/embedding.spec.ts).
export declare const BANK_PARTNER_KEY: string;
export declare const DEMO_BANK_SECRET: string;
export interface DemoHost {
  /** e.g. http://127.0.0.1:3001 */
  origin: string;
  port: number;
  close(): Promise<void>;
}
export declare function startDemoHost(options?: {
  port?: number;
  host?: string;
  portalOrigin?: string;
  bankSecret?: string;
}): Promise<DemoHost>;
