import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api';
import { unwrapResult } from '../../lib/query-client';

/** One SMS or e-mail the server sent (kept by the development transport). */
export type OutboxMessage = {
  id: string;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  /** A file the e-mail carries (e.g. a receipt PDF), readable without sign-in on localhost. */
  anhang: { name: string; url: string } | null;
  createdAt: string;
};

export const OUTBOX_LIMIT = 50;

/** Messages newest first, optionally only those to one address or number (localhost only). */
export async function getOutbox(to: string, signal?: AbortSignal): Promise<OutboxMessage[]> {
  const result = await request<{ messages: OutboxMessage[] }>({
    path: '/api/entwicklung/postausgang',
    query: { to: to.trim() || undefined, limit: OUTBOX_LIMIT },
    authenticated: false,
    signal,
  });
  return unwrapResult(result)?.messages ?? [];
}

export function outboxQueryOptions(to: string) {
  return queryOptions({
    queryKey: ['dev-outbox', to.trim()],
    queryFn: ({ signal }) => getOutbox(to, signal),
    // New codes arrive while a person signs in in another tab: always ask the server again.
    staleTime: 0,
    refetchInterval: 5_000,
  });
}

export function useOutbox(to: string) {
  return useQuery(outboxQueryOptions(to));
}
