// Calls of the business self-service pages besides the change flow: confirming the annual revenue
// unchanged (POST /api/vertrag/vertrag/jahresumsatz/:id/bestaetigen) and the business type finder
// (GET /api/finder/gewerbeartsuche, public reference data).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductKey } from '@schirm/domain/products/enums';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';
import type { SearchOption } from '../../../ui/forms/searchable-select';

/** The contract's state after the confirmation. */
export interface RevenueConfirmation {
  versicherungsNummer: string;
  version: number;
  /** The confirmed revenue in EUR. */
  jahresumsatz: number;
  /** The day the revenue counts as reported, 'yyyy-MM-dd'. */
  jahresumsatzGemeldetAm: string;
}

/** Confirms the declared revenue unchanged; the contract is read again afterwards. */
export function useConfirmRevenue(versicherungsNummer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const data = unwrapResult(
        await request<RevenueConfirmation>({
          method: 'POST',
          path: '/api/vertrag/vertrag/jahresumsatz/{id}/bestaetigen',
          pathParams: { id: versicherungsNummer },
        }),
      );
      if (!data) throw new Error('POST jahresumsatz/bestaetigen answered without a body');
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contracts'] }),
  });
}

interface BusinessTypeHit {
  id: string;
  name: string;
  insurableOnline: boolean;
}

/**
 * Business types of the product whose name contains the pattern, as options of a search field.
 * Types that can only be insured individually are left out: online they would only be refused.
 */
export async function findBusinessTypes(
  produkt: ProductKey,
  pattern: string,
  signal: AbortSignal,
): Promise<SearchOption[]> {
  const result = await request<BusinessTypeHit[]>({
    path: '/api/finder/gewerbeartsuche',
    query: { produkt, pattern },
    authenticated: false,
    // The main and the secondary field search independently of each other.
    cancelPrevious: false,
    signal,
  });
  if (!result.ok) throw new Error(result.errorMessage);
  if (result.canceled) throw new DOMException(result.errorMessage, 'AbortError');
  return result.data.filter((hit) => hit.insurableOnline).map((hit) => ({ value: hit.id, label: hit.name }));
}
