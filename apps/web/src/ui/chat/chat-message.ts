/** Where a chat message came from (spec §3). */
export const CHAT_SOURCES = ['CHAT', 'EMAIL', 'SYSTEM', 'ATTACHMENT'] as const;
export type ChatSource = (typeof CHAT_SOURCES)[number];

export type ChatDirection = 'incoming' | 'outgoing';

/** A chat message as spec §3 lists it, plus its id and body. */
export interface ChatMessage {
  id: string;
  author: string;
  direction: ChatDirection;
  /** ISO timestamp or Date of sending. */
  time: string | Date;
  source: ChatSource;
  subject?: string;
  recipients?: readonly string[];
  cc?: readonly string[];
  /** True when content is HTML (e-mails); it is then shown sanitised, never as raw markup. */
  html: boolean;
  content: string;
}
