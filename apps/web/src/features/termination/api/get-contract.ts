import { useQuery } from '@tanstack/react-query';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/** The contract as GET /api/vertrag/vertrag/:id answers it (the fields this feature reads). */
export type TerminationContract = ContractCustomerView;

async function getContract(versicherungsNummer: string, signal?: AbortSignal): Promise<TerminationContract> {
  const data = unwrapResult(
    await request<TerminationContract>({
      path: '/api/vertrag/vertrag/{id}',
      pathParams: { id: versicherungsNummer },
      signal,
    }),
  );
  if (!data) throw new Error('GET /api/vertrag/vertrag/{id} answered without a body');
  return data;
}

/** The contract to cancel or revoke; shares the cache entry of the contract details. */
export function useTerminationContract(versicherungsNummer: string) {
  return useQuery({
    queryKey: ['contracts', 'details', versicherungsNummer],
    queryFn: ({ signal }) => getContract(versicherungsNummer, signal),
  });
}
