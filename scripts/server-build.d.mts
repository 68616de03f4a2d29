// Types of scripts/server-build.mjs for the TypeScript that imports it (bench, tests).
export declare const serverDist: string;
export declare const serverEntry: string;
export declare function isServerBuildStale(outdir?: string): boolean;
export declare function buildServer(options?: { outdir?: string }): Promise<void>;
export declare function ensureServerBuild(options?: {
  log?: (message: string) => void;
  outdir?: string;
}): Promise<boolean>;
