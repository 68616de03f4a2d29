// Request and reply over postMessage between exactly two windows, shared by the host SDK (parent)
// and the portal SDK (child). Every message goes to the other window at its exact origin (never
// '*'); a received message counts only when it comes from that window (event.source), from an
// allowed origin, is well-formed and is addressed to this side. Everything else is ignored.
import {
  EMBED_COMMAND_TIMEOUT_MS,
  isAnsweredBy,
  isEmbedMessage,
  isEmbedReply,
  timeoutError,
  type EmbedCommand,
  type EmbedMessage,
  type EmbedParty,
  type EmbedReply,
} from './protocol';

/** The part of a window the messenger posts to. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The part of a window the messenger listens on. */
export interface MessageSource {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface MessengerOptions {
  /** This side. */
  self: EmbedParty;
  /** The window whose 'message' events are ours. */
  listenOn: MessageSource;
  /** The other window, read at each use (an iframe's window changes when it navigates). */
  peer: () => MessageTarget | null | undefined;
  /** The other window's origin: where messages go, and the only origin accepted. */
  peerOrigin: string;
  /** Answers a command this side answers; undefined when there is no handler (→ null). */
  answer: (name: EmbedCommand, payload: unknown) => unknown;
  /** Handler errors (the command is answered with null) and failed posts. */
  onError?: (error: unknown) => void;
  timeoutMs?: number;
  /**
   * Holds requests until the other side has sent its first valid message: the host's iframe holds
   * a blank page until the portal has loaded and connected, and a message to it would be lost.
   */
  holdUntilPeerSpeaks?: boolean;
}

export interface Messenger {
  /** Sends a command and resolves with the other side's reply payload. */
  request(name: EmbedCommand, payload: unknown): Promise<unknown>;
  /** Removes the listener and rejects pending requests; later requests reject at once. */
  destroy(): void;
}

interface Pending {
  name: EmbedCommand;
  resolve(payload: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

let counter = 0;

/** A unique message id: crypto.randomUUID where the page offers it (secure contexts). */
export function newMessageId(): string {
  const webCrypto = (globalThis as { crypto?: Crypto }).crypto;
  if (webCrypto && typeof webCrypto.randomUUID === 'function') return webCrypto.randomUUID();
  counter += 1;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${counter.toString(36)}`;
}

/** The error a request rejects with after destroy(). */
export function destroyedError(command: EmbedCommand): Error {
  return new Error(`Connection closed before command ${command} was answered`);
}

export function createMessenger(options: MessengerOptions): Messenger {
  const { self, listenOn, peer, peerOrigin, answer } = options;
  const other: EmbedParty = self === 'parent' ? 'child' : 'parent';
  const timeoutMs = options.timeoutMs ?? EMBED_COMMAND_TIMEOUT_MS;
  const pending = new Map<string, Pending>();
  let destroyed = false;
  let peerSpoke = !options.holdUntilPeerSpeaks;
  const held: EmbedMessage[] = [];

  const report = (error: unknown) => {
    if (options.onError) options.onError(error);
  };

  const post = (message: EmbedMessage | EmbedReply): boolean => {
    const target = peer();
    if (!target) return false;
    try {
      target.postMessage(message, peerOrigin);
      return true;
    } catch (error) {
      report(error);
      return false;
    }
  };

  const reply = (command: EmbedMessage, payload: unknown) => {
    if (destroyed) return;
    const message: EmbedReply = {
      id: newMessageId(),
      sender: self,
      receiver: other,
      correspondingCommandId: command.id,
      payload: payload === undefined ? null : payload,
    };
    // An answer postMessage cannot copy (a function, a DOM node) is reported and answered null.
    if (!post(message) && message.payload !== null) post({ ...message, payload: null });
  };

  const onCommand = (command: EmbedMessage) => {
    if (!isAnsweredBy(command.name, self)) return;
    let result: unknown;
    try {
      result = answer(command.name, command.payload);
    } catch (error) {
      report(error);
      reply(command, null);
      return;
    }
    Promise.resolve(result).then(
      (payload) => reply(command, payload),
      (error: unknown) => {
        report(error);
        reply(command, null);
      },
    );
  };

  const onReply = (message: EmbedReply) => {
    const request = pending.get(message.correspondingCommandId);
    if (!request) return;
    pending.delete(message.correspondingCommandId);
    clearTimeout(request.timer);
    request.resolve(message.payload);
  };

  const listener = (event: MessageEvent) => {
    if (destroyed) return;
    const target = peer();
    if (!target || event.source !== target || event.origin !== peerOrigin) return;
    const data: unknown = event.data;
    const isReply = isEmbedReply(data);
    if (!(isReply || isEmbedMessage(data)) || data.sender !== other || data.receiver !== self) return;
    if (!peerSpoke) {
      peerSpoke = true;
      for (const message of held.splice(0)) post(message);
    }
    if (isReply) onReply(data);
    else onCommand(data);
  };
  listenOn.addEventListener('message', listener);

  return {
    request(name, payload) {
      if (destroyed) return Promise.reject(destroyedError(name));
      return new Promise<unknown>((resolve, reject) => {
        const id = newMessageId();
        const timer = setTimeout(() => {
          pending.delete(id);
          const index = held.findIndex((message) => message.id === id);
          if (index >= 0) held.splice(index, 1);
          reject(timeoutError(name));
        }, timeoutMs);
        pending.set(id, { name, resolve, reject, timer });
        const message: EmbedMessage = {
          id,
          sender: self,
          receiver: other,
          name,
          payload: payload === undefined ? {} : payload,
        };
        if (peerSpoke) post(message);
        else held.push(message);
      });
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      listenOn.removeEventListener('message', listener);
      held.length = 0;
      for (const request of pending.values()) {
        clearTimeout(request.timer);
        request.reject(destroyedError(request.name));
      }
      pending.clear();
    },
  };
}
