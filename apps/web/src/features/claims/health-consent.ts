// Whether the signed-in customer has consented to the processing of health data (/einwilligung):
// only the travel claim asks health questions, and only with that consent (the server decides the
// same from its consent record, so both run the same path). GET
// /api/schadenstrecke/einwilligungserklaerung answers the current wording with the customer's state.
import { useQuery } from '@tanstack/react-query';
import type { ConsentState } from '@schirm/domain/consents';
import { request } from '../../lib/api';
import { unwrapResult } from '../../lib/query-client';

export function useHealthConsent(isNeeded: boolean): { isPending: boolean; value: boolean } {
  const query = useQuery({
    queryKey: ['consents', 'gesundheitsdaten'],
    enabled: isNeeded,
    queryFn: async ({ signal }) =>
      unwrapResult(
        await request<{ zustand?: { status: ConsentState } }>({
          path: '/api/schadenstrecke/einwilligungserklaerung',
          signal,
        }),
      ),
  });
  if (!isNeeded) return { isPending: false, value: false };
  // Without an answer the report runs without health questions (the flow then explains the consent).
  return { isPending: query.isPending, value: query.data?.zustand?.status === 'ERTEILT' };
}
