// The BHV tariff change as rules on a contract (ADR 0035): which contracts may change (a running
// BHV_1 without a declared end), which change dates are allowed (from tomorrow, and not before the
// contract starts, up to its next main due date), the new premium in BHV_2 with the old contract's
// business, revenue, variant and deductible, the premiums compared for every payment period (19 %
// insurance tax), and the new contract record: it begins on the change date, the old one ends
// "zum" that date, i.e. at 24:00 of the day before (ADR 0003) – no gap and no overlap.
import type { ContractRecord } from '@schirm/domain/contract/contract-record';
import { nextMainDueDate } from '@schirm/domain/contract/main-due-date';
import { standardLaufzeit } from '@schirm/domain/contract/termination';
import {
  addDays,
  compareDates,
  maxDate,
  minDate,
  type CalendarDate,
} from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { BHV_VARIANTEN, bhvDeckungsVarianten, type BhvVariante } from '@schirm/domain/products/bhv/catalogue';
import { priceBhv } from '@schirm/domain/products/bhv/tariff';
import { premiumsForAllPeriods, type PeriodPremium } from '@schirm/domain/products/common/pricing';
import type { PricingZahlweise, Selbstbeteiligung } from '@schirm/domain/products/enums';
import { unprocessable } from '../../platform/errors';
import type { NewContract } from '../contracts/repository';
import { TRANSFER_ERRORS } from './texts';

/** One payment period compared: the gross premium per period before and after, with the new split. */
export interface ComparedPeriod {
  zahlweise: PricingZahlweise;
  altBruttoCents: number;
  neuNettoCents: number;
  neuVersicherungsteuerCents: number;
  neuBruttoCents: number;
  /** New minus old gross premium per period (negative: cheaper). */
  differenzCents: number;
  altJahresbruttoCents: number;
  neuJahresbruttoCents: number;
}

export interface TariffChangeOffer {
  wechselDatum: CalendarDate;
  /** The old contract is insured up to the end of this day (24:00). */
  altEndetMitAblaufDes: CalendarDate;
  fruehestesDatum: CalendarDate;
  spaetestesDatum: CalendarDate;
  variante: BhvVariante;
  varianteName: string;
  versicherungssummeCents: number;
  selbstbeteiligung: Selbstbeteiligung;
  zahlweise: ContractRecord['zahlweise'];
  vergleich: ComparedPeriod[];
  /** The premium of the new contract in its (the old) payment period. */
  neu: PeriodPremium;
}

type BhvDetails = Extract<ContractRecord['details'], { produktKey: 'BHV' }>;

function bhvDetailsOf(contract: ContractRecord): BhvDetails | undefined {
  return contract.details.produktKey === 'BHV' ? (contract.details as BhvDetails) : undefined;
}

/** Whether the contract may change into the new generation (a running BHV_1 without a declared end). */
export function isTariffChangeable(contract: ContractRecord): boolean {
  return contract.produkt === 'BHV_1' && contract.status === 'LAUFEND' && contract.beendigung === undefined;
}

/** The allowed change dates: from tomorrow (not before the start) to the next main due date. */
export function changeWindow(
  contract: ContractRecord,
  today: CalendarDate,
): { earliest: CalendarDate; latest: CalendarDate } {
  const earliest = maxDate(addDays(today, 1), contract.vertragsBeginn);
  let latest = nextMainDueDate(contract.hauptfaelligkeit, maxDate(today, contract.vertragsBeginn));
  if (contract.ablaufdatum !== undefined && !contract.stillschweigendeVerlaengerung) {
    latest = minDate(latest, contract.ablaufdatum);
  }
  return { earliest, latest: maxDate(latest, earliest) };
}

function refused(message: string, userMessage: string, code = 'TARIFF_CHANGE_NOT_OFFERED'): Error {
  return unprocessable(message, { code, userMessage });
}

/**
 * The offer for one contract on one day: the change date (the given one, or the next main due date)
 * checked against the window, and the premiums old and new for every payment period.
 */
export function tariffChangeOffer(
  contract: ContractRecord,
  today: CalendarDate,
  requested?: CalendarDate,
): TariffChangeOffer {
  const details = bhvDetailsOf(contract);
  if (!isTariffChangeable(contract) || !details) {
    throw refused(`Contract ${contract.versicherungsNummer} is no running BHV_1`, TRANSFER_ERRORS.notBhv1);
  }
  const { earliest, latest } = changeWindow(contract, today);
  const wechselDatum = requested ?? latest;
  if (compareDates(wechselDatum, earliest) < 0 || compareDates(wechselDatum, latest) > 0) {
    throw refused(
      `Change date ${wechselDatum} outside ${earliest}..${latest}`,
      TRANSFER_ERRORS.wechselDatum(formatDate(earliest), formatDate(latest)),
      'TARIFF_CHANGE_DATE',
    );
  }
  const variante: BhvVariante = (BHV_VARIANTEN as readonly string[]).includes(contract.deckungsVariante ?? '')
    ? (contract.deckungsVariante as BhvVariante)
    : 'BHV_BASIS';
  const selbstbeteiligung: Selbstbeteiligung =
    contract.selbstbeteiligung?.einheit === 'ABSOLUT' ? contract.selbstbeteiligung.option : 'SB_KEINE';
  const priced = priceBhv(
    {
      generation: 'BHV_2',
      hauptgewerbe: details.versicherteGewerbe.hauptgewerbe,
      nebengewerbe: [...details.versicherteGewerbe.nebengewerbe],
      jahresumsatzCents: details.jahresumsatz.value,
      variante,
      selbstbeteiligung,
      risikofragen: {},
    },
    { today },
  );
  if (priced.kind === 'uninsurable') {
    throw refused(`BHV_2 refuses ${contract.versicherungsNummer}: ${priced.code}`, priced.reason);
  }
  const quoted = priced.variants[0];
  const deckung = bhvDeckungsVarianten('BHV_2').find((v) => v.deckungsVarianteIdentifier === variante);
  if (!quoted || !deckung) throw new Error(`BHV_2 priced no ${variante}`);
  const old = premiumsForAllPeriods(contract.beitrag.nettoJahresbeitragCents);
  const vergleich = quoted.premiums.map((premium): ComparedPeriod => {
    const before = old.find((p) => p.zahlweise === premium.zahlweise);
    if (!before) throw new Error(`No old premium for ${premium.zahlweise}`);
    return {
      zahlweise: premium.zahlweise as PricingZahlweise,
      altBruttoCents: before.grossCents,
      neuNettoCents: premium.netCents,
      neuVersicherungsteuerCents: premium.taxCents,
      neuBruttoCents: premium.grossCents,
      differenzCents: premium.grossCents - before.grossCents,
      altJahresbruttoCents: before.grossAnnualCents,
      neuJahresbruttoCents: premium.grossAnnualCents,
    };
  });
  const neu = quoted.premiums.find((p) => p.zahlweise === contract.zahlweise);
  if (!neu) throw new Error(`BHV_2 has no premium for ${contract.zahlweise}`);
  return {
    wechselDatum,
    altEndetMitAblaufDes: addDays(wechselDatum, -1),
    fruehestesDatum: earliest,
    spaetestesDatum: latest,
    variante,
    varianteName: deckung.deckungsVarianteName,
    versicherungssummeCents: deckung.versicherungssumme,
    selbstbeteiligung,
    zahlweise: contract.zahlweise,
    vergleich,
    neu,
  };
}

/**
 * The new BHV_2 contract: same holder, agent, brand, business data, payment period and account;
 * it begins on the change date with the product's standard term.
 */
export function newGenerationContract(
  old: ContractRecord,
  offer: TariffChangeOffer,
  { versicherungsNummer, today }: { versicherungsNummer: string; today: CalendarDate },
): NewContract {
  const laufzeit = standardLaufzeit({ produkt: 'BHV_2', vertragsBeginn: offer.wechselDatum });
  return {
    versicherungsNummer,
    produkt: 'BHV_2',
    marke: old.marke,
    status: 'LAUFEND',
    partnerId: old.partnerId,
    ...(old.vermittlerNummer === undefined ? {} : { vermittlerNummer: old.vermittlerNummer }),
    deckungsVariante: offer.variante,
    antragsdatum: today,
    abschlussdatum: today,
    vertragsBeginn: offer.wechselDatum,
    hauptfaelligkeit: laufzeit.hauptfaelligkeit,
    ...(laufzeit.ablaufdatum === undefined ? {} : { ablaufdatum: laufzeit.ablaufdatum }),
    stillschweigendeVerlaengerung: laufzeit.stillschweigendeVerlaengerung,
    taeglichKuendbar: laufzeit.taeglichKuendbar,
    wirksamkeitsdatum: offer.wechselDatum,
    documentsReceivedOn: today,
    instructionsComplete: true,
    zahlweise: old.zahlweise,
    beitrag: {
      nettoJahresbeitragCents: offer.neu.netAnnualCents,
      bruttoBeitragProPeriodeCents: offer.neu.grossCents,
    },
    versicherungssummeCents: offer.versicherungssummeCents,
    selbstbeteiligung: { einheit: 'ABSOLUT', option: offer.selbstbeteiligung },
    ...(old.bankverbindung === undefined ? {} : { bankverbindung: old.bankverbindung }),
    details: old.details,
    vorgemerkteAenderungen: [],
    offeneBeitraege: [],
  };
}
