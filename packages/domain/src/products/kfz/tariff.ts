// KFZ pricing (tariff 2026-01): rating inputs, the pure rating and price functions. The premium of
// each part (KH, TK, VK) is the base premium times the industry's rating factors (type class,
// regional class, no-claims class, mileage, drivers, use, garage, deductible), rounded once; a
// variant is the sum of its parts. docs/tariffs/kfz.md explains the rule with worked examples.
import { z } from 'zod';
import { addYears, isCalendarDate, todayInGermany } from '../../dates/calendar-date';
import type { CalendarDate } from '../../dates/calendar-date';
import { formatGermanNumber } from '../../format/number';
import { premiumsForAllPeriods, uninsurable, withMinimumPremium } from '../common/pricing';
import type { PricingResult, Uninsurable, VariantQuote } from '../common/pricing';
import { JA_NEIN, PRICING_ZAHLWEISEN } from '../enums';
import type { PricingZahlweise } from '../enums';
import {
  KFZ_DECKUNGSVARIANTEN,
  KFZ_SELBSTBETEILIGUNGEN_TEILKASKO,
  KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO,
  KFZ_TEILKASKO_SB_IN_VOLLKASKO,
  KFZ_VARIANTEN,
} from './catalogue';
import type {
  KfzDeckungsVariante,
  KfzSelbstbeteiligungTeilkasko,
  KfzSelbstbeteiligungVollkasko,
  KfzSparte,
  KfzVariante,
} from './catalogue';
import { findRegion, findVehicle } from './class-table';
import type { KfzClassTable, KfzFahrzeug, KfzRegion } from './class-table';
import {
  FAHRERALTER_STUFEN,
  FAHRERKREIS_FAKTOR_BP,
  FAHRERKREISE,
  FAHRLEISTUNG_STUFEN,
  GARAGE_FAKTOR_BP,
  GRUNDBEITRAG_CENTS,
  KFZ_NUTZUNGEN,
  klassenFaktorBp,
  MAX_FAHRLEISTUNG_KM,
  MAX_FAHRZEUGALTER_JAHRE,
  MAX_FAHRZEUGALTER_VOLLKASKO_JAHRE,
  MIN_FAHRERALTER,
  MINIMUM_PREMIUM_CENTS,
  NUTZUNG_FAKTOR_BP,
  REGIONALKLASSEN,
  SB_TEILKASKO_FAKTOR_BP,
  SB_VOLLKASKO_FAKTOR_BP,
  SF_BEITRAGSSATZ_BP,
  SF_KLASSEN,
  TARIFF_VERSION,
  TYPKLASSEN,
} from './tariff-data';
import type { SfKlasseVollkasko } from './tariff-data';

// The names callers of the tariff need, from one module.
export {
  findRegion,
  findVehicle,
  KfzClassTableError,
  parseKfzClassTable,
  vehiclesOfHsn,
} from './class-table';
export type { KfzClassTable, KfzFahrzeug, KfzKlassen, KfzRegion } from './class-table';
export { DEFAULT_KFZ_CLASS_TABLE, SYNTHETIC_KFZ_CLASSES_CSV } from './class-table-synthetic';
export { createEvbNumber, EVB_ALPHABET, EVB_LENGTH, isEvbNumber, normaliseEvbNumber } from './evb';
export type { RandomInt } from './evb';
export { FAHRERKREISE, FAHRLEISTUNG_STUFEN, KFZ_NUTZUNGEN, SF_KLASSEN, TARIFF_VERSION } from './tariff-data';
export type { Fahrerkreis, KfzNutzung, SfKlasse, SfKlasseVollkasko } from './tariff-data';

/** Largest mileage the schema accepts; the online limit (50.000 km) is the tariff's. */
const FAHRLEISTUNG_SCHEMA_MAX_KM = 200_000;

const calendarDateSchema = z
  .string({ error: 'Bitte geben Sie das Datum der Erstzulassung an.' })
  .refine(isCalendarDate, { error: 'Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.' });

const plzSchema = z
  .string({ error: 'Bitte geben Sie die Postleitzahl des Halters an.' })
  .regex(/^(?!00)\d{5}$/, { error: 'Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.' });

/** Rating inputs of the KFZ tariff (request body of `POST /api/taa/kfz/tarifieren`). */
export const kfzRatingInputSchema = z.object({
  /** Herstellerschlüsselnummer, field 2.1 of the registration certificate part I. */
  hsn: z
    .string({ error: 'Bitte geben Sie die Herstellerschlüsselnummer (HSN) an.' })
    .trim()
    .regex(/^\d{4}$/, {
      error: 'Die HSN besteht aus 4 Ziffern (Feld 2.1 der Zulassungsbescheinigung Teil I).',
    }),
  /** Typschlüsselnummer: the first 3 characters of field 2.2. */
  tsn: z
    .string({ error: 'Bitte geben Sie die Typschlüsselnummer (TSN) an.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{3}$/, {
      error:
        'Bitte geben Sie die ersten 3 Zeichen der TSN an, Buchstaben oder Ziffern (Feld 2.2 der Zulassungsbescheinigung Teil I).',
    }),
  erstzulassung: calendarDateSchema,
  nutzung: z.enum(KFZ_NUTZUNGEN, { error: 'Bitte wählen Sie, wie das Fahrzeug genutzt wird.' }),
  jaehrlicheFahrleistungKm: z
    .int({ error: 'Bitte geben Sie die jährliche Fahrleistung in ganzen Kilometern an.' })
    .min(1_000, { error: 'Die jährliche Fahrleistung beträgt mindestens 1.000 km.' })
    .max(FAHRLEISTUNG_SCHEMA_MAX_KM, { error: 'Die jährliche Fahrleistung ist unplausibel hoch.' }),
  fahrerkreis: z.enum(FAHRERKREISE, { error: 'Bitte wählen Sie, wer das Fahrzeug fährt.' }),
  juengsterFahrerAlter: z
    .int({ error: 'Bitte geben Sie das Alter des jüngsten Fahrers in ganzen Jahren an.' })
    .min(16, { error: 'Fahrer sind mindestens 16 Jahre alt.' })
    .max(110, { error: 'Das Alter des jüngsten Fahrers ist unplausibel hoch.' }),
  sfKlasseHaftpflicht: z.enum(SF_KLASSEN, {
    error: 'Bitte wählen Sie die SF-Klasse der Haftpflicht (M, 0, S, 1/2 oder 1 bis 35).',
  }),
  /** Without it the Vollkasko is rated in the liability class (S becomes 0). */
  sfKlasseVollkasko: z
    .enum(SF_KLASSEN, { error: 'Bitte wählen Sie die SF-Klasse der Vollkasko (M, 0, 1/2 oder 1 bis 35).' })
    .exclude(['S'], { error: 'Bitte wählen Sie die SF-Klasse der Vollkasko (M, 0, 1/2 oder 1 bis 35).' })
    .optional(),
  garage: z.enum(JA_NEIN, { error: 'Bitte geben Sie an, ob das Fahrzeug nachts in einer Garage steht.' }),
  plz: plzSchema,
  selbstbeteiligungTeilkasko: z
    .enum(KFZ_SELBSTBETEILIGUNGEN_TEILKASKO, {
      error: 'Bitte wählen Sie eine angebotene Selbstbeteiligung für die Teilkasko.',
    })
    .default('SB_150'),
  selbstbeteiligungVollkasko: z
    .enum(KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO, {
      error: 'Bitte wählen Sie eine angebotene Selbstbeteiligung für die Vollkasko.',
    })
    .default('SB_500'),
  variante: z.enum(KFZ_VARIANTEN, { error: 'Bitte wählen Sie eine Deckung.' }).optional(),
  zahlweise: z.enum(PRICING_ZAHLWEISEN, { error: 'Bitte wählen Sie eine Zahlweise.' }).optional(),
});
export type KfzRatingInput = z.output<typeof kfzRatingInputSchema>;

/** Options of the KFZ price function. */
export interface KfzPricingOptions {
  /** The day that decides the vehicle's age (default: today in Germany). */
  today?: CalendarDate;
  /** The class table: the operator's file or DEFAULT_KFZ_CLASS_TABLE. */
  classes: KfzClassTable;
}

/** One rating factor of a part, named as the policy shows it. */
export interface KfzFaktor {
  /** Stable key, e.g. 'TYPKLASSE'. */
  key:
    | 'TYPKLASSE'
    | 'REGIONALKLASSE'
    | 'SF_KLASSE'
    | 'FAHRLEISTUNG'
    | 'FAHRERKREIS'
    | 'FAHRERALTER'
    | 'NUTZUNG'
    | 'GARAGE'
    | 'SELBSTBETEILIGUNG';
  /** German label with the class or band, e.g. 'Typklasse 16'. */
  label: string;
  bp: number;
}

/** The premium of one part (Sparte) of a variant. */
export interface KfzPartRating {
  sparte: KfzSparte;
  grundbeitragCents: number;
  faktoren: KfzFaktor[];
  /** Base premium × every factor, rounded once to cents. */
  netAnnualCents: number;
}

/** A rated variant: its parts and the net annual premium (sum of the parts, at least the minimum). */
export interface KfzVariantRating {
  variant: KfzVariante;
  name: string;
  parts: KfzPartRating[];
  netAnnualCents: number;
}

/** The full rating: what the tariff found in the class table and every variant's parts. */
export interface KfzRating {
  kind: 'rating';
  fahrzeug: KfzFahrzeug;
  region: KfzRegion;
  variants: KfzVariantRating[];
}

const BP = 10_000n;

/** base × Π(factor bp ÷ 10 000), rounded half up once; exact in BigInt (up to ten factors). */
function applyFactors(baseCents: number, faktoren: readonly KfzFaktor[]): number {
  let numerator = BigInt(baseCents);
  let denominator = 1n;
  for (const faktor of faktoren) {
    numerator *= BigInt(faktor.bp);
    denominator *= BP;
  }
  return Number((numerator * 2n + denominator) / (2n * denominator));
}

function fahrleistungFaktor(km: number): KfzFaktor {
  const stufe = FAHRLEISTUNG_STUFEN.find((candidate) => km <= candidate.bisKm);
  // eligibility() refused everything above the last band before we get here.
  if (!stufe) throw new RangeError(`No mileage band for ${km} km`);
  return {
    key: 'FAHRLEISTUNG',
    label: `Fahrleistung bis ${formatGermanNumber(stufe.bisKm)} km`,
    bp: stufe.faktorBp,
  };
}

function fahreralterFaktor(alter: number): KfzFaktor {
  let stufe = FAHRERALTER_STUFEN[0];
  for (const candidate of FAHRERALTER_STUFEN) if (alter >= candidate.abAlter) stufe = candidate;
  if (!stufe || alter < stufe.abAlter) throw new RangeError(`No driver age band for ${alter}`);
  return { key: 'FAHRERALTER', label: `Jüngster Fahrer ${alter} Jahre`, bp: stufe.faktorBp };
}

const FAHRERKREIS_LABEL = {
  NUR_VN: 'Fahrer: nur Versicherungsnehmer',
  VN_PARTNER: 'Fahrer: Versicherungsnehmer und Partner',
  BELIEBIG: 'Fahrer: beliebig',
} as const;

const NUTZUNG_LABEL = { PRIVAT: 'Nutzung privat', GESCHAEFTLICH: 'Nutzung geschäftlich' } as const;

/** Deductible amounts as the policy names them. */
const SB_BETRAG: Record<KfzSelbstbeteiligungTeilkasko | KfzSelbstbeteiligungVollkasko, string> = {
  SB_KEINE: '0 EUR',
  SB_150: '150 EUR',
  SB_300: '300 EUR',
  SB_500: '500 EUR',
  SB_1000: '1.000 EUR',
};

/** The Vollkasko SF class: the chosen one, or the liability class (S has no VK rate: 0). */
export function sfKlasseVollkaskoFor(input: KfzRatingInput): SfKlasseVollkasko {
  if (input.sfKlasseVollkasko) return input.sfKlasseVollkasko;
  return input.sfKlasseHaftpflicht === 'S' ? '0' : input.sfKlasseHaftpflicht;
}

function sfLabel(klasse: string): string {
  return klasse === 'M' || klasse === 'S' ? `Klasse ${klasse}` : `SF ${klasse}`;
}

function ratePart(
  sparte: KfzSparte,
  input: KfzRatingInput,
  fahrzeug: KfzFahrzeug,
  region: KfzRegion,
): KfzPartRating {
  const typklasse = fahrzeug.typklassen[sparte];
  const regionalklasse = region.regionalklassen[sparte];
  const faktoren: KfzFaktor[] = [
    { key: 'TYPKLASSE', label: `Typklasse ${typklasse}`, bp: klassenFaktorBp(TYPKLASSEN[sparte], typklasse) },
    {
      key: 'REGIONALKLASSE',
      label: `Regionalklasse ${regionalklasse}`,
      bp: klassenFaktorBp(REGIONALKLASSEN[sparte], regionalklasse),
    },
  ];
  // The no-claims scale exists in KH and VK only: Teilkasko claims do not depend on the driver.
  if (sparte === 'KH') {
    const klasse = input.sfKlasseHaftpflicht;
    faktoren.push({ key: 'SF_KLASSE', label: sfLabel(klasse), bp: SF_BEITRAGSSATZ_BP.KH[klasse] });
  } else if (sparte === 'VK') {
    const klasse = sfKlasseVollkaskoFor(input);
    faktoren.push({ key: 'SF_KLASSE', label: sfLabel(klasse), bp: SF_BEITRAGSSATZ_BP.VK[klasse] });
  }
  faktoren.push(fahrleistungFaktor(input.jaehrlicheFahrleistungKm));
  // Driving risk (who drives, how old, what for) weighs on the parts that pay for accidents.
  if (sparte === 'KH' || sparte === 'VK') {
    faktoren.push(
      {
        key: 'FAHRERKREIS',
        label: FAHRERKREIS_LABEL[input.fahrerkreis],
        bp: FAHRERKREIS_FAKTOR_BP[input.fahrerkreis],
      },
      fahreralterFaktor(input.juengsterFahrerAlter),
      { key: 'NUTZUNG', label: NUTZUNG_LABEL[input.nutzung], bp: NUTZUNG_FAKTOR_BP[input.nutzung] },
    );
  }
  // Parking risk (theft, hail, marten, vandalism) weighs on the own-damage parts.
  if (sparte === 'TK' || sparte === 'VK') {
    faktoren.push({
      key: 'GARAGE',
      label: input.garage === 'JA' ? 'Garage' : 'ohne Garage',
      bp: GARAGE_FAKTOR_BP[input.garage],
    });
  }
  if (sparte === 'TK') {
    const sb = input.selbstbeteiligungTeilkasko;
    faktoren.push({
      key: 'SELBSTBETEILIGUNG',
      label: sb === 'SB_KEINE' ? 'ohne Selbstbeteiligung' : `Selbstbeteiligung ${SB_BETRAG[sb]}`,
      bp: SB_TEILKASKO_FAKTOR_BP[sb],
    });
  } else if (sparte === 'VK') {
    const sb = input.selbstbeteiligungVollkasko;
    faktoren.push({
      key: 'SELBSTBETEILIGUNG',
      label: `Selbstbeteiligung ${SB_BETRAG[sb]}, bei Teilkasko-Schäden ${SB_BETRAG[KFZ_TEILKASKO_SB_IN_VOLLKASKO]}`,
      bp: SB_VOLLKASKO_FAKTOR_BP[sb],
    });
  }
  const grundbeitragCents = GRUNDBEITRAG_CENTS[sparte];
  return { sparte, grundbeitragCents, faktoren, netAnnualCents: applyFactors(grundbeitragCents, faktoren) };
}

function rateVariant(
  variante: KfzDeckungsVariante,
  input: KfzRatingInput,
  fahrzeug: KfzFahrzeug,
  region: KfzRegion,
): KfzVariantRating {
  const parts = variante.sparten.map((sparte) => ratePart(sparte, input, fahrzeug, region));
  const sum = parts.reduce((total, part) => total + part.netAnnualCents, 0);
  return {
    variant: variante.deckungsVarianteIdentifier,
    name: variante.deckungsVarianteName,
    parts,
    netAnnualCents: withMinimumPremium(sum, MINIMUM_PREMIUM_CENTS),
  };
}

/** Whether a Vollkasko can be offered for a vehicle first registered on this day. */
export function isVollkaskoMoeglich(erstzulassung: CalendarDate, today: CalendarDate): boolean {
  return erstzulassung >= addYears(today, -MAX_FAHRZEUGALTER_VOLLKASKO_JAHRE);
}

function eligibility(
  input: KfzRatingInput,
  today: CalendarDate,
  classes: KfzClassTable,
): Uninsurable | { fahrzeug: KfzFahrzeug; region: KfzRegion } {
  if (input.erstzulassung > today) {
    return uninsurable(
      'KFZ_ERSTZULASSUNG_IN_ZUKUNFT',
      'Das Datum der Erstzulassung darf nicht in der Zukunft liegen.',
    );
  }
  if (input.erstzulassung < addYears(today, -MAX_FAHRZEUGALTER_JAHRE)) {
    return uninsurable(
      'KFZ_OLDTIMER',
      `Fahrzeuge, deren Erstzulassung mehr als ${MAX_FAHRZEUGALTER_JAHRE} Jahre zurückliegt, können wir online leider nicht versichern. Für Oldtimer beraten wir Sie gern persönlich.`,
    );
  }
  const fahrzeug = findVehicle(input.hsn, input.tsn, classes);
  if (!fahrzeug) {
    return uninsurable(
      'KFZ_FAHRZEUG_UNBEKANNT',
      `Zu HSN ${input.hsn} und TSN ${input.tsn} kennen wir kein Fahrzeug. Bitte prüfen Sie die Felder 2.1 und 2.2 Ihrer Zulassungsbescheinigung Teil I.`,
    );
  }
  const region = findRegion(input.plz, classes);
  if (!region) {
    return uninsurable(
      'KFZ_REGION_UNBEKANNT',
      `Für die Postleitzahl ${input.plz} liegt uns keine Regionalklasse vor. Bitte prüfen Sie die Postleitzahl.`,
    );
  }
  if (input.juengsterFahrerAlter < MIN_FAHRERALTER) {
    return uninsurable(
      'KFZ_FAHRER_UNTER_18',
      `Alle Fahrer müssen mindestens ${MIN_FAHRERALTER} Jahre alt sein. Begleitetes Fahren ab 17 können wir online leider nicht versichern.`,
    );
  }
  if (input.jaehrlicheFahrleistungKm > MAX_FAHRLEISTUNG_KM) {
    return uninsurable(
      'KFZ_FAHRLEISTUNG_UEBER_LIMIT',
      `Fahrzeuge mit mehr als ${formatGermanNumber(MAX_FAHRLEISTUNG_KM)} km im Jahr können wir online leider nicht versichern.`,
    );
  }
  if (input.variante === 'KFZ_VOLLKASKO' && !isVollkaskoMoeglich(input.erstzulassung, today)) {
    return uninsurable(
      'KFZ_VOLLKASKO_FAHRZEUG_ZU_ALT',
      `Eine Vollkasko bieten wir für Fahrzeuge an, deren Erstzulassung höchstens ${MAX_FAHRZEUGALTER_VOLLKASKO_JAHRE} Jahre zurückliegt. Für Ihr Fahrzeug ist die Teilkasko möglich.`,
    );
  }
  return { fahrzeug, region };
}

/**
 * Rates a vehicle: every variant (or the chosen one) with the premium of each part and its factors,
 * for the price display and the policy's premium breakdown. Without a chosen variant, the Vollkasko
 * is left out for vehicles older than 12 years. The input must have passed `kfzRatingInputSchema`.
 */
export function rateKfz(input: KfzRatingInput, options: KfzPricingOptions): KfzRating | Uninsurable {
  const today = options.today ?? todayInGermany();
  const found = eligibility(input, today, options.classes);
  if ('kind' in found) return found;
  const vollkasko = isVollkaskoMoeglich(input.erstzulassung, today);
  const variants = KFZ_DECKUNGSVARIANTEN.filter((variante) =>
    input.variante
      ? variante.deckungsVarianteIdentifier === input.variante
      : vollkasko || variante.deckungsVarianteIdentifier !== 'KFZ_VOLLKASKO',
  ).map((variante) => rateVariant(variante, input, found.fahrzeug, found.region));
  return { kind: 'rating', fahrzeug: found.fahrzeug, region: found.region, variants };
}

/**
 * Prices a vehicle for every variant (or the chosen one) and payment period, in the shape all
 * products share. Pure; the input must have passed `kfzRatingInputSchema`.
 */
export function priceKfz(input: KfzRatingInput, options: KfzPricingOptions): PricingResult {
  const rating = rateKfz(input, options);
  if (rating.kind === 'uninsurable') return rating;
  const zahlweisen: readonly PricingZahlweise[] | undefined = input.zahlweise ? [input.zahlweise] : undefined;
  const variants: VariantQuote[] = rating.variants.map((variant) => ({
    variant: variant.variant,
    name: variant.name,
    versicherungssummeCents:
      KFZ_DECKUNGSVARIANTEN.find((candidate) => candidate.deckungsVarianteIdentifier === variant.variant)
        ?.versicherungssumme ?? 0,
    premiums: premiumsForAllPeriods(variant.netAnnualCents, zahlweisen),
  }));
  return { kind: 'quote', product: 'KFZ', tariffVersion: TARIFF_VERSION, variants };
}
