import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api';
import { unwrapResult } from '../../lib/query-client';

/*
 * The agency's keys for its broker software (issue 16, ADR 0036): apps/server/src/modules/extranet
 * (GET/POST/DELETE /api/vermittler/extranet/schluessel), docs/api/extranet.md. Only the head of an
 * agency manages them; the server answers a sub-agent 403 EXTRANET_AGENCY_ONLY.
 */

const BASE = '/api/vermittler/extranet/schluessel';
const KEYS = ['extranet', 'schluessel'] as const;

export interface ExtranetKey {
  kid: string;
  bezeichnung: string | null;
  erstelltAm: string;
  widerrufenAm: string | null;
  /** When the broker software last asked for a link with this key; null: never. */
  letzterLinkAm: string | null;
}

export function useExtranetKeys(enabled: boolean) {
  return useQuery({
    queryKey: KEYS,
    enabled,
    queryFn: async ({ signal }) => {
      const answer = unwrapResult(await request<{ schluessel: ExtranetKey[] }>({ path: BASE, signal }));
      if (!answer) throw new Error('GET extranet/schluessel answered without a body');
      return answer.schluessel;
    },
  });
}

/**
 * Whether a pasted text is a private key: it is refused here already, so it never leaves the
 * browser (the server refuses it too).
 */
export function looksPrivate(text: string): boolean {
  if (/PRIVATE KEY/.test(text)) return true;
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'd' in parsed;
  } catch {
    return false;
  }
}

export function useAddExtranetKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { schluessel: string; bezeichnung: string }) =>
      unwrapResult(
        await request<{ kid: string }>({ method: 'POST', path: BASE, body: input, cancelPrevious: false }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeExtranetKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (kid: string) =>
      unwrapResult(
        await request<null>({
          method: 'DELETE',
          path: `${BASE}/{kid}`,
          pathParams: { kid },
          cancelPrevious: false,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}
