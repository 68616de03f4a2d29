import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { Vertragsstatus } from '@schirm/domain/products/enums';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/** The receipt both calls answer (apps/server/src/modules/contract-termination/routes.ts). */
export interface TerminationReceipt {
  versicherungsNummer: string;
  vertragsstatus: Vertragsstatus;
  /** "zum" end date: cover runs to the end of the day before. */
  beendigungsdatum: CalendarDate;
  /** ISO timestamp of receipt. */
  eingegangenAm: string;
  dokument: { id: string; name: string; typ: 'default' | 'other'; url: string };
}

export interface RevocationInput {
  versicherungsNummer: string;
  grund: string;
  freitext?: string;
}

export interface CancellationInput extends RevocationInput {
  kuendigungsdatum: CalendarDate;
}

async function endContract(
  path: string,
  { versicherungsNummer, grund, freitext }: RevocationInput,
  query: Record<string, string | undefined>,
): Promise<TerminationReceipt> {
  const data = unwrapResult(
    await request<TerminationReceipt>({
      method: 'DELETE',
      path,
      pathParams: { id: versicherungsNummer, reason: grund },
      query: { ...query, freitext: freitext?.trim() || undefined },
    }),
  );
  if (!data) throw new Error(`DELETE ${path} answered without a receipt`);
  return data;
}

/** DELETE /api/vertrag/vertrag/{id}/widerruf/{reason}?freitext. */
export function revokeContract(input: RevocationInput): Promise<TerminationReceipt> {
  return endContract('/api/vertrag/vertrag/{id}/widerruf/{reason}', input, {});
}

/** DELETE /api/vertrag/vertrag/{id}/kuendigung/{reason}?kuendigungsdatum&freitext. */
export function cancelContract(input: CancellationInput): Promise<TerminationReceipt> {
  return endContract('/api/vertrag/vertrag/{id}/kuendigung/{reason}', input, {
    kuendigungsdatum: input.kuendigungsdatum,
  });
}

// Status, end date, documents and the offered actions of the contract change: every contract
// query (list, details, dates) is refreshed.
function useEndContract<T extends RevocationInput>(call: (input: T) => Promise<TerminationReceipt>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['contracts'] }),
  });
}

export function useRevokeContract() {
  return useEndContract(revokeContract);
}

export function useCancelContract() {
  return useEndContract(cancelContract);
}
