import { useQuery } from '@tanstack/react-query';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { Kuendbar } from '@schirm/domain/products/enums';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/** GET /api/vertrag/vertrag/:id/kuendigungstermine (apps/server/src/modules/contract-termination/routes.ts). */
export interface CancellationOptions {
  versicherungsNummer: string;
  kuendbar: Kuendbar;
  fruehestesDatum?: CalendarDate;
  /** The date to preselect: the earliest ordinary end of an insurance year with notice. */
  vorgeschlagenesDatum?: CalendarDate;
  termine: CalendarDate[];
  spaetestesDatum?: CalendarDate;
  kuendigungHinweis?: string;
  widerrufbar: boolean;
  widerrufBis?: CalendarDate;
  widerrufHinweis?: string;
}

async function getCancellationOptions(
  versicherungsNummer: string,
  signal?: AbortSignal,
): Promise<CancellationOptions> {
  const data = unwrapResult(
    await request<CancellationOptions>({
      path: '/api/vertrag/vertrag/{id}/kuendigungstermine',
      pathParams: { id: versicherungsNummer },
      signal,
    }),
  );
  if (!data) throw new Error('GET kuendigungstermine answered without a body');
  return data;
}

/** What the customer can do with the contract today: cancellation dates, revocation deadline, reasons why not. */
export function useCancellationOptions(versicherungsNummer: string) {
  return useQuery({
    queryKey: ['contracts', 'kuendigungstermine', versicherungsNummer],
    queryFn: ({ signal }) => getCancellationOptions(versicherungsNummer, signal),
  });
}
