import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { request } from '../../../lib/api';
import { RequestError, requireResultData } from '../../../lib/request-error';
import type { Anschrift } from './stammdaten';

export interface UmzugBody {
  adresse: { strasse: string; hausnummer: string; plz: string; ort: string };
  umzugsdatum: CalendarDate;
}

export interface UmzugBeitrag {
  zahlweise: 'MONATLICH' | 'VIERTELJAEHRLICH' | 'HALBJAEHRLICH' | 'JAEHRLICH' | 'EINMALIG';
  beitragProPeriode: number;
  versicherungsteuerProPeriode: number;
  jahresbeitrag: number;
}

/** What the move does to one running contract. */
export interface UmzugVertrag {
  versicherungsNummer: string;
  versicherungsName: string;
  art: 'AENDERUNG' | 'UNVERAENDERT' | 'NICHT_MOEGLICH';
  grund?: string;
  version: number;
  wirksamkeitsdatum?: CalendarDate;
  bisherigerBeitrag?: UmzugBeitrag;
  beitragOhneUmzug?: UmzugBeitrag;
  neuerBeitrag?: UmzugBeitrag;
  zuersKlasse?: 1 | 2 | 3 | 4;
  elementarEinschliessbar?: boolean;
  beitragSteigt?: boolean;
  sonderkuendigungsrecht?: string;
  ersetzt?: string[];
}

/** The answer of POST (preview) and PATCH (save) /api/partner/partner/{id}/umzug. */
export interface UmzugVorschau {
  partnerNummer: string;
  umzugsdatum: CalendarDate;
  bisherigeAnschrift: Anschrift;
  neueAnschrift: Anschrift;
  vertraege: UmzugVertrag[];
  speicherbar: boolean;
  stand: string;
}

async function umzugCall(
  method: 'POST' | 'PATCH',
  partnerNummer: string,
  body: UmzugBody & { stand?: string },
): Promise<UmzugVorschau> {
  const data = requireResultData(
    await request<UmzugVorschau>({
      method,
      path: '/api/partner/partner/{id}/umzug',
      pathParams: { id: partnerNummer },
      body,
    }),
  );
  if (!data) throw new Error(`${method} /api/partner/partner/{id}/umzug answered without a body`);
  return data;
}

/** Step one: every contract's figures for the move, nothing saved. */
export function usePreviewUmzug(partnerNummer: string) {
  return useMutation({ mutationFn: (body: UmzugBody) => umzugCall('POST', partnerNummer, body) });
}

/** Step two: the address and every affected contract together; master data and contracts are read again. */
export function useSaveUmzug(partnerNummer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, stand }: { body: UmzugBody; stand: string }) =>
      umzugCall('PATCH', partnerNummer, { ...body, stand }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['credentials', 'stammdaten'] }),
        queryClient.invalidateQueries({ queryKey: ['contracts'] }),
      ]);
    },
  });
}

/** What a failed call tells: HTTP status, stable code, the German message and field messages. */
export interface UmzugFailure {
  status: number | 'unknown';
  code?: string;
  message?: string;
  fieldErrors: { path: string; message: string }[];
}

export function umzugFailure(error: unknown): UmzugFailure {
  if (!(error instanceof RequestError)) return { status: 'unknown', fieldErrors: [] };
  const body = error.error as
    | { error?: { code?: string; message?: string; fieldErrors?: { path: string; message: string }[] } }
    | undefined;
  return {
    status: error.errorStatus,
    ...(body?.error?.code ? { code: body.error.code } : {}),
    ...(body?.error?.message ? { message: body.error.message } : {}),
    fieldErrors: body?.error?.fieldErrors ?? [],
  };
}
