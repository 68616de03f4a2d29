// What the embedding's web tests share: a confirmed partner and a host connection that records
// every command and answers as the test says. Only for tests.
import { vi } from 'vitest';
import { setHostConnection, type EmbeddingPartner, type HostConnection } from '../embedding-host';

export const HOST_ORIGIN = 'http://localhost:3001';

export const PARTNER: EmbeddingPartner = {
  partnerKey: 'radhaus-mueller',
  name: 'Radhaus Müller',
  brand: 'fahrrad',
  produkte: ['fahrrad'],
  kundenbereich: false,
  vermittler: { brokerId: 'V-100200', distributionPath: 'makler', name: 'Agentur Claudia Krüger' },
  origin: HOST_ORIGIN,
};

export interface SentCommand {
  name: string;
  payload: unknown;
}

/** Connects the app to a recording host; `answers` are the host's replies by command. */
export function connectRecordingHost(
  answers: Record<string, unknown> = {},
  partner: EmbeddingPartner = PARTNER,
): SentCommand[] {
  const sent: SentCommand[] = [];
  const connection = {
    hostOrigin: HOST_ORIGIN,
    request: vi.fn(async (name: string, payload: unknown) => {
      sent.push({ name, payload });
      return answers[name] ?? null;
    }),
    destroy: vi.fn(),
  };
  setHostConnection({ connection: connection as unknown as HostConnection, partner });
  return sent;
}

/** The payloads sent with one command. */
export function sentWith(sent: readonly SentCommand[], name: string): unknown[] {
  return sent.filter((command) => command.name === name).map((command) => command.payload);
}

/**
 * Frames the test window by a host page at HOST_ORIGIN that answers the child SDK's commands as
 * `answers` says (null for the rest), over real postMessage events. Returns the undo.
 */
export function frameByHost(answers: Record<string, unknown> = {}): () => void {
  const parent = {
    postMessage(message: { id: string; name: string }) {
      const reply = {
        id: `reply-${message.id}`,
        sender: 'parent',
        receiver: 'child',
        correspondingCommandId: message.id,
        payload: answers[message.name] ?? null,
      };
      queueMicrotask(() =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: reply,
            origin: HOST_ORIGIN,
            source: parent as unknown as Window,
          }),
        ),
      );
    },
  };
  const parentSpy = vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
  const referrerSpy = vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${HOST_ORIGIN}/shop/`);
  return () => {
    parentSpy.mockRestore();
    referrerSpy.mockRestore();
  };
}
