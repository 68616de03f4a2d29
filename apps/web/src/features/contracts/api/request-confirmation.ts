import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';
import { getOwnPartnerNummer } from './contracts-api';

/** A document as POST confirmation answers it (apps/server/src/modules/contract-termination/routes.ts). */
export interface ConfirmationDocument {
  id: string;
  name: string;
  typ: 'default' | 'other';
  url: string;
}

/** POST /api/vertrag/vertrag/confirmation/{partner}/{contract}: a PDF of the contract as of today. */
export async function requestConfirmation(versicherungsNummer: string): Promise<ConfirmationDocument> {
  const partnerNummer = await getOwnPartnerNummer();
  if (partnerNummer === null) throw new Error('The account has no partner number');
  const data = unwrapResult(
    await request<{ dokument: ConfirmationDocument }>({
      method: 'POST',
      path: '/api/vertrag/vertrag/confirmation/{partner}/{contract}',
      pathParams: { partner: partnerNummer, contract: versicherungsNummer },
    }),
  );
  if (!data) throw new Error('POST confirmation answered without a document');
  return data.dokument;
}

/** Requests the confirmation; the contract's documents then list it too. */
export function useRequestConfirmation(versicherungsNummer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => requestConfirmation(versicherungsNummer),
    onSuccess: () => client.invalidateQueries({ queryKey: ['contracts', 'details', versicherungsNummer] }),
  });
}
