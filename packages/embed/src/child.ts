// The portal side of the embedding: the embedded portal talks to its host page (window.parent) at
// the origin the portal checked against the partner's allowlist before connecting.
import { createMessenger } from './messenger';
import type { ChildCommands, CommandHandlers, ParentCommands } from './protocol';

/** The portal's answers to the host's commands, each optional; onError gets handler failures. */
export type ChildHandlers = CommandHandlers<ChildCommands> & {
  onError: (error: unknown) => void;
};

export interface ConnectToHostOptions {
  /** The host page's origin, checked by the portal before connecting. */
  hostOrigin: string;
  handlers?: Partial<ChildHandlers>;
  /** How long a request waits for its reply; default 20,000 ms. */
  timeoutMs?: number;
  /** The portal's window (default: the global window); its parent is the host. */
  window?: Window;
}

export interface HostConnection {
  hostOrigin: string;
  request<K extends keyof ParentCommands>(
    name: K,
    payload: ParentCommands[K]['request'],
  ): Promise<ParentCommands[K]['reply']>;
  /** Removes the listener; pending requests reject. */
  destroy(): void;
}

/** Connects the embedded portal to its host page. */
export function connectToHost(options: ConnectToHostOptions): HostConnection {
  const hostOrigin = new URL(options.hostOrigin).origin;
  const own = options.window ?? window;
  if (own.parent === own) throw new Error('connectToHost: the page is not embedded');
  const handlers: Partial<ChildHandlers> = options.handlers ?? {};
  const messenger = createMessenger({
    self: 'child',
    listenOn: own,
    peer: () => own.parent,
    peerOrigin: hostOrigin,
    timeoutMs: options.timeoutMs,
    onError: (error) => handlers.onError?.(error),
    answer: (name, payload) => {
      const handler = (handlers as Record<string, ((payload: unknown) => unknown) | undefined>)[name];
      return typeof handler === 'function' ? handler(payload) : null;
    },
  });
  return {
    hostOrigin,
    request: <K extends keyof ParentCommands>(name: K, payload: ParentCommands[K]['request']) =>
      messenger.request(name, payload) as Promise<ParentCommands[K]['reply']>,
    destroy: () => messenger.destroy(),
  };
}
