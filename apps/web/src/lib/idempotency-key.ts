/**
 * A fresh key for one form's or one submission's sends (UUID where the browser has it): the server
 * answers a request repeated with it (a double click, a retry after a lost answer, a reload after
 * the send) with what the first one did, and does nothing twice.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
