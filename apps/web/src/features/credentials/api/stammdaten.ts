import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/** A postal address with the day it applies from. */
export interface Anschrift {
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  land: string;
  gueltigAb: CalendarDate;
}

/** The partner's master data (GET /api/partner/partner/{partnerNummer}, docs/api/partner.md). */
export interface Stammdaten {
  partnerNummer: string;
  personArt: 'NatuerlichePersonDTO' | 'JuristischePersonDTO';
  anrede?: string;
  titel?: string;
  vorname?: string;
  nachname?: string;
  geburtsdatum?: CalendarDate;
  firmenname?: string;
  rechtsform?: string;
  gruendungsdatum?: CalendarDate;
  email?: string;
  telefon?: string;
  anschrift?: Anschrift;
  /** A move already reported: the address from a later day. */
  neueAnschrift?: Anschrift;
  /** The days a move can be reported for today. */
  umzug: { fruehestesDatum: CalendarDate; spaetestesDatum: CalendarDate };
}

export async function getStammdaten(partnerNummer: string, signal?: AbortSignal): Promise<Stammdaten> {
  const data = unwrapResult(
    await request<Stammdaten>({
      path: '/api/partner/partner/{id}',
      pathParams: { id: partnerNummer },
      signal,
    }),
  );
  if (!data) throw new Error('GET /api/partner/partner/{id} answered without a body');
  return data;
}

export const stammdatenQueryKey = (partnerNummer: string) =>
  ['credentials', 'stammdaten', partnerNummer] as const;

export function useStammdaten(partnerNummer: string | null | undefined) {
  return useQuery(
    queryOptions({
      queryKey: stammdatenQueryKey(partnerNummer ?? ''),
      queryFn: ({ signal }) => getStammdaten(partnerNummer ?? '', signal),
      enabled: Boolean(partnerNummer),
      staleTime: 0,
    }),
  );
}
