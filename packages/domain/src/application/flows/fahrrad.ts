// The bicycle application (Fahrrad- und E-Bike-Versicherung) as a flow: the rating questions first
// (they price the variant table), then the variant, the covers when the applicant builds an
// individual package, and the shared steps (start and payment period, person, address, SEPA
// mandate, the advice step of the channel, the pre-contract documents, the binding declaration).
// Page schemas reuse the tariff's rating input schema so a page accepts exactly what the tariff prices.
import { z } from 'zod';
import { addYears, type CalendarDate } from '../../dates/calendar-date';
import type { FahrradDeckung } from '../../products/enums';
import {
  coversOfferedIn,
  FAHRRAD_COVERS,
  FAHRRAD_INDIVIDUELL,
  fahrradDeckungsVarianten,
  generationForNewBusiness,
} from '../../products/fahrrad/catalogue';
import type { FahrradGeneration } from '../../products/fahrrad/catalogue';
import { FAHRRAD_HERSTELLER } from '../../products/fahrrad/manufacturers';
import {
  fahrradRatingInputSchema,
  fahrradSchema,
  rahmennummerSchema,
  versicherteRisikenFromDeckungen,
} from '../../products/fahrrad/tariff';
import { APPLICATION_MESSAGES, commonSteps } from '../common-steps';
import { optionsOf } from '../fields';
import { answerEquals, defineFlow } from '../flow';
import type { FlowAnswers } from '../flow';
import type { ProductApplication } from '../product-application';
import { stepData } from '../product-application';

/** What the bicycle flow depends on besides the answers. */
export interface FahrradFlowContext {
  /** Today in Germany: bounds the insurance start and the birth date. */
  today: CalendarDate;
  /** The generation sold to new business (feature flag 'new product generations'). */
  generation: FahrradGeneration;
}

/** German messages of the bicycle pages (the shared steps' messages included). */
export const FAHRRAD_FLOW_MESSAGES = {
  ...APPLICATION_MESSAGES,
  deckungsVariante: 'Bitte wählen Sie einen Tarif.',
  bausteinNichtImTarif: 'Mindestens ein gewählter Baustein ist in diesem Tarif nicht erhältlich.',
} as const;

const rating = fahrradRatingInputSchema.shape;

const ART_LABELS = { FAHRRAD: 'Fahrrad', EBIKE: 'E-Bike / Pedelec' };
const TYP_LABELS = {
  MOUNTAINBIKE: 'Mountainbike',
  RENNRAD: 'Rennrad',
  SONSTIGES_RAD: 'Anderes Rad (City, Trekking, Lasten …)',
};
const ZUSTAND_LABELS = { NEU: 'Neu gekauft', GEBRAUCHT: 'Gebraucht gekauft' };

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
  const covers = FAHRRAD_COVERS.filter((cover) => cover.generations.includes(generation));
  return defineFlow({
    id: 'fahrrad',
    productKey: 'FAHRRAD',
    steps: [
      {
        id: 'fahrrad',
        title: 'Ihr Fahrrad',
        intro: 'Mit diesen Angaben berechnen wir Ihren Beitrag.',
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
        fields: [
          { key: 'art', kind: 'radio', label: 'Was möchten Sie versichern?', options: optionsOf(ART_LABELS) },
          { key: 'typ', kind: 'radio', label: 'Fahrradtyp', options: optionsOf(TYP_LABELS) },
          {
            key: 'hersteller',
            kind: 'finder',
            finder: 'fahrradhersteller',
            label: 'Hersteller',
            searchKey: 'herstellerSuche',
          },
          {
            key: 'kaufpreisCents',
            kind: 'money',
            label: 'Kaufpreis',
            hint: 'Der Preis laut Kaufbeleg, inklusive Zubehör, das fest verbunden ist.',
          },
          { key: 'kaufdatum', kind: 'date', label: 'Kaufdatum', min: addYears(today, -3), max: today },
          { key: 'zustand', kind: 'radio', label: 'Zustand beim Kauf', options: optionsOf(ZUSTAND_LABELS) },
          {
            key: 'rahmennummer',
            kind: 'text',
            label: 'Rahmennummer',
            optional: true,
            maxLength: 30,
            hint: 'Sie finden sie meist unten am Rahmen. Sie können sie auch später im Kundenportal nachtragen.',
          },
        ],
        next: [{ to: 'tarif' }],
      },
      {
        id: 'tarif',
        title: 'Tarif wählen',
        pageSchema: z.object({
          deckungsVariante: z.enum(variantIds(generation), { error: FAHRRAD_FLOW_MESSAGES.deckungsVariante }),
        }),
        fields: [{ key: 'deckungsVariante', kind: 'variants', label: 'Ihr Tarif' }],
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
        fields: [
          {
            key: 'deckungen',
            kind: 'checkboxes',
            label: 'Welche Bausteine möchten Sie versichern?',
            hint: 'Diebstahl ist in jedem Paket enthalten; die Reparatur gibt es mit oder ohne Verschleiß.',
            options: covers.map((cover) => ({
              value: cover.key,
              label: cover.label,
              hint: cover.description,
            })),
          },
        ],
        next: [{ to: 'beginn' }],
      },
      ...commonSteps({ today }, { applicant: 'person' }),
    ],
  });
}

function generationOf(newProductGenerations: boolean): FahrradGeneration {
  return generationForNewBusiness(newProductGenerations);
}

/** The manufacturer's name for the finder's id (the contract names the maker as people write it). */
function herstellerName(value: string): string {
  return FAHRRAD_HERSTELLER.find((hersteller) => hersteller.id === value)?.name ?? value;
}

/** The covers of a chosen package (or the individual covers of the 'bausteine' step). */
function coversOf(answers: FlowAnswers, variante: string): readonly FahrradDeckung[] | undefined {
  if (variante === FAHRRAD_INDIVIDUELL.deckungsVarianteIdentifier) {
    const deckungen = answers.bausteine?.deckungen;
    return Array.isArray(deckungen) && deckungen.length > 0 ? (deckungen as FahrradDeckung[]) : undefined;
  }
  return fahrradDeckungsVarianten('FAHRRAD_2').find((v) => v.deckungsVarianteIdentifier === variante)
    ?.deckungen;
}

const RATING_KEYS = ['art', 'typ', 'kaufpreisCents', 'kaufdatum', 'zustand'] as const;

/** The bicycle product's application: flow, pricing request, comparison and contract terms. */
export const fahrradApplication: ProductApplication = {
  slug: 'fahrrad',
  productKey: 'FAHRRAD',
  name: 'Fahrrad- und E-Bike-Versicherung',
  pricingPath: 'fahrrad2',
  variantStep: 'tarif',
  createFlow: ({ today, newProductGenerations }) =>
    createFahrradFlow({ today, generation: generationOf(newProductGenerations) }),
  comparison({ newProductGenerations }) {
    const generation = generationOf(newProductGenerations);
    const packages = fahrradDeckungsVarianten(generation);
    const variants = [
      ...packages.map((variant) => ({
        value: variant.deckungsVarianteIdentifier,
        label: variant.deckungsVarianteName,
        recommended: variant.recommended,
      })),
      {
        value: FAHRRAD_INDIVIDUELL.deckungsVarianteIdentifier,
        label: 'Individuell zusammenstellen',
        recommended: false,
      },
    ];
    const features = FAHRRAD_COVERS.filter((cover) => cover.generations.includes(generation)).map(
      (cover) => ({
        label: cover.label,
        description: cover.description,
        variantOptionRelation: Object.fromEntries([
          ...packages.map((variant) => [
            variant.deckungsVarianteIdentifier,
            { included: variant.deckungen.includes(cover.key) },
          ]),
          [FAHRRAD_INDIVIDUELL.deckungsVarianteIdentifier, { included: true, text: 'wählbar' }],
        ]),
      }),
    );
    return { variants, features };
  },
  pricingRequest(answers, choice) {
    const page = answers.fahrrad ?? {};
    if (RATING_KEYS.some((key) => page[key] === undefined || page[key] === '')) return undefined;
    const request: Record<string, unknown> = Object.fromEntries(RATING_KEYS.map((key) => [key, page[key]]));
    if (!choice) return request;
    const deckungen = coversOf(answers, choice.variante);
    if (!deckungen) return undefined;
    return { ...request, deckungen: [...deckungen], zahlweise: choice.zahlweise };
  },
  choice(data) {
    const beginn = stepData(data, 'beginn');
    return {
      variante: String(stepData(data, 'tarif').deckungsVariante),
      zahlweise: beginn.zahlweise as never,
      versicherungsbeginn: String(beginn.versicherungsbeginn),
    };
  },
  contractTerms(data) {
    const bike = stepData(data, 'fahrrad');
    const deckungen = coversOf(data as FlowAnswers, String(stepData(data, 'tarif').deckungsVariante)) ?? [];
    return {
      details: {
        produktKey: 'FAHRRAD',
        fahrrad: {
          hersteller: herstellerName(String(bike.hersteller)),
          ...(bike.rahmennummer === undefined ? {} : { rahmennummer: String(bike.rahmennummer) }),
          typ: bike.typ as never,
          versicherteRisiken: versicherteRisikenFromDeckungen(deckungen),
          art: bike.art as never,
          kaufpreisCents: Number(bike.kaufpreisCents),
          kaufdatum: String(bike.kaufdatum),
          zustand: bike.zustand as never,
        },
      },
    };
  },
};
