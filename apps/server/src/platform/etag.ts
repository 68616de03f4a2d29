import { createHash } from 'node:crypto';

/** A strong ETag for a response body (SHA-256 of its JSON text, shortened). */
export function etagOf(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

/** True when an If-None-Match header lists the ETag (or `*`); weak validators compare by value. */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
