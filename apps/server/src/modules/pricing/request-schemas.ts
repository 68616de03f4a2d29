// Request bodies of the tarifieren endpoints: the products' rating-input schemas from
// packages/domain, minus the facts the server decides itself. New business gets its generation
// from the 'new product generations' flag, and Hausrat gets its ZÜRS class from the address, so
// a client-sent `generation` or `zuersKlasse` is dropped (zod strips unknown keys), never trusted.
import { bhvRatingInputSchema } from '@schirm/domain/products/bhv/tariff';
import { fahrradRatingInputSchema } from '@schirm/domain/products/fahrrad/tariff';
import { hausratRatingInputSchema } from '@schirm/domain/products/hausrat/tariff';
import { kfzRatingInputSchema } from '@schirm/domain/products/kfz/tariff';
import { phvRatingInputSchema } from '@schirm/domain/products/phv/tariff';
import { reiseRatingInputSchema } from '@schirm/domain/products/reise/tariff';
import { siRatingInputSchema } from '@schirm/domain/products/si/tariff';
import { thvRatingInputSchema } from '@schirm/domain/products/thv/tariff';
import { vhRatingInputSchema } from '@schirm/domain/products/vh/tariff';
import { z } from 'zod';

const MAX_NAME_LENGTH = 100;
const MAX_HAUSNUMMER_LENGTH = 20;

const TEXTS = {
  tooLong: `Bitte geben Sie höchstens ${MAX_NAME_LENGTH} Zeichen ein.`,
  hausnummerTooLong: `Bitte geben Sie höchstens ${MAX_HAUSNUMMER_LENGTH} Zeichen ein.`,
  text: 'Bitte geben Sie einen Text ein.',
};

function optionalText(maxLength: number, tooLong: string, description: string) {
  return z
    .string({ error: TEXTS.text })
    .trim()
    .max(maxLength, { error: tooLong })
    .optional()
    .describe(description);
}

export const fahrradRequestSchema = fahrradRatingInputSchema.omit({ generation: true }).meta({
  id: 'FahrradTarifierenAnfrage',
  description:
    'Ohne deckungen: alle Pakete der Generation; ohne zahlweise: alle Zahlweisen. Die Generation (FAHRRAD/FAHRRAD_2) setzt der Server.',
  examples: [
    {
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      kaufpreisCents: 279_999,
      kaufdatum: '2026-01-15',
      zustand: 'NEU',
    },
  ],
});
export type FahrradRequest = z.output<typeof fahrradRequestSchema>;

export const thvRequestSchema = thvRatingInputSchema.meta({
  id: 'ThvTarifierenAnfrage',
  examples: [{ hunde: [{ rasse: 'labrador-retriever' }], variante: 'THV_KOMFORT', zahlweise: 'JAEHRLICH' }],
});
export type ThvRequest = z.output<typeof thvRequestSchema>;

export const phvRequestSchema = phvRatingInputSchema.meta({
  id: 'PhvTarifierenAnfrage',
  examples: [{ familienstand: 'PAAR' }],
});
export type PhvRequest = z.output<typeof phvRequestSchema>;

export const siRequestSchema = siRatingInputSchema.meta({
  id: 'SiTarifierenAnfrage',
  examples: [{ produkt: 'SI_MEHRGEFAHREN', versicherungssummeCents: 5_000_000, hauptgewerbe: 'si-buero' }],
});
export type SiRequest = z.output<typeof siRequestSchema>;

// The domain's refinement (Elementar needs a ZÜRS class) is not carried over: the server always
// supplies the class from the address.
const { zuersKlasse: _clientZuersKlasse, ...hausratFields } = hausratRatingInputSchema.shape;

export const hausratRequestSchema = z
  .object({
    ...hausratFields,
    ort: optionalText(MAX_NAME_LENGTH, TEXTS.tooLong, 'Ort der Wohnung; verfeinert die ZÜRS-Klasse'),
    strasse: optionalText(MAX_NAME_LENGTH, TEXTS.tooLong, 'Straße der Wohnung; verfeinert die ZÜRS-Klasse'),
    hausnummer: optionalText(
      MAX_HAUSNUMMER_LENGTH,
      TEXTS.hausnummerTooLong,
      'Hausnummer; verfeinert die ZÜRS-Klasse',
    ),
  })
  .meta({
    id: 'HausratTarifierenAnfrage',
    description:
      'Die ZÜRS-Gefährdungsklasse schlägt der Server zur Adresse (plz, ort, strasse, hausnummer) nach.',
    examples: [
      {
        plz: '94032',
        ort: 'Passau',
        wohnflaeche: 123,
        deckungen: [
          'SCHIRM_BASISDECKUNG_HAUSRAT',
          'SCHIRM_ELEMENTAR_HAUSRAT',
          'SCHIRM_UNBENANNTE_GEFAHREN_HAUSRAT',
        ],
        variante: 'HAUSRAT_PREMIUM',
        selbstbeteiligung: 'SB_500',
      },
    ],
  });
export type HausratRequest = z.output<typeof hausratRequestSchema>;

// BHV: the object-level checks of the domain schema (each trade only once) stay; generation is the
// server's, and the Wechseltarif has its own endpoint where `wechsel` is required.
const { generation: _bhvGeneration, wechsel: bhvWechsel, ...bhvFields } = bhvRatingInputSchema.shape;

// zod types the checks of a finished object as $ZodCheck<never>; the BHV checks read only
// hauptgewerbe and nebengewerbe, which both request objects keep (the 400 tests cover them).
function bhvChecks<T>(): z.core.$ZodCheck<T>[] {
  return (bhvRatingInputSchema.def.checks ?? []) as z.core.$ZodCheck<T>[];
}

const bhvObject = z.object(bhvFields);
export const bhvRequestSchema = bhvObject.check(...bhvChecks<z.output<typeof bhvObject>>()).meta({
  id: 'BhvTarifierenAnfrage',
  description: 'Die Tarifgeneration (BHV_1/BHV_2) setzt der Server.',
  examples: [{ hauptgewerbe: 'bhv-elektroinstallation', jahresumsatzCents: 25_000_000 }],
});
export type BhvRequest = z.output<typeof bhvRequestSchema>;

const bhvWechselObject = z.object({ ...bhvFields, wechsel: bhvWechsel.unwrap() });
export const bhvWechselRequestSchema = bhvWechselObject
  .check(...bhvChecks<z.output<typeof bhvWechselObject>>())
  .meta({
    id: 'BhvWechselTarifierenAnfrage',
    description: 'Wechseltarif: wie BHV, dazu die Angaben zum bisherigen Vertrag (Pflicht).',
    examples: [
      {
        hauptgewerbe: 'bhv-dachdecker',
        jahresumsatzCents: 60_000_000,
        variante: 'BHV_BASIS',
        selbstbeteiligung: 'SB_5000',
        wechsel: {
          vorversicherer: 'Beispiel Versicherung AG',
          vorvertragEndetAm: '2027-03-31',
          schadenfreieJahre: 6,
          schaedenLetzte5Jahre: 0,
        },
      },
    ],
  });
export type BhvWechselRequest = z.output<typeof bhvWechselRequestSchema>;

export const vhRequestSchema = vhRatingInputSchema.omit({ generation: true }).meta({
  id: 'VhTarifierenAnfrage',
  description: 'Die Tarifgeneration (VH/VH_2) setzt der Server.',
  examples: [
    { beruf: 'vh-it-beratung', jahresumsatzCents: 18_000_000, buerohaftpflicht: true, phvAnzahl: 'EINS' },
  ],
});
export type VhRequest = z.output<typeof vhRequestSchema>;

export const reiseRequestSchema = reiseRatingInputSchema.meta({
  id: 'ReiseTarifierenAnfrage',
  description:
    'reisekrankenversicherung=true nur, solange das Merkmal „Auslandsreisekrankenversicherung“ eingeschaltet ist.',
  examples: [
    { personenkreis: 'FAMILIE', beginn: '2027-07-15', ende: '2027-08-04', variante: 'REISE_KOMFORT' },
  ],
});
export type ReiseRequest = z.output<typeof reiseRequestSchema>;

export const kfzRequestSchema = kfzRatingInputSchema.meta({
  id: 'KfzTarifierenAnfrage',
  description:
    'Fahrzeug über HSN/TSN, Regionalklasse über die Postleitzahl des Halters; Typ- und Regionalklassen aus der Klassentabelle des Betreibers (KFZ_CLASSES_FILE). Ohne variante: alle Deckungen; ohne zahlweise: alle Zahlweisen.',
  examples: [
    {
      hsn: '0603',
      tsn: 'BJM',
      erstzulassung: '2021-03-15',
      nutzung: 'PRIVAT',
      jaehrlicheFahrleistungKm: 12_000,
      fahrerkreis: 'NUR_VN',
      juengsterFahrerAlter: 40,
      sfKlasseHaftpflicht: '10',
      garage: 'NEIN',
      plz: '80331',
      selbstbeteiligungTeilkasko: 'SB_150',
      selbstbeteiligungVollkasko: 'SB_500',
    },
  ],
});
export type KfzRequest = z.output<typeof kfzRequestSchema>;
