// Message shapes of spec §3: the mailbox list item and the chat message. The spec names no body
// or id for a chat message; `content` carries the body (HTML when `html` is true, plain text
// otherwise) and `id` identifies it, matching the chat list of the web UI (apps/web/src/ui/chat).
import { z } from 'zod';
import { CHAT_DIRECTIONS, CHAT_SOURCES } from '../products/enums';

/** An attachment reference of a message. */
export const messageAttachmentSchema = z.strictObject({ id: z.string().min(1), name: z.string().min(1) });

/** Spec §3 'Message list item' (Postfach). `erstelldatum` is an ISO timestamp with offset. */
export const messageListItemSchema = z.strictObject({
  aktenId: z.string().min(1),
  erstelldatum: z.iso.datetime({ offset: true }),
  betreff: z.string(),
  gelesen: z.boolean(),
  nachricht: z.string().optional(),
  anhaenge: z.array(messageAttachmentSchema).optional(),
});
export type MessageListItem = z.infer<typeof messageListItemSchema>;

/** Spec §3 'Chat message'. `time` is an ISO timestamp with offset. */
export const chatMessageSchema = z.strictObject({
  id: z.string().min(1),
  author: z.string(),
  direction: z.enum(CHAT_DIRECTIONS),
  time: z.iso.datetime({ offset: true }),
  source: z.enum(CHAT_SOURCES),
  subject: z.string(),
  recipients: z.array(z.string()),
  cc: z.array(z.string()),
  /** Whether `content` is HTML (from the rich text editor or an e-mail) rather than plain text. */
  html: z.boolean(),
  content: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
