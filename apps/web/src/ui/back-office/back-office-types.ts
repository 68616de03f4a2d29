import type { ContractSummary } from '@schirm/domain/contract/summary';
import type { TaskStatus, TaskTyp, Zahlweise } from '@schirm/domain/products/enums';

/*
 * The answers both back-office read views get: the agent portal's contract and customer
 * (GET /api/vermittler/vertraege/:nr, GET /api/vermittler/kunden/:nr) and the extranet's view of
 * them (POST /api/extranet/oeffnen/:token), which the server cuts from the same schemas
 * (apps/server/src/modules/agent-customers/routes.ts). Each feature adds what only it gets.
 */

export interface OpenPremium {
  art: 'ERSTBEITRAG' | 'FOLGEBEITRAG';
  faelligAm: string;
  betrag: number;
  ueberfaellig: boolean;
  gemahntAm?: string;
  zahlungsfristBis?: string;
}

export interface BackOfficeTask {
  vertragsnummer: string;
  typ: TaskTyp;
  status: TaskStatus;
  faelligAm: string;
  erledigtAm: string | null;
  erstelltAm: string;
}

export interface PostalAddress {
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
}

/** IBAN masked by the server. */
export interface MaskedBank {
  iban: string;
  kontoinhaber: string;
  bic?: string;
}

export interface PremiumStep {
  gueltigAb: string;
  zahlweise: Zahlweise;
  beitragProPeriode: number;
  jahresbeitrag: number | null;
  grund: 'VERTRAGSABSCHLUSS' | 'VERTRAGSAENDERUNG' | 'UMSATZANPASSUNG' | 'BEITRAGSANPASSUNG';
}

export interface PendingChange {
  typ: string;
  bezeichnung: string;
  wirksamkeitsdatum: string;
  neuerBeitrag?: number;
  zahlweise?: Zahlweise;
}

/** One contract read-only. */
export interface BackOfficeContract extends ContractSummary {
  versicherungsName: string;
  partnerNummer: string;
  kundenName: string;
  zahlweise: Zahlweise;
  bankverbindung?: MaskedBank;
  risikoOrt?: PostalAddress;
  vermittler?: { vermittlerNummer: string; name: string };
  mahnung: boolean;
  offeneBeitraege: OpenPremium[];
  beitragsverlauf: PremiumStep[];
  vorgemerkteAenderungen: PendingChange[];
  aenderungenDurchVermittler: {
    am: string;
    vermittler: string;
    vermittlerNummer: string;
    bezeichnung: string;
    wirksamkeitsdatum: string;
  }[];
  aufgaben: BackOfficeTask[];
}

/** A contract in a customer's list. */
export type BackOfficeContractListItem = ContractSummary & {
  versicherungsName: string;
  mahnung: boolean;
  offeneBeitraege: OpenPremium[];
};

/** One customer read-only, with the contracts of the agency and its sub-agents. */
export interface BackOfficeCustomer {
  partnerNummer: string;
  personArt: 'NatuerlichePersonDTO' | 'JuristischePersonDTO';
  name: string;
  anrede?: string;
  titel?: string;
  geburtsdatum?: string;
  rechtsform?: string;
  email?: string;
  telefon?: string;
  portalZugang: boolean;
  anschrift?: PostalAddress;
  bankverbindung?: MaskedBank;
  vertraege: BackOfficeContractListItem[];
  offeneAufgaben: BackOfficeTask[];
}
