// The bicycle application (Fahrrad- und E-Bike-Versicherung) as a flow: the rating questions first
// (they price the variant table), then the variant, the covers when the applicant builds an
// individual package, start and payment period, person, address, SEPA mandate, the advice step of
// the channel, the pre-contract documents and the binding declaration. Page schemas reuse the
// tariff's rating input schema so a page accepts exactly what the tariff prices.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { BERATUNGSORTE } from '../../products/enums';
import {
  coversOfferedIn,
  FAHRRAD_INDIVIDUELL,
  fahrradDeckungsVarianten,
} from '../../products/fahrrad/catalogue';
import type { FahrradGeneration } from '../../products/fahrrad/catalogue';
import { fahrradRatingInputSchema, fahrradSchema, rahmennummerSchema } from '../../products/fahrrad/tariff';
import { birthDateSchema, insuranceStartSchema } from '../../validation/dates';
import { emailSchema } from '../../validation/email';
import { ibanSchema } from '../../validation/iban';
import { hausnummerSchema } from '../../validation/identifiers';
import { optionalPhoneSchema } from '../../validation/phone';
import { isPostalCodePattern, POSTAL_CODE_MESSAGE } from '../../validation/postal-code';
import { answerEquals, defineFlow } from '../flow';

/** What the bicycle flow depends on besides the answers. */
export interface FahrradFlowContext {
  /** Today in Germany: bounds the insurance start and the birth date. */
  today: CalendarDate;
  /** The generation sold to new business (feature flag 'new product generations'). */
  generation: FahrradGeneration;
}

/** Applicants must be of age to sign the application and the SEPA mandate. */
const MINDESTALTER_JAHRE = 18;

/** German messages of the bicycle pages that the shared schemas do not bring along. */
export const FAHRRAD_FLOW_MESSAGES = {
  deckungsVariante: 'Bitte wählen Sie einen Tarif.',
  bausteinNichtImTarif: 'Mindestens ein gewählter Baustein ist in diesem Tarif nicht erhältlich.',
  kontoinhaber: 'Bitte geben Sie den Namen der Kontoinhaberin oder des Kontoinhabers an.',
  sepaMandat: 'Bitte erteilen Sie das SEPA-Lastschriftmandat, damit wir den Beitrag abbuchen können.',
  beratungsverzicht:
    'Bitte bestätigen Sie den Beratungsverzicht oder wenden Sie sich für eine Beratung an uns.',
  beratungsort: 'Bitte geben Sie an, wo die Beratung stattgefunden hat.',
  erklaerung: 'Bitte bestätigen Sie Ihre Erklärung, um den Antrag verbindlich zu stellen.',
  vorname: 'Bitte geben Sie Ihren Vornamen an.',
  nachname: 'Bitte geben Sie Ihren Nachnamen an.',
  strasse: 'Bitte geben Sie die Straße an.',
  ort: 'Bitte geben Sie den Ort an.',
} as const;

const rating = fahrradRatingInputSchema.shape;

function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(100);
}

function confirmed(message: string) {
  return z.literal(true, { error: message });
}

function variantIds(generation: FahrradGeneration): [string, ...string[]] {
  const ids = fahrradDeckungsVarianten(generation).map((variant) => variant.deckungsVarianteIdentifier);
  return [FAHRRAD_INDIVIDUELL.deckungsVarianteIdentifier, ...ids];
}

function deckungenSchema(generation: FahrradGeneration) {
  return rating.deckungen.unwrap().refine((deckungen) => coversOfferedIn(generation, deckungen), {
    error: FAHRRAD_FLOW_MESSAGES.bausteinNichtImTarif,
  });
}

/** The bicycle application flow for a day and a product generation. */
export function createFahrradFlow({ today, generation }: FahrradFlowContext) {
  return defineFlow({
    id: 'fahrrad',
    productKey: 'FAHRRAD',
    steps: [
      {
        id: 'fahrrad',
        title: 'Ihr Fahrrad',
        pageSchema: z.object({
          art: rating.art,
          typ: rating.typ,
          hersteller: fahrradSchema.shape.hersteller,
          kaufpreisCents: rating.kaufpreisCents,
          kaufdatum: rating.kaufdatum,
          zustand: rating.zustand,
          rahmennummer: rahmennummerSchema.optional(),
        }),
        // The manufacturer finder's search text; the chosen manufacturer is `hersteller`.
        irrelevant: ['herstellerSuche'],
        next: [{ to: 'tarif' }],
      },
      {
        id: 'tarif',
        title: 'Tarif wählen',
        pageSchema: z.object({
          deckungsVariante: z.enum(variantIds(generation), { error: FAHRRAD_FLOW_MESSAGES.deckungsVariante }),
        }),
        next: [
          {
            to: 'bausteine',
            guard: answerEquals('tarif', 'deckungsVariante', FAHRRAD_INDIVIDUELL.deckungsVarianteIdentifier),
          },
          { to: 'beginn' },
        ],
      },
      {
        id: 'bausteine',
        title: 'Bausteine wählen',
        pageSchema: z.object({ deckungen: deckungenSchema(generation) }),
        next: [{ to: 'beginn' }],
      },
      {
        id: 'beginn',
        title: 'Versicherungsbeginn und Zahlweise',
        pageSchema: z.object({
          versicherungsbeginn: insuranceStartSchema({ today, unit: 'year' }),
          zahlweise: rating.zahlweise.unwrap(),
        }),
        next: [{ to: 'person' }],
      },
      {
        id: 'person',
        title: 'Ihre persönlichen Daten',
        pageSchema: z.object({
          vorname: requiredText(FAHRRAD_FLOW_MESSAGES.vorname),
          nachname: requiredText(FAHRRAD_FLOW_MESSAGES.nachname),
          geburtsdatum: birthDateSchema({ today, minYears: MINDESTALTER_JAHRE }),
          email: emailSchema,
          telefon: optionalPhoneSchema().optional(),
        }),
        next: [{ to: 'adresse' }],
      },
      {
        id: 'adresse',
        title: 'Ihre Anschrift',
        pageSchema: z.object({
          strasse: requiredText(FAHRRAD_FLOW_MESSAGES.strasse),
          hausnummer: hausnummerSchema,
          // Required here (the shared postal code schema lets an empty entry pass); the server
          // checks that the code exists.
          plz: z.string().trim().refine(isPostalCodePattern, { error: POSTAL_CODE_MESSAGE }),
          ort: requiredText(FAHRRAD_FLOW_MESSAGES.ort),
        }),
        next: [{ to: 'sepa' }],
      },
      {
        id: 'sepa',
        title: 'SEPA-Lastschriftmandat',
        pageSchema: z.object({
          kontoinhaber: requiredText(FAHRRAD_FLOW_MESSAGES.kontoinhaber),
          iban: ibanSchema(),
          sepaMandat: confirmed(FAHRRAD_FLOW_MESSAGES.sepaMandat),
        }),
        // Shown next to the IBAN; the server looks the bank up again from the IBAN.
        irrelevant: ['bankName'],
        next: [{ to: 'beratung' }],
      },
      {
        // The agent documents where the advice took place (spec §3 consultation places).
        id: 'beratung',
        title: 'Beratungsdokumentation',
        channels: ['vermittler-beratung'],
        pageSchema: z.object({
          beratungsort: z.enum(BERATUNGSORTE, { error: FAHRRAD_FLOW_MESSAGES.beratungsort }),
        }),
        next: [{ to: 'beratungsverzicht' }],
      },
      {
        // Distance selling without advice needs the separate waiver of § 6 VVG.
        id: 'beratungsverzicht',
        title: 'Verzicht auf Beratung',
        channels: ['antrag', 'beratung'],
        pageSchema: z.object({ beratungsverzicht: confirmed(FAHRRAD_FLOW_MESSAGES.beratungsverzicht) }),
        next: [{ to: 'dokumente' }],
      },
      {
        // The § 7 VVG documents are sent by e-mail and offered for download; nothing to tick here.
        id: 'dokumente',
        title: 'Vertragsinformationen',
        pageSchema: z.object({}),
        next: [{ to: 'erklaerung' }],
      },
      {
        id: 'erklaerung',
        title: 'Erklärung und Antrag',
        pageSchema: z.object({ antragVerbindlich: confirmed(FAHRRAD_FLOW_MESSAGES.erklaerung) }),
      },
    ],
  });
}
