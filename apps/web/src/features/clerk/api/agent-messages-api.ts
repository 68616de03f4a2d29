import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';
import { PER_PAGE, type MessageFilter, type Page } from './clerk-api';

/*
 * The agents' messages to the agent service (issue 15 screen 9, ADR 0032), served by
 * apps/server/src/modules/agent-admin under /api/innendienst/vermittler-nachrichten: list, one
 * message with its attachments, the answer (by e-mail to the agent).
 */

const BASE = '/api/innendienst/vermittler-nachrichten';

export interface AgentMessageAttachment {
  id: string;
  name: string;
  groesse: number;
  typ: string;
}

export interface ClerkAgentMessage {
  id: string;
  erstelldatum: string;
  thema: string;
  themaLabel: string;
  betreff: string;
  text: string;
  /** Sanitised when stored; shown through the allow-list renderer only. */
  html: string;
  anhaenge: AgentMessageAttachment[];
  vermittler: { vermittlerNummer: string; name: string; agentur: string };
  partnerNummer: string | null;
  vertragsnummer: string | null;
  antwort: string | null;
  beantwortetAm: string | null;
}

export const agentMessageKeys = {
  list: (filter: MessageFilter, page: number) => ['clerk', 'agent-messages', filter, page] as const,
  one: (id: string) => ['clerk', 'agent-message', id] as const,
};

/** Where the clerk downloads an attachment of an agent message. */
export function agentAttachmentUrl(messageId: string, uploadId: string): string {
  return `${BASE}/${encodeURIComponent(messageId)}/anhaenge/${encodeURIComponent(uploadId)}`;
}

function required<T>(data: T | undefined | null, what: string): T {
  if (data === undefined || data === null) throw new Error(`${what} answered without a body`);
  return data;
}

/** The agents' messages of one filter, newest first, a page at a time. */
export function useAgentMessages(filter: MessageFilter, page: number) {
  return useQuery({
    queryKey: agentMessageKeys.list(filter, page),
    queryFn: async ({ signal }): Promise<Page<ClerkAgentMessage>> => {
      const data = required(
        unwrapResult(
          await request<{
            nachrichten: ClerkAgentMessage[];
            seite: number;
            proSeite: number;
            gesamt: number;
          }>({
            path: BASE,
            query: { filter, seite: page, proSeite: PER_PAGE },
            signal,
          }),
        ),
        'GET vermittler-nachrichten',
      );
      return { seite: data.seite, proSeite: data.proSeite, gesamt: data.gesamt, items: data.nachrichten };
    },
    placeholderData: keepPreviousData,
  });
}

export function useAgentMessage(id: string) {
  return useQuery({
    queryKey: agentMessageKeys.one(id),
    queryFn: async ({ signal }) =>
      required(
        unwrapResult(await request<ClerkAgentMessage>({ path: `${BASE}/{id}`, pathParams: { id }, signal })),
        'GET vermittler-nachricht',
      ),
  });
}

export function useAnswerAgentMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      required(
        unwrapResult(
          await request<ClerkAgentMessage>({
            method: 'POST',
            path: `${BASE}/{id}/antwort`,
            pathParams: { id },
            body: { text },
          }),
        ),
        'POST vermittler-nachricht antwort',
      ),
    onSuccess: async (message) => {
      queryClient.setQueryData(agentMessageKeys.one(id), message);
      await queryClient.invalidateQueries({ queryKey: ['clerk', 'agent-messages'] });
    },
  });
}
