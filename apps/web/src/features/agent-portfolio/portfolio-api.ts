import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  PORTFOLIO_PRODUKTE,
  PORTFOLIO_SORTIERUNGEN,
  PORTFOLIO_STATUS,
  portfolioDateiname,
  type PortfolioFormat,
  type PortfolioSortierung,
} from '@schirm/domain/agent/portfolio';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { SummaryProdukt, Vertragsstatus } from '@schirm/domain/products/enums';
import { request } from '../../lib/api';
import { saveFile } from '../../lib/download-file';
import { unwrapResult } from '../../lib/query-client';

/*
 * The Kundenbestand (issue 15, ADR 0030) against apps/server/src/modules/agent-portfolio:
 * GET /api/vermittler/kundenbestand and GET /api/vermittler/vermittler/kundenbestand/download.
 * The filters live in the page's URL query with the API's own parameter names.
 */

export interface PortfolioCustomer {
  partnerNummer: string;
  name: string;
  privat: boolean;
  email: string | null;
  plz: string | null;
  ort: string | null;
  vertraege: number;
  produkte: SummaryProdukt[];
  status: Vertragsstatus[];
  jahresbeitragCents: number;
  ueberfaellig: boolean;
  offeneAufgabe: boolean;
  vermittler: { vermittlerNummer: string; name: string }[];
}

export interface PortfolioPage {
  kunden: PortfolioCustomer[];
  gesamt: number;
  seite: number;
  proSeite: number;
  vermittler: { id: string; vermittlerNummer: string; name: string; agenturName: string; eigene: boolean }[];
}

/** The filters as the page keeps them (and the URL carries them). */
export interface PortfolioFilters {
  suche: string;
  produkt: SummaryProdukt | '';
  status: Vertragsstatus | '';
  untervermittler: string;
  ueberfaellig: boolean;
  offeneAufgabe: boolean;
  sortierung: PortfolioSortierung;
  seite: number;
}

export const PRO_SEITE = 20;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.includes(value as T) ? (value as T) : '';

/** The filters of a URL query; unknown values fall back to 'all'. */
export function filtersFromSearch(params: URLSearchParams): PortfolioFilters {
  const seite = Number(params.get('seite') ?? '1');
  return {
    suche: params.get('suche') ?? '',
    produkt: oneOf(PORTFOLIO_PRODUKTE, params.get('produkt')),
    status: oneOf(PORTFOLIO_STATUS, params.get('status')),
    untervermittler: params.get('untervermittler') ?? '',
    ueberfaellig: params.get('ueberfaellig') === 'true',
    offeneAufgabe: params.get('offeneAufgabe') === 'true',
    sortierung: oneOf(PORTFOLIO_SORTIERUNGEN, params.get('sortierung')) || 'name',
    seite: Number.isInteger(seite) && seite >= 1 ? seite : 1,
  };
}

/** The filters as query parameters: only those that are set (the URL and the API share them). */
export function filterQuery(filters: PortfolioFilters, { withPage = true } = {}): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.suche.trim()) query.suche = filters.suche.trim();
  if (filters.produkt) query.produkt = filters.produkt;
  if (filters.status) query.status = filters.status;
  if (filters.untervermittler) query.untervermittler = filters.untervermittler;
  if (filters.ueberfaellig) query.ueberfaellig = 'true';
  if (filters.offeneAufgabe) query.offeneAufgabe = 'true';
  if (filters.sortierung !== 'name') query.sortierung = filters.sortierung;
  if (withPage && filters.seite > 1) query.seite = String(filters.seite);
  return query;
}

/** Whether anything narrows the list (the empty state then names the filters, not the book). */
export function isFiltered(filters: PortfolioFilters): boolean {
  const { sortierung: _sortierung, seite: _seite, ...narrowing } = filterQuery(filters);
  return Object.keys(narrowing).length > 0;
}

export function usePortfolio(filters: PortfolioFilters) {
  const query = filterQuery(filters);
  return useQuery({
    queryKey: ['agent-portfolio', query],
    queryFn: async ({ signal }): Promise<PortfolioPage> => {
      const data = unwrapResult(
        await request<PortfolioPage>({
          path: '/api/vermittler/kundenbestand',
          query: { ...query, proSeite: String(PRO_SEITE) },
          signal,
        }),
      );
      if (!data) throw new Error('GET kundenbestand answered without a body');
      return data;
    },
    placeholderData: keepPreviousData,
  });
}

/** Fetches the filtered portfolio as a file with the bearer token and saves it. */
export function usePortfolioDownload() {
  return useMutation({
    mutationFn: async ({ filters, format }: { filters: PortfolioFilters; format: PortfolioFormat }) => {
      const blob = unwrapResult(
        await request<Blob>({
          path: '/api/vermittler/vermittler/kundenbestand/download',
          query: { ...filterQuery(filters, { withPage: false }), format },
          responseType: 'blob',
          cancelPrevious: false,
        }),
      );
      if (!blob) throw new Error('GET kundenbestand/download answered without a file');
      saveFile(blob, portfolioDateiname(format, todayInGermany(new Date())));
    },
  });
}
