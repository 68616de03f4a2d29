import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/*
 * The customer's mailbox (issue 14, spec §3 'Message list item', §7 messages): the server's
 * apps/server/src/modules/…/nachricht routes. Reading a message marks it read on the server, so the
 * unread count is refetched after every opened or deleted message.
 */

export const MESSAGE_THEMES = ['VERTRAG', 'SCHADEN', 'ZAHLUNG', 'ADRESSE', 'SONSTIGES'] as const;
export type MessageTheme = (typeof MESSAGE_THEMES)[number];

/** The two folders: 'eingang' from the insurer, 'ausgang' written by the customer (shown as 'Gesendet'). */
export type MessageDirection = 'eingang' | 'ausgang';

export interface MessageAttachment {
  id: string;
  name: string;
}

/** One message as the lists answer it (spec §3 'Message list item'). */
export interface MessageListItem {
  id: string;
  /** The contract's versicherungsNummer, or null. */
  aktenId: string | null;
  /** ISO instant. */
  erstelldatum: string;
  betreff: string;
  gelesen: boolean;
  /** Plain-text preview, at most 200 characters. */
  nachricht?: string;
  anhaenge?: MessageAttachment[];
  richtung: MessageDirection;
  thema?: string;
}

/** One message opened: the whole plain text. */
export interface Message extends MessageListItem {
  nachricht: string;
  /** Sanitised HTML of a sent message. */
  html?: string;
}

export interface MessagePage {
  nachrichten: MessageListItem[];
  /** The page the server answered: a page above the total comes back as page 1 (spec §4). */
  seite: number;
  proSeite: number;
  gesamt: number;
}

export interface NewMessage {
  thema: MessageTheme;
  versicherungsNummer?: string;
  betreff: string;
  /** The rich text editor's HTML; the server sanitises it. */
  html: string;
  /** Finished uploads (features/uploads) to attach. */
  uploadIds?: string[];
}

export const MESSAGES_PER_PAGE = 20;
const BASE = '/api/dokument/benutzer/nachricht';

export const mailboxKeys = {
  all: ['mailbox'] as const,
  count: ['mailbox', 'count'] as const,
  list: (direction: MessageDirection, page: number) => ['mailbox', 'list', direction, page] as const,
  message: (id: string) => ['mailbox', 'message', id] as const,
};

/** The number of unread incoming messages (navigation badge). */
export function useUnreadCount() {
  return useQuery({
    queryKey: mailboxKeys.count,
    queryFn: async ({ signal }) =>
      unwrapResult(await request<{ ungelesen: number }>({ path: `${BASE}/count`, signal }))?.ungelesen ?? 0,
  });
}

/** One page of a folder, newest first; the previous page stays on screen while the next loads. */
export function useMessages(direction: MessageDirection, page: number) {
  return useQuery({
    queryKey: mailboxKeys.list(direction, page),
    queryFn: async ({ signal }): Promise<MessagePage> => {
      const data = unwrapResult(
        await request<MessagePage>({
          path: `${BASE}/${direction}`,
          query: { seite: page, proSeite: MESSAGES_PER_PAGE },
          signal,
        }),
      );
      if (!data) throw new Error(`GET ${BASE}/${direction} answered without a body`);
      return data;
    },
    placeholderData: keepPreviousData,
  });
}

/** One message; opening an incoming one marks it read, so count and lists are refetched. */
export function useMessage(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: mailboxKeys.message(id),
    queryFn: async ({ signal }): Promise<Message> => {
      const data = unwrapResult(await request<Message>({ path: `${BASE}/{id}`, pathParams: { id }, signal }));
      if (!data) throw new Error(`GET ${BASE}/{id} answered without a body`);
      if (data.richtung === 'eingang') {
        void queryClient.invalidateQueries({ queryKey: mailboxKeys.count });
        void queryClient.invalidateQueries({ queryKey: ['mailbox', 'list'] });
      }
      return data;
    },
    // A message is read once per visit; refetching on focus would be a needless second read.
    staleTime: Infinity,
  });
}

/** Deletes a message (soft delete on the server); lists and count follow. */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrapResult(await request({ method: 'DELETE', path: `${BASE}/{id}`, pathParams: { id } }));
    },
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: mailboxKeys.message(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: mailboxKeys.count }),
        queryClient.invalidateQueries({ queryKey: ['mailbox', 'list'] }),
      ]);
    },
  });
}

/** The download URL of a message's attachment (the contract document it carries). */
export function attachmentUrl(attachmentId: string): string {
  return `${BASE}/download/${encodeURIComponent(attachmentId)}`;
}

/** The file name an attachment is saved as: its name; a name without extension is a PDF document. */
export function attachmentFileName(name: string): string {
  return /\.[a-z0-9]{2,4}$/i.test(name) ? name : `${name}.pdf`;
}

/**
 * Sends a message to the insurer with the form's Idempotency-Key (a retry after a lost answer
 * sends nothing twice); the sent folder (and the acknowledgement in the inbox) follow.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, idempotencyKey }: { message: NewMessage; idempotencyKey: string }) =>
      unwrapResult(
        await request<MessageListItem>({
          method: 'POST',
          path: '/api/nachricht/nachricht/',
          body: message,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}
