import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';
import { normalizeUsername } from '../portals';
import { postJson } from './post';
import type { TanVerification } from './tan-verification';

/** Asks for the access link; the answer is neutral, whatever the contract number and address. */
export async function requestAccessLink({
  contractId,
  email,
}: {
  contractId: string;
  email: string;
}): Promise<void> {
  await postJson<{ accepted: true }>(`/api/benutzer/zugang/email/${encodeURIComponent(contractId.trim())}`, {
    email: email.trim(),
  });
}

export type AccessLinkStatus =
  { status: 'VALID'; email: string; expiresAt: string } | { status: 'EXPIRED' } | { status: 'INVALID' };

/** Whether the e-mailed link can still be used, and for which address. */
export async function getAccessLinkStatus(token: string, signal?: AbortSignal): Promise<AccessLinkStatus> {
  const result = await request<AccessLinkStatus>({
    path: '/api/benutzer/zugang/link/verification',
    query: { token },
    authenticated: false,
    signal,
  });
  // A token the server cannot even parse (a mangled link) is as invalid as an unknown one.
  if (!result.ok && result.errorStatus === 400) return { status: 'INVALID' };
  return unwrapResult(result) ?? { status: 'INVALID' };
}

export function accessLinkStatusQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'access-link', token],
    queryFn: ({ signal }) => getAccessLinkStatus(token, signal),
    // The link is single-use: once used it must not look valid from the cache.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useAccessLinkStatus(token: string) {
  return useQuery(accessLinkStatusQueryOptions(token));
}

/**
 * Uses the link: sets the password (as SRP verifier of the e-mail address) and the mobile number,
 * which gets a TAN. The account becomes active once the TAN is confirmed.
 */
export async function completeRegistration({
  token,
  email,
  password,
  handynummer,
}: {
  token: string;
  email: string;
  password: string;
  handynummer: string;
}): Promise<TanVerification> {
  const srp = await import('../srp/srp-client');
  const { salt, verifier } = await srp.createPasswordVerifier(normalizeUsername(email), password);
  return postJson<TanVerification>('/api/benutzer/zugang/link', { token, salt, verifier, handynummer });
}
