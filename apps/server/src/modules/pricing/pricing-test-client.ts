// Test helper: posts to the tarifieren endpoints through app.inject, each request from its own
// address so that the per-IP rate limit only bites where a test is about it.
import type { InjectOptions } from 'fastify';
import type { App } from '../../app';

/** Hosts of the environments whose flags the tests rely on (see platform/flags/definitions.ts). */
export const HOSTS = { localhost: 'localhost', production: 'www.schirm.de' } as const;

let nextAddress = 0;

export function freshAddress(): string {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

export interface PostOptions {
  host?: string;
  /** Brand in the flag-context cookie, as the web app sets it. */
  brand?: string;
  remoteAddress?: string;
  headers?: InjectOptions['headers'];
}

export async function postTarifieren(app: App, path: string, body: unknown, options: PostOptions = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/taa/${path}/tarifieren`,
    remoteAddress: options.remoteAddress ?? freshAddress(),
    headers: {
      host: options.host ?? HOSTS.localhost,
      'content-type': 'application/json',
      ...(options.brand ? { cookie: `schirm_flag_context=${JSON.stringify({ brand: options.brand })}` } : {}),
      ...options.headers,
    },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}
