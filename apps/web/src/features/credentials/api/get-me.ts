import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/** The signed-in account with its contact data (GET /api/auth/me, docs/api/identity.md). */
export type Me = {
  pool: 'benutzer' | 'vermittler';
  username: string;
  email: string;
  nickname: string | null;
  handynummer: string | null;
  /** The partner's contact phone (any number, no mobile obligation). */
  telefon: string | null;
  partnerId: string | null;
  partnerNummer: string | null;
  agentId: string | null;
  vermittlerNummer: string | null;
};

export async function getMe(signal?: AbortSignal): Promise<Me> {
  const data = unwrapResult(await request<Me>({ path: '/api/auth/me', signal }));
  if (!data) throw new Error('GET /api/auth/me answered without a body');
  return data;
}

export const ME_QUERY_KEY = ['credentials', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    // E-mail, password and mobile number change on their own pages: show the current state on return.
    staleTime: 0,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
