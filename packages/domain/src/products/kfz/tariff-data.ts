// KFZ tariff 2026-01 as data: base premiums in cents per year, every factor in basis points
// (10 000 bp = 100 %). The class tables (Typ- und Regionalklassen) are not here: they are operator
// data (class-table.ts). docs/tariffs/kfz.md explains every figure.
import type { KfzSelbstbeteiligungTeilkasko, KfzSelbstbeteiligungVollkasko, KfzSparte } from './catalogue';

/** Version of the KFZ tariff; stored with every quote and contract premium. */
export const TARIFF_VERSION = '2026-01';

/**
 * Base premium (Grundbeitrag, the "100 %" premium) per part and year, net. Chosen so that a middle
 * car (type and regional class factor 1,0) in SF 10, 12.000 km, one driver aged 40 costs about
 * 280 EUR KH and 340 EUR VK (SB 500) net, the German market level of 2026.
 */
export const GRUNDBEITRAG_CENTS: Record<KfzSparte, number> = {
  KH: 80_000,
  TK: 12_000,
  VK: 120_000,
};

/** A class range and a linear factor: factor(k) = atMin + step × (k − min), in basis points. */
export interface KlassenSkala {
  min: number;
  max: number;
  atMinBp: number;
  stepBp: number;
}

/**
 * Type classes (Typklassen) per part, ranges of the GDV type class directory: KH 10–25,
 * TK 10–33, VK 10–34. Factor 1,0 at KH 16, TK 20, VK 17; each class up is +5 % (KH, TK) or +6 % (VK).
 */
export const TYPKLASSEN: Record<KfzSparte, KlassenSkala> = {
  KH: { min: 10, max: 25, atMinBp: 7_000, stepBp: 500 },
  TK: { min: 10, max: 33, atMinBp: 5_000, stepBp: 500 },
  VK: { min: 10, max: 34, atMinBp: 5_800, stepBp: 600 },
};

/**
 * Regional classes (Regionalklassen) per part, ranges of the GDV regional statistics: KH 1–12,
 * TK 1–16, VK 1–9. Each class up is +4 % (KH), +6 % (TK), +5 % (VK).
 */
export const REGIONALKLASSEN: Record<KfzSparte, KlassenSkala> = {
  KH: { min: 1, max: 12, atMinBp: 8_000, stepBp: 400 },
  TK: { min: 1, max: 16, atMinBp: 6_000, stepBp: 600 },
  VK: { min: 1, max: 9, atMinBp: 8_000, stepBp: 500 },
};

/** The factor of a class on its scale, in basis points. */
export function klassenFaktorBp(skala: KlassenSkala, klasse: number): number {
  return skala.atMinBp + skala.stepBp * (klasse - skala.min);
}

/**
 * The no-claims classes (Schadenfreiheitsklassen) in order from worst to best: M (Malus), 0
 * (beginner), S (after a claim in SF 1/2 or 1, KH only), 1/2 (beginner with 3 years' licence), then
 * the claim-free years 1 to 35.
 */
// prettier-ignore
export const SF_KLASSEN = [
  'M', '0', 'S', '1/2',
  '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12',
  '13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23', '24',
  '25', '26', '27', '28', '29', '30', '31', '32', '33', '34', '35',
] as const;
export type SfKlasse = (typeof SF_KLASSEN)[number];

/** The Vollkasko scale has no class S. */
export type SfKlasseVollkasko = Exclude<SfKlasse, 'S'>;
export const SF_KLASSEN_VOLLKASKO: readonly SfKlasseVollkasko[] = SF_KLASSEN.filter(
  (klasse): klasse is SfKlasseVollkasko => klasse !== 'S',
);

/**
 * Contribution rate (Beitragssatz) of each SF class, in basis points of the base premium: the scale
 * most German insurers publish since SF classes go up to 35 (SF 0 = 100 %, SF 35 = 20 %).
 */
export const SF_BEITRAGSSATZ_BP: { KH: Record<SfKlasse, number>; VK: Record<SfKlasseVollkasko, number> } = {
  KH: {
    M: 14_000,
    '0': 10_000,
    S: 9_200,
    '1/2': 8_400,
    '1': 7_400,
    '2': 6_400,
    '3': 5_800,
    '4': 5_200,
    '5': 4_600,
    '6': 4_400,
    '7': 4_200,
    '8': 4_000,
    '9': 3_800,
    '10': 3_700,
    '11': 3_500,
    '12': 3_300,
    '13': 3_200,
    '14': 3_100,
    '15': 3_100,
    '16': 3_000,
    '17': 3_000,
    '18': 2_900,
    '19': 2_900,
    '20': 2_800,
    '21': 2_700,
    '22': 2_700,
    '23': 2_600,
    '24': 2_600,
    '25': 2_500,
    '26': 2_500,
    '27': 2_400,
    '28': 2_300,
    '29': 2_300,
    '30': 2_300,
    '31': 2_200,
    '32': 2_200,
    '33': 2_100,
    '34': 2_000,
    '35': 2_000,
  },
  VK: {
    M: 12_500,
    '0': 9_500,
    '1/2': 7_200,
    '1': 6_000,
    '2': 5_500,
    '3': 5_100,
    '4': 4_500,
    '5': 4_200,
    '6': 3_900,
    '7': 3_800,
    '8': 3_600,
    '9': 3_500,
    '10': 3_400,
    '11': 3_300,
    '12': 3_200,
    '13': 3_100,
    '14': 3_000,
    '15': 2_900,
    '16': 2_800,
    '17': 2_800,
    '18': 2_700,
    '19': 2_700,
    '20': 2_600,
    '21': 2_600,
    '22': 2_500,
    '23': 2_500,
    '24': 2_500,
    '25': 2_500,
    '26': 2_400,
    '27': 2_400,
    '28': 2_300,
    '29': 2_300,
    '30': 2_300,
    '31': 2_200,
    '32': 2_200,
    '33': 2_100,
    '34': 2_100,
    '35': 2_000,
  },
};

/**
 * Annual mileage bands (Jahresfahrleistung): upper bound in km (inclusive) and factor. More km means
 * more exposure in every part (accidents, wildlife, glass); 15.000 km, the German average, is 1,0.
 */
export const FAHRLEISTUNG_STUFEN: readonly { bisKm: number; faktorBp: number }[] = [
  { bisKm: 6_000, faktorBp: 8_500 },
  { bisKm: 9_000, faktorBp: 9_000 },
  { bisKm: 12_000, faktorBp: 9_500 },
  { bisKm: 15_000, faktorBp: 10_000 },
  { bisKm: 20_000, faktorBp: 10_800 },
  { bisKm: 25_000, faktorBp: 11_600 },
  { bisKm: 30_000, faktorBp: 12_400 },
  { bisKm: 40_000, faktorBp: 13_500 },
  { bisKm: 50_000, faktorBp: 15_000 },
];

/** Largest annual mileage insurable online (the last band's bound). */
export const MAX_FAHRLEISTUNG_KM = 50_000;

/** Who drives the car (Fahrerkreis). */
export const FAHRERKREISE = ['NUR_VN', 'VN_PARTNER', 'BELIEBIG'] as const;
export type Fahrerkreis = (typeof FAHRERKREISE)[number];

/**
 * Driver circle factor on KH and VK: each further driver adds exposure; an open circle also admits
 * inexperienced drivers the youngest-driver question may not catch.
 */
export const FAHRERKREIS_FAKTOR_BP: Record<Fahrerkreis, number> = {
  NUR_VN: 10_000,
  VN_PARTNER: 10_500,
  BELIEBIG: 12_000,
};

/**
 * Age of the youngest driver (inclusive lower bound of each band) and its factor on KH and VK. Young
 * drivers cause far more accidents (GDV accident statistics), drivers from 75 somewhat more.
 */
export const FAHRERALTER_STUFEN: readonly { abAlter: number; faktorBp: number }[] = [
  { abAlter: 18, faktorBp: 19_000 },
  { abAlter: 21, faktorBp: 15_000 },
  { abAlter: 23, faktorBp: 12_500 },
  { abAlter: 25, faktorBp: 10_000 },
  { abAlter: 70, faktorBp: 11_000 },
  { abAlter: 75, faktorBp: 12_500 },
];

/** Youngest driver age insurable: accompanied driving from 17 (BF17) is not sold online. */
export const MIN_FAHRERALTER = 18;

/** Use of the vehicle (Nutzung). */
export const KFZ_NUTZUNGEN = ['PRIVAT', 'GESCHAEFTLICH'] as const;
export type KfzNutzung = (typeof KFZ_NUTZUNGEN)[number];

/** Use factor on KH and VK: business use means more and more varied driving. */
export const NUTZUNG_FAKTOR_BP: Record<KfzNutzung, number> = {
  PRIVAT: 10_000,
  GESCHAEFTLICH: 11_500,
};

/** Garage factor on TK and VK: a car parked in a garage overnight is stolen, hailed and bitten less. */
export const GARAGE_FAKTOR_BP: Record<'JA' | 'NEIN', number> = {
  JA: 9_000,
  NEIN: 10_000,
};

/** Teilkasko deductible factor: SB 150 is the market's default (1,0). */
export const SB_TEILKASKO_FAKTOR_BP: Record<KfzSelbstbeteiligungTeilkasko, number> = {
  SB_KEINE: 11_500,
  SB_150: 10_000,
  SB_300: 9_000,
  SB_500: 8_200,
};

/** Vollkasko deductible factor (the Teilkasko perils inside carry SB 150): SB 300 is 1,0. */
export const SB_VOLLKASKO_FAKTOR_BP: Record<KfzSelbstbeteiligungVollkasko, number> = {
  SB_300: 10_000,
  SB_500: 8_800,
  SB_1000: 7_500,
};

/** Vollkasko only for vehicles whose first registration is at most this many years ago. */
export const MAX_FAHRZEUGALTER_VOLLKASKO_JAHRE = 12;

/** Vehicles first registered more than this many years ago are classic cars: not sold online. */
export const MAX_FAHRZEUGALTER_JAHRE = 30;

/** Minimum net annual premium of a variant: 100,00 EUR. */
export const MINIMUM_PREMIUM_CENTS = 10_000;
