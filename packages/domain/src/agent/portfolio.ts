// The agent's portfolio (Kundenbestand, issue 15, ADR 0030): the filters, sort orders and German
// labels shared by the server (list and download) and the web page. The filters select contracts
// of the agent's scope; the list groups the selected contracts by customer and the download lists
// them one per row, so a customer's count in the list equals their rows in the download.
import type { SummaryProdukt, Vertragsstatus, Zahlweise } from '../products/enums';
import { SUMMARY_PRODUKTE, VERTRAGSSTATUS } from '../products/enums';

export { SUMMARY_PRODUKTE as PORTFOLIO_PRODUKTE, VERTRAGSSTATUS as PORTFOLIO_STATUS };

/** Sort orders of the list; the first is the default. */
export const PORTFOLIO_SORTIERUNGEN = [
  'name',
  'name-absteigend',
  'partnernummer',
  'plz',
  'beitrag-absteigend',
] as const;
export type PortfolioSortierung = (typeof PORTFOLIO_SORTIERUNGEN)[number];

/** Rows per page the list offers; the first is the default. */
export const PORTFOLIO_SEITENGROESSEN = [20, 50, 100] as const;
export const PORTFOLIO_MAX_PRO_SEITE = 100;
/** Longest search text accepted. */
export const PORTFOLIO_SUCHE_MAX = 100;

/** Download formats. */
export const PORTFOLIO_FORMATE = ['xlsx', 'csv'] as const;
export type PortfolioFormat = (typeof PORTFOLIO_FORMATE)[number];

/** German product names as a portfolio shows them (with the generation where two exist). */
export const PORTFOLIO_PRODUKT_LABELS: Readonly<Record<SummaryProdukt, string>> = {
  VH: 'Vermögensschadenhaftpflicht',
  VH_2: 'Vermögensschadenhaftpflicht (neu)',
  SI_ALLGEFAHREN: 'Sachinhalt Allgefahren',
  SI_MEHRGEFAHREN: 'Sachinhalt Mehrgefahren',
  REISE: 'Reise',
  HAUSRAT: 'Hausrat',
  FAHRRAD: 'Fahrrad und E-Bike',
  FAHRRAD_2: 'Fahrrad und E-Bike (neu)',
  PRIVATHAFTPFLICHT: 'Privathaftpflicht',
  TIERHALTERHAFTPFLICHT: 'Tierhalterhaftpflicht',
  BHV_1: 'Betriebshaftpflicht',
  BHV_2: 'Betriebshaftpflicht (neu)',
  KFZ: 'Kfz',
};

/** German contract statuses (the words of the customer's contract list). */
export const PORTFOLIO_STATUS_LABELS: Readonly<Record<Vertragsstatus, string>> = {
  LAUFEND: 'Laufend',
  AUSLAUFEND: 'Läuft aus',
  BEENDET: 'Beendet',
  AUFGEHOBEN: 'Aufgehoben',
  STORNIERT: 'Storniert',
  UNBEKANNT: 'Unbekannt',
};

/** Payment periods as the download writes them. */
export const PORTFOLIO_ZAHLWEISE_LABELS: Readonly<Record<Zahlweise, string>> = {
  MONATLICH: 'monatlich',
  VIERTELJAEHRLICH: 'vierteljährlich',
  HALBJAEHRLICH: 'halbjährlich',
  JAEHRLICH: 'jährlich',
  EINMALIG: 'einmalig',
};

/** What a search text is looked for in, by its shape. */
export type PortfolioSuchart = 'nummer' | 'text';

/**
 * A search of digits only is a number: the start of a contract number, partner number or postcode.
 * Anything else is text: every word must occur in the customer's name or e-mail address.
 */
export function portfolioSuchart(suche: string): PortfolioSuchart {
  return /^\d+$/.test(suche.trim()) ? 'nummer' : 'text';
}

/** The words of a text search, lower case, at most five (more add nothing a person types). */
export function portfolioSuchworte(suche: string): string[] {
  return suche.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
}

/** The download's file name: 'Kundenbestand_26.11.2026.xlsx'. */
export function portfolioDateiname(format: PortfolioFormat, heute: string): string {
  const [year, month, day] = heute.split('-');
  return `Kundenbestand_${day}.${month}.${year}.${format}`;
}
