// Product details of a contract, one shape per product, with the field names of spec §3
// 'Contract (customer view)'. References to catalogue entries (business types, dog breeds) keep
// id and German name together, so the contract still reads correctly when a catalogue entry is
// renamed and can still be re-priced by id.
import { z } from 'zod';
import { compareDates, isCalendarDate } from '../dates/calendar-date';
import {
  FAHRRAD_ARTEN,
  FAHRRAD_DECKUNGEN,
  FAHRRAD_TYPEN,
  HAUSRAT_DECKUNGEN,
  OPERATOR_BRAND_KEY,
  PERSONENKREISE,
  PHV_ANZAHL,
  ZUSTAENDE,
} from '../products/enums';
import type { HausratDeckung } from '../products/enums';
import { HAUSRAT_VARIANTEN } from '../products/hausrat/catalogue';
import { PHV_FAMILIENSTAENDE, PHV_VARIANTEN } from '../products/phv/catalogue';

/** The Hausrat base cover, always part of a Hausrat contract. */
export const HAUSRAT_BASISDECKUNG: HausratDeckung = `${OPERATOR_BRAND_KEY}_BASISDECKUNG_HAUSRAT`;
/** The Hausrat elementary cover (natural hazards). */
export const HAUSRAT_ELEMENTARDECKUNG: HausratDeckung = `${OPERATOR_BRAND_KEY}_ELEMENTAR_HAUSRAT`;

/** A calendar date 'yyyy-MM-dd' that exists. */
export const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, { message: 'Bitte geben Sie ein gültiges Datum an.' });

/** Non-negative whole cents. */
export const centsSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** A catalogue entry referenced by the contract: id plus German name. */
export const referenzSchema = z.object({ id: z.string().min(1), name: z.string().trim().min(1) });
export type Referenz = z.infer<typeof referenzSchema>;

/** Insured location (risikoOrt). */
export const risikoOrtSchema = z.object({
  plz: z.string().regex(/^\d{5}$/, { message: 'Die Postleitzahl hat 5 Ziffern.' }),
  ort: z.string().trim().min(1),
  strasse: z.string().trim().min(1),
  hausnummer: z.string().trim().min(1),
});
export type RisikoOrt = z.infer<typeof risikoOrtSchema>;

/** Insured business types: one main business and any number of additional ones. */
export const versicherteGewerbeSchema = z.object({
  hauptgewerbe: referenzSchema,
  nebengewerbe: z.array(referenzSchema),
});
export type VersicherteGewerbe = z.infer<typeof versicherteGewerbeSchema>;

/** Civil-service liability add-on of the private liability (Diensthaftpflicht). */
export const diensthaftpflichtSchema = z
  .object({
    beruf: z.string().trim().min(1),
    eingeschlossen: z.boolean(),
    einschlussZum: calendarDateSchema.optional(),
    ausschlussZum: calendarDateSchema.optional(),
  })
  .refine((d) => !d.einschlussZum || !d.ausschlussZum || compareDates(d.einschlussZum, d.ausschlussZum) < 0, {
    message: 'Der Ausschluss muss nach dem Einschluss liegen.',
    path: ['ausschlussZum'],
  });
export type Diensthaftpflicht = z.infer<typeof diensthaftpflichtSchema>;

/** One insured dog. */
export const hundSchema = z
  .object({
    name: z.string().trim().min(1),
    rasse: referenzSchema,
    mischling: z.boolean(),
    mischlingsRasse: referenzSchema.optional(),
    chipOrTattoo: z.string().trim().min(1).optional(),
  })
  .refine((h) => h.mischling || h.mischlingsRasse === undefined, {
    message: 'Eine zweite Rasse gibt es nur bei Mischlingen.',
    path: ['mischlingsRasse'],
  });
export type Hund = z.infer<typeof hundSchema>;

const annualRevenue = {
  /** Declared annual revenue (Jahresumsatz) in cents. */
  jahresumsatzCents: centsSchema,
  /** When the customer last declared or confirmed the revenue (drives the reminder tasks). */
  jahresumsatzGemeldetAm: calendarDateSchema.optional(),
};

export const bhvDetailsSchema = z.object({
  produktKey: z.literal('BHV'),
  versicherteGewerbe: versicherteGewerbeSchema,
  risikoOrt: risikoOrtSchema,
  ...annualRevenue,
});

export const vhDetailsSchema = z.object({
  produktKey: z.literal('VH'),
  /** Insured professions: the main one is the VH rating's `beruf`. */
  versicherteGewerbe: versicherteGewerbeSchema,
  buerohaftpflicht: z.boolean(),
  phvAnzahl: z.enum(PHV_ANZAHL),
  ...annualRevenue,
});

const siShape = {
  versicherteGewerbe: versicherteGewerbeSchema,
  risikoOrt: risikoOrtSchema,
  elementar: z.boolean(),
};
export const siAllgefahrenDetailsSchema = z.object({ produktKey: z.literal('SI_ALLGEFAHREN'), ...siShape });
export const siMehrgefahrenDetailsSchema = z.object({ produktKey: z.literal('SI_MEHRGEFAHREN'), ...siShape });

export const hausratDetailsSchema = z.object({
  produktKey: z.literal('HAUSRAT'),
  risikoOrt: risikoOrtSchema,
  /** Living space in m². */
  wohnflaeche: z.number().int().positive(),
  hausratDeckungen: z.array(z.enum(HAUSRAT_DECKUNGEN)).refine((d) => d.includes(HAUSRAT_BASISDECKUNG), {
    message: 'Die Basisdeckung ist immer versichert.',
  }),
  /** Whether elementary cover can be included at the risk address (ZÜRS class). */
  elementarEinschliessbar: z.boolean(),
  hfkVariante: z.enum(HAUSRAT_VARIANTEN).optional(),
  /** ZÜRS flood class (1–4) of the risk address, a rating fact for elementary cover. */
  zuersKlasse: z.number().int().min(1).max(4).optional(),
});

export const phvDetailsSchema = z.object({
  produktKey: z.literal('PRIVATHAFTPFLICHT'),
  familienstand: z.enum(PHV_FAMILIENSTAENDE),
  hfkVariante: z.enum(PHV_VARIANTEN).optional(),
  diensthaftpflicht: diensthaftpflichtSchema.optional(),
});

export const thvDetailsSchema = z.object({
  produktKey: z.literal('TIERHALTERHAFTPFLICHT'),
  hunde: z.array(hundSchema).min(1),
});

export const fahrradDetailsSchema = z.object({
  produktKey: z.literal('FAHRRAD'),
  hersteller: z.string().trim().min(1),
  /** Frame number; often handed in after purchase through the self-service page. */
  rahmennummer: z.string().trim().min(1).optional(),
  typ: z.enum(FAHRRAD_TYPEN),
  art: z.enum(FAHRRAD_ARTEN),
  deckungen: z.array(z.enum(FAHRRAD_DECKUNGEN)).min(1),
  /** Rating facts kept for re-pricing. */
  kaufpreisCents: centsSchema.positive(),
  kaufdatum: calendarDateSchema,
  zustand: z.enum(ZUSTAENDE),
});

export const reiseDetailsSchema = z
  .object({
    produktKey: z.literal('REISE'),
    personenkreis: z.enum(PERSONENKREISE),
    /** First and last travel day, both insured. */
    beginn: calendarDateSchema,
    ende: calendarDateSchema,
    /** Travel health insurance chosen (rating fact). */
    reisekrankenversicherung: z.boolean().optional(),
  })
  .refine((r) => compareDates(r.beginn, r.ende) <= 0, {
    message: 'Das Reiseende darf nicht vor dem Reisebeginn liegen.',
    path: ['ende'],
  });

/** Product details of a contract, discriminated by `produktKey`. */
export const produktDetailsSchema = z.discriminatedUnion('produktKey', [
  bhvDetailsSchema,
  vhDetailsSchema,
  siAllgefahrenDetailsSchema,
  siMehrgefahrenDetailsSchema,
  hausratDetailsSchema,
  phvDetailsSchema,
  thvDetailsSchema,
  fahrradDetailsSchema,
  reiseDetailsSchema,
]);
export type ProduktDetails = z.infer<typeof produktDetailsSchema>;
