// The portal's side of the embedding (issue 16) as the rest of the app sees it: whether this page
// is connected to a host, which partner embeds it, and a way to tell the host something. Pages
// call tellHost/hostHandles without caring whether they are embedded: outside a host (or before
// the partner check passed) nothing is sent. The SDK itself is only loaded by the embedding start.
import { useEffect, useRef } from 'react';
import type { HostConnection } from '@schirm/embed/child';
import type { BrokerInfo, ParentCommands } from '@schirm/embed/protocol';

export type { HostConnection };
type HostCommand = keyof ParentCommands;

/** The partner as the server confirmed it for the host's origin (GET /api/einbettung/partner/…). */
export interface EmbeddingPartner {
  partnerKey: string;
  name: string;
  brand: string | null;
  produkte: string[];
  kundenbereich: boolean;
  vermittler: BrokerInfo | null;
  origin: string;
}

let current: { connection: HostConnection; partner: EmbeddingPartner } | null = null;

/** Records the connection made after the partner check (null when it ends). */
export function setHostConnection(
  next: { connection: HostConnection; partner: EmbeddingPartner } | null,
): void {
  if (current && current.connection !== next?.connection) current.connection.destroy();
  current = next;
}

/** The confirmed partner, or null outside a host. */
export function embeddingPartner(): EmbeddingPartner | null {
  return current?.partner ?? null;
}

/** The partner key the application sends as `einbettungspartner`, only once the host is confirmed. */
export function embeddingPartnerKey(): string | undefined {
  return current?.partner.partnerKey;
}

export function isConnectedToHost(): boolean {
  return current !== null;
}

/**
 * Sends a command to the host and resolves its answer; null when not embedded, and null when the
 * host does not answer in time or fails (the portal then goes on by itself).
 */
export async function tellHost<K extends HostCommand>(
  name: K,
  payload: ParentCommands[K]['request'],
): Promise<ParentCommands[K]['reply'] | null> {
  if (!current) return null;
  try {
    return await current.connection.request(name, payload);
  } catch {
    return null;
  }
}

/** Asks the host to take over (createToast, handleGenericError, …): true only for `{ handled: true }`. */
export async function hostHandles<
  K extends 'createToast' | 'handleGenericError' | 'handleUninsurablePricingResult',
>(name: K, payload: ParentCommands[K]['request']): Promise<boolean> {
  const answer: unknown = await tellHost(name, payload);
  return typeof answer === 'object' && answer !== null && (answer as { handled?: unknown }).handled === true;
}

/**
 * Runs `send` once per mounted page and key while connected to a host: a result page hands its
 * result over when it appears, not again on a re-render. The page shows its own content either
 * way (the host may overlay it), so the person is informed whatever the host answers.
 */
export function useTellHostOnce(key: string | undefined, send: () => void): void {
  const sentFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (key === undefined || sentFor.current === key || !isConnectedToHost()) return;
    sentFor.current = key;
    send();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sent once per key; send is a fresh closure each render
  }, [key]);
}
