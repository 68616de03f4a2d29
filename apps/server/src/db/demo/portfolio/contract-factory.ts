// Assembles a contract record from a priced product (quotes.ts) and its life-cycle facts. The term
// (main due date, expiry, renewal, daily cancellation) is the product's standard term from the
// domain, so demo contracts follow the same rules as contracts sold in the portal.
import type {
  Bankverbindung,
  Beendigung,
  OffenerBeitrag,
  PendingChange,
} from '@schirm/domain/contract/contract-record';
import { standardLaufzeit } from '@schirm/domain/contract/termination';
import { addDays, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { Marke, Vertragsstatus } from '@schirm/domain/products/enums';
import type { NewContract } from '../../../modules/contracts/repository';
import type { ProductQuote } from './quotes';

/** Creditor identifier for the demo direct debits: the Bundesbank's published test creditor id. */
export const DEMO_GLAEUBIGER_ID = 'DE98ZZZ09999999999';

/** Life-cycle facts of a demo contract. */
export interface ContractFacts {
  versicherungsNummer: string;
  partnerId: string;
  vermittlerNummer?: string;
  marke?: Marke;
  antragsdatum: CalendarDate;
  /** Day the application was accepted; defaults to the application day. */
  abschlussdatum?: CalendarDate;
  vertragsBeginn: CalendarDate;
  status: Vertragsstatus;
  beendigung?: Beendigung;
  bankverbindung?: Bankverbindung;
  /** Day policy and instruction arrived; defaults to two days after conclusion. */
  documentsReceivedOn?: CalendarDate;
  vorgemerkteAenderungen?: PendingChange[];
  offeneBeitraege?: OffenerBeitrag[];
}

/** A contract record of a priced product and its facts, ready for insertContract. */
export function buildContract(quote: ProductQuote, facts: ContractFacts): NewContract {
  const abschlussdatum = facts.abschlussdatum ?? facts.antragsdatum;
  const laufzeit = standardLaufzeit({
    produkt: quote.produkt,
    vertragsBeginn: facts.vertragsBeginn,
    ...(quote.reiseEnde === undefined ? {} : { reiseEnde: quote.reiseEnde }),
  });
  return {
    versicherungsNummer: facts.versicherungsNummer,
    produkt: quote.produkt,
    marke: facts.marke ?? 'SCHIRM',
    status: facts.status,
    partnerId: facts.partnerId,
    ...(facts.vermittlerNummer === undefined ? {} : { vermittlerNummer: facts.vermittlerNummer }),
    deckungsVariante: quote.deckungsVariante,
    antragsdatum: facts.antragsdatum,
    abschlussdatum,
    vertragsBeginn: facts.vertragsBeginn,
    hauptfaelligkeit: laufzeit.hauptfaelligkeit,
    ...(laufzeit.ablaufdatum === undefined ? {} : { ablaufdatum: laufzeit.ablaufdatum }),
    stillschweigendeVerlaengerung: laufzeit.stillschweigendeVerlaengerung,
    taeglichKuendbar: laufzeit.taeglichKuendbar,
    wirksamkeitsdatum: facts.vertragsBeginn,
    documentsReceivedOn: facts.documentsReceivedOn ?? addDays(abschlussdatum, 2),
    instructionsComplete: true,
    zahlweise: quote.zahlweise,
    beitrag: quote.beitrag,
    ...(quote.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: quote.versicherungssummeCents }),
    ...(quote.selbstbeteiligung === undefined ? {} : { selbstbeteiligung: quote.selbstbeteiligung }),
    ...(facts.bankverbindung === undefined ? {} : { bankverbindung: facts.bankverbindung }),
    details: quote.details,
    vorgemerkteAenderungen: facts.vorgemerkteAenderungen ?? [],
    offeneBeitraege: facts.offeneBeitraege ?? [],
    ...(facts.beendigung === undefined ? {} : { beendigung: facts.beendigung }),
  };
}

/** A German IBAN for a bank code and account number, with its check digits (ISO 13616, mod 97). */
export function germanIban(bankleitzahl: string, kontonummer: string): string {
  const bban = `${bankleitzahl}${kontonummer.padStart(10, '0')}`;
  // 'DE' becomes 1314; the check digits are 98 minus the remainder of BBAN + 131400.
  const remainder = BigInt(`${bban}131400`) % 97n;
  return `DE${String(98n - remainder).padStart(2, '0')}${bban}`;
}
