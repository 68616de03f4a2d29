// Listed dogs (Listenhunde) per Bundesland for the THV, data version 2026-11.
//
// Kategorie 1: the breed is refused (its dangerousness cannot be disproved under the Land's law,
// or the federal import ban names it). Kategorie 2: the Land presumes the breed dangerous or ties
// its keeping to conditions (Negativzeugnis/Wesenstest, Sachkunde, Erlaubnis of the authority);
// the THV insures such a dog only when the applicant confirms the conditions are met.
//
// Sources, as the laws name the breeds (breed ids of dog-breeds.ts):
// - every Land, Kategorie 1: § 2 Abs. 1 Satz 1 HundVerbrEinfG (federal import ban): Pitbull-Terrier,
//   American Staffordshire Terrier, Staffordshire Bullterrier, Bullterrier. Several Länder treat
//   some of them as refutable (Bayern: Bullterrier Kategorie 2; Niedersachsen, Schleswig-Holstein
//   and Thüringen keep no breed list at all); we refuse them everywhere, the stricter reading.
// - Baden-Württemberg, PolVOgH § 1 Abs. 3 (Kategorie 2).
// - Bayern, KampfhundeV § 1 Abs. 1 (Kategorie 1: Bandog, Tosa Inu) and Abs. 2 (Kategorie 2).
// - Brandenburg, HundehV § 8 Abs. 2 (Kategorie 1: Tosa Inu) and Abs. 3 (Kategorie 2, with Dobermann).
// - Hamburg, HundeG § 2 Abs. 3 (Kategorie 2).
// - Hessen, HundeVO § 2 Abs. 1 (Kategorie 2: refutable by the Wesensprüfung).
// - Nordrhein-Westfalen, LHundG NRW § 10 Abs. 1 (Hunde bestimmter Rassen, Kategorie 2).
// - Berlin (HundeG 2016), Bremen, Mecklenburg-Vorpommern, Rheinland-Pfalz, Saarland, Sachsen and
//   Sachsen-Anhalt: only the federal list is encoded here.
// Uncertainty: the Länder change their lists (Berlin shortened its list in 2016, Thüringen dropped
// its list in 2018); the additional lists above follow the laws as we know them and were not
// checked against each Land's current official text for this version. A Land with additions we
// do not know is therefore covered by the federal list only. Before a change of the lists, check
// the Land's current law; the data version above names the state of this table.
// Laws are official works without copyright (§ 5 UrhG); the table is our own compilation.
import type { DogBreed } from './dog-breeds';
import { dogBreedById } from './dog-breeds';

/** The 16 Länder (ISO 3166-2:DE codes without 'DE-'). */
export const BUNDESLAENDER = [
  'BW',
  'BY',
  'BE',
  'BB',
  'HB',
  'HH',
  'HE',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
] as const;
export type Bundesland = (typeof BUNDESLAENDER)[number];

/** German names of the Länder, in the order of BUNDESLAENDER. */
export const BUNDESLAND_NAMEN: Readonly<Record<Bundesland, string>> = {
  BW: 'Baden-Württemberg',
  BY: 'Bayern',
  BE: 'Berlin',
  BB: 'Brandenburg',
  HB: 'Bremen',
  HH: 'Hamburg',
  HE: 'Hessen',
  MV: 'Mecklenburg-Vorpommern',
  NI: 'Niedersachsen',
  NW: 'Nordrhein-Westfalen',
  RP: 'Rheinland-Pfalz',
  SL: 'Saarland',
  SN: 'Sachsen',
  ST: 'Sachsen-Anhalt',
  SH: 'Schleswig-Holstein',
  TH: 'Thüringen',
};

/** Data version of the Listenhunde table. */
export const LISTENHUNDE_VERSION = '2026-11';

/** Kategorie 1 is refused; Kategorie 2 is insured when the Land's conditions are met. */
export type ListenhundKategorie = 1 | 2;

/** § 2 Abs. 1 HundVerbrEinfG: listed (Kategorie 1) in every Land. */
export const BUNDESWEIT_GELISTET = [
  'pitbull-terrier',
  'american-staffordshire-terrier',
  'staffordshire-bullterrier',
  'bullterrier',
] as const;

interface LandListe {
  kategorie1: readonly string[];
  kategorie2: readonly string[];
}

const NUR_BUND: LandListe = { kategorie1: [], kategorie2: [] };

/** The Land's additions to the federal list. */
const LAND_LISTEN: Readonly<Record<Bundesland, LandListe>> = {
  BW: {
    kategorie1: [],
    kategorie2: [
      'bullmastiff',
      'mastino-napoletano',
      'fila-brasileiro',
      'dogo-argentino',
      'mastin-espanol',
      'mastiff',
      'dogue-de-bordeaux',
      'tosa-inu',
    ],
  },
  BY: {
    kategorie1: ['bandog', 'tosa-inu'],
    kategorie2: [
      'alano',
      'american-bulldog',
      'bullmastiff',
      'cane-corso',
      'dogo-argentino',
      'dogue-de-bordeaux',
      'fila-brasileiro',
      'mastiff',
      'mastin-espanol',
      'mastino-napoletano',
      'perro-de-presa-canario',
      'perro-de-presa-mallorquin',
      'rottweiler',
    ],
  },
  BE: NUR_BUND,
  BB: {
    kategorie1: ['tosa-inu'],
    kategorie2: [
      'alano',
      'bullmastiff',
      'cane-corso',
      'dobermann',
      'dogo-argentino',
      'dogue-de-bordeaux',
      'fila-brasileiro',
      'mastiff',
      'mastin-espanol',
      'mastino-napoletano',
      'perro-de-presa-canario',
      'perro-de-presa-mallorquin',
      'rottweiler',
    ],
  },
  HB: NUR_BUND,
  HH: {
    kategorie1: [],
    kategorie2: [
      'bullmastiff',
      'dogo-argentino',
      'dogue-de-bordeaux',
      'fila-brasileiro',
      'kangal',
      'kaukasischer-owtscharka',
      'mastiff',
      'mastin-espanol',
      'mastino-napoletano',
      'rottweiler',
    ],
  },
  HE: {
    kategorie1: [],
    kategorie2: ['american-bulldog', 'dogo-argentino', 'kangal', 'kaukasischer-owtscharka', 'rottweiler'],
  },
  MV: NUR_BUND,
  NI: NUR_BUND,
  NW: {
    kategorie1: [],
    kategorie2: [
      'alano',
      'american-bulldog',
      'bullmastiff',
      'mastiff',
      'mastin-espanol',
      'mastino-napoletano',
      'fila-brasileiro',
      'dogo-argentino',
      'rottweiler',
      'tosa-inu',
    ],
  },
  RP: NUR_BUND,
  SL: NUR_BUND,
  SN: NUR_BUND,
  ST: NUR_BUND,
  SH: NUR_BUND,
  TH: NUR_BUND,
};

/** The category of a breed in a Land, undefined when the Land does not list it. */
export function listenhundKategorie(land: Bundesland, breedId: string): ListenhundKategorie | undefined {
  if ((BUNDESWEIT_GELISTET as readonly string[]).includes(breedId)) return 1;
  const liste = LAND_LISTEN[land];
  if (liste.kategorie1.includes(breedId)) return 1;
  if (liste.kategorie2.includes(breedId)) return 2;
  return undefined;
}

/** Every breed id some Land lists (for the data tests and the breed list's `dangerous` flag). */
export function breedsListedAnywhere(): ReadonlySet<string> {
  return new Set([
    ...BUNDESWEIT_GELISTET,
    ...Object.values(LAND_LISTEN).flatMap((liste) => [...liste.kategorie1, ...liste.kategorie2]),
  ]);
}

/** A dog as the Land check sees it: its breed and, for a mix, the other breed. */
export interface ListenhundDog {
  rasse: string;
  mischling?: boolean;
  mischlingsRasse?: string;
}

/** The strictest listing of a dog in a Land (own breed or, for a mix, the crossed breed). */
export function listingOfDog(
  land: Bundesland,
  hund: ListenhundDog,
): { kategorie: ListenhundKategorie; breed: DogBreed } | undefined {
  const ids = [hund.rasse, ...(hund.mischling && hund.mischlingsRasse ? [hund.mischlingsRasse] : [])];
  let found: { kategorie: ListenhundKategorie; breed: DogBreed } | undefined;
  for (const id of ids) {
    const kategorie = listenhundKategorie(land, id);
    const breed = dogBreedById(id);
    if (kategorie === undefined || !breed) continue;
    if (!found || kategorie < found.kategorie) found = { kategorie, breed };
  }
  return found;
}

/** German reason for a Kategorie 1 dog. */
export function kategorie1Reason(breedName: string, land: Bundesland): string {
  return `Hunde der Rasse „${breedName}“ und Mischlinge mit dieser Rasse gelten in ${BUNDESLAND_NAMEN[land]} als gefährliche Hunde, für die wir leider keinen Versicherungsschutz anbieten können.`;
}

/** German reason for a Kategorie 2 dog whose conditions are not confirmed. */
export function kategorie2Reason(breedName: string, land: Bundesland): string {
  return `Für Hunde der Rasse „${breedName}“ gelten in ${BUNDESLAND_NAMEN[land]} besondere Auflagen (zum Beispiel Wesenstest, Sachkundenachweis oder Erlaubnis der Behörde). Wir versichern Ihren Hund, wenn Sie bestätigen, dass diese Auflagen erfüllt sind; sonst rufen Sie uns bitte an.`;
}
