import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { TASK_STATUS, TASK_TYPEN, type TaskStatus, type TaskTyp } from '@schirm/domain/products/enums';
import { request } from '../../lib/api';
import { unwrapResult } from '../../lib/query-client';
import { RequestError, requireResultData } from '../../lib/request-error';

/*
 * Open activities and the relocation service (issue 15, ADR 0033) against
 * apps/server/src/modules/agent-tasks: GET/PATCH /api/vermittler/aktivitaeten and
 * GET/POST/PATCH /api/vermittler/umzugsservice/{partnerNummer}.
 */

/** A task (spec §3 Task) as the agent's list shows it. */
export interface Aufgabe {
  id: string;
  vertragsnummer: string;
  typ: TaskTyp;
  status: TaskStatus;
  faelligAm: CalendarDate;
  erledigtAm: CalendarDate | null;
  erstelltAm: CalendarDate;
  partnerNummer?: string;
  kundenname?: string;
  ueberfaellig: boolean;
}

export interface AufgabenListe {
  aufgaben: Aufgabe[];
  gesamt: number;
  seite: number;
  proSeite: number;
}

/** The filters as the page keeps them in its URL query (the API's own parameter names). */
export interface AufgabenFilter {
  status: TaskStatus | '';
  typ: TaskTyp | '';
  ueberfaellig: boolean;
  seite: number;
}

export const PRO_SEITE = 25;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.includes(value as T) ? (value as T) : '';

/** The filters of a URL query; without one the list shows the open tasks. */
export function filterFromSearch(params: URLSearchParams): AufgabenFilter {
  const seite = Number(params.get('seite') ?? '1');
  const status = params.get('status');
  return {
    status: status === 'alle' ? '' : oneOf(TASK_STATUS, status ?? 'Offen'),
    typ: oneOf(TASK_TYPEN, params.get('typ')),
    ueberfaellig: params.get('ueberfaellig') === 'true',
    seite: Number.isInteger(seite) && seite >= 1 ? seite : 1,
  };
}

/** The filters as URL query (status 'alle' keeps "every status" apart from the default "Offen"). */
export function filterToSearch(filter: AufgabenFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.status !== 'Offen') query.status = filter.status || 'alle';
  if (filter.typ) query.typ = filter.typ;
  if (filter.ueberfaellig) query.ueberfaellig = 'true';
  if (filter.seite > 1) query.seite = String(filter.seite);
  return query;
}

export function isFiltered(filter: AufgabenFilter): boolean {
  return filter.status !== 'Offen' || filter.typ !== '' || filter.ueberfaellig;
}

function apiQuery(filter: AufgabenFilter): Record<string, string> {
  const query: Record<string, string> = { proSeite: String(PRO_SEITE) };
  if (filter.status) query.status = filter.status;
  if (filter.typ) query.typ = filter.typ;
  if (filter.ueberfaellig) query.ueberfaellig = 'true';
  if (filter.seite > 1) query.seite = String(filter.seite);
  return query;
}

const TASKS_KEY = ['agent-tasks'] as const;

export function useAufgaben(filter: AufgabenFilter) {
  const query = apiQuery(filter);
  return useQuery({
    queryKey: [...TASKS_KEY, query],
    queryFn: async ({ signal }): Promise<AufgabenListe> => {
      const data = unwrapResult(
        await request<AufgabenListe>({ path: '/api/vermittler/aktivitaeten', query, signal }),
      );
      if (!data) throw new Error('GET aktivitaeten answered without a body');
      return data;
    },
    placeholderData: keepPreviousData,
  });
}

/** Closes a task as Erledigt or Storniert; the list is read again. */
export function useCloseAufgabe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: 'Erledigt' | 'Storniert' }) => {
      const data = requireResultData(
        await request<Aufgabe>({
          method: 'PATCH',
          path: '/api/vermittler/aktivitaeten/{id}',
          pathParams: { id },
          body: { status },
          cancelPrevious: false,
        }),
      );
      if (!data) throw new Error('PATCH aktivitaeten answered without a body');
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}

export interface Anschrift {
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  gueltigAb?: CalendarDate;
}

export interface UmzugKunde {
  partnerNummer: string;
  kundenname: string;
  anschrift?: Anschrift;
  neueAnschrift?: Anschrift;
  umzug: { fruehestesDatum: CalendarDate; spaetestesDatum: CalendarDate };
}

export interface UmzugBody {
  adresse: { strasse: string; hausnummer: string; plz: string; ort: string };
  umzugsdatum: CalendarDate;
}

export interface UmzugBeitrag {
  zahlweise: 'MONATLICH' | 'VIERTELJAEHRLICH' | 'HALBJAEHRLICH' | 'JAEHRLICH' | 'EINMALIG';
  beitragProPeriode: number;
  jahresbeitrag: number;
}

export interface UmzugVertrag {
  versicherungsNummer: string;
  versicherungsName: string;
  art: 'AENDERUNG' | 'UNVERAENDERT' | 'NICHT_MOEGLICH';
  grund?: string;
  wirksamkeitsdatum?: CalendarDate;
  bisherigerBeitrag?: UmzugBeitrag;
  neuerBeitrag?: UmzugBeitrag;
  bisherigeZuersKlasse?: 1 | 2 | 3 | 4;
  zuersKlasse?: 1 | 2 | 3 | 4;
  elementarEinschliessbar?: boolean;
  beitragSteigt?: boolean;
  sonderkuendigungBis?: CalendarDate;
  ersetzt?: string[];
}

export interface UmzugVorschau {
  partnerNummer: string;
  umzugsdatum: CalendarDate;
  bisherigeAnschrift: Anschrift;
  neueAnschrift: Anschrift;
  vertraege: UmzugVertrag[];
  speicherbar: boolean;
  stand: string;
}

const umzugPath = '/api/vermittler/umzugsservice/{partnerNummer}';

export function useUmzugKunde(partnerNummer: string) {
  return useQuery({
    queryKey: ['agent-relocation', partnerNummer],
    queryFn: async ({ signal }): Promise<UmzugKunde> => {
      const data = unwrapResult(
        await request<UmzugKunde>({ path: umzugPath, pathParams: { partnerNummer }, signal }),
      );
      if (!data) throw new Error('GET umzugsservice answered without a body');
      return data;
    },
  });
}

async function umzugCall(
  method: 'POST' | 'PATCH',
  partnerNummer: string,
  body: UmzugBody & { stand?: string },
): Promise<UmzugVorschau> {
  const data = requireResultData(
    await request<UmzugVorschau>({ method, path: umzugPath, pathParams: { partnerNummer }, body }),
  );
  if (!data) throw new Error(`${method} umzugsservice answered without a body`);
  return data;
}

export function usePreviewUmzug(partnerNummer: string) {
  return useMutation({ mutationFn: (body: UmzugBody) => umzugCall('POST', partnerNummer, body) });
}

export function useSaveUmzug(partnerNummer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, stand }: { body: UmzugBody; stand: string }) =>
      umzugCall('PATCH', partnerNummer, { ...body, stand }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agent-relocation', partnerNummer] }),
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
