// The commercial general liability application (Betriebshaftpflicht, BHV) as a flow: the business
// (main trade, secondary trades, annual revenue, deductible, IHK number) prices the variant table;
// the risk questions of the chosen trades and the previous insurance come before the personal
// data (§ 19 VVG); then the variant and the shared steps with the applicant as a person or a
// company (with legal form and founding date). The founding date is no rating input of the BHV
// tariff, so the shared 'antragsteller' step's gruendungsdatum is all the flow needs of it. The
// generation comes from the flag 'new product generations'; the pricing request omits it (the
// server sets it, request-schemas.ts).
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import { BHV_BUSINESS_TYPES } from '../../products/bhv/business-types';
import { bhvDeckungsVarianten, generationForNewBusiness } from '../../products/bhv/catalogue';
import type { BhvGeneration } from '../../products/bhv/catalogue';
import { BHV_MAX_NEBENGEWERBE } from '../../products/bhv/tariff-data';
import { bhvRatingInputSchema } from '../../products/bhv/tariff';
import type { Selbstbeteiligung } from '../../products/enums';
import { APPLICATION_MESSAGES, commonSteps, tarifStep } from '../common-steps';
import { defineFlow } from '../flow';
import type { FlowAnswers } from '../flow';
import type { ProductApplication } from '../product-application';
import { stepData } from '../product-application';
import {
  BUSINESS_FLOW_MESSAGES,
  ihkNummerField,
  ihkNummerSchema,
  nebengewerbeField,
  nebengewerbeIds,
  nebengewerbeSchema,
  riskAnswers,
  riskQuestionSteps,
  riskStepId,
  selbstbeteiligungOptions,
  toRiskQuestions,
  tradeChosen,
  tradesWithQuestions,
  vorversicherungStep,
  vorversicherungRiskCheck,
} from './business';

/** What the BHV flow depends on besides the answers. */
export interface BhvFlowContext {
  /** Today in Germany: bounds the insurance start, birth and founding dates. */
  today: CalendarDate;
  /** The generation sold to new business (feature flag 'new product generations'). */
  generation: BhvGeneration;
}

/** German messages of the BHV pages (the shared steps' messages included). */
export const BHV_FLOW_MESSAGES = {
  ...APPLICATION_MESSAGES,
  ...BUSINESS_FLOW_MESSAGES,
  zuVieleNebengewerbe: `Online können wir neben dem Hauptgewerbe höchstens ${BHV_MAX_NEBENGEWERBE} Nebengewerbe versichern. Bitte sprechen Sie uns an.`,
} as const;

const rating = bhvRatingInputSchema.shape;
const TRADES = tradesWithQuestions(BHV_BUSINESS_TYPES);
const chosen = (tradeId: string) => tradeChosen('betrieb', 'hauptgewerbe', tradeId);

function variantIds(generation: BhvGeneration): [string, ...string[]] {
  const [first, ...rest] = bhvDeckungsVarianten(generation).map((v) => v.deckungsVarianteIdentifier);
  return [first ?? 'BHV_BASIS', ...rest];
}

/** The BHV application flow for a day and a product generation. */
export function createBhvFlow({ today, generation }: BhvFlowContext) {
  return defineFlow({
    id: 'betriebshaftpflicht',
    productKey: 'BHV',
    steps: [
      {
        id: 'betrieb',
        title: 'Ihr Betrieb',
        intro: 'Mit diesen Angaben berechnen wir Ihren Beitrag.',
        pageSchema: z
          .object({
            hauptgewerbe: rating.hauptgewerbe,
            nebengewerbe: nebengewerbeSchema(
              rating.hauptgewerbe,
              BHV_MAX_NEBENGEWERBE,
              BHV_FLOW_MESSAGES.zuVieleNebengewerbe,
            ).optional(),
            jahresumsatzCents: rating.jahresumsatzCents,
            selbstbeteiligung: rating.selbstbeteiligung.unwrap(),
            ihkNummer: ihkNummerSchema,
          })
          .refine((page) => !nebengewerbeIds(page).includes(page.hauptgewerbe), {
            error: BHV_FLOW_MESSAGES.gewerbeDoppelt,
            path: ['nebengewerbe'],
          }),
        // The main trade finder's search text; the chosen trade is `hauptgewerbe`.
        irrelevant: ['hauptgewerbeSuche'],
        fields: [
          {
            key: 'hauptgewerbe',
            kind: 'finder',
            finder: 'gewerbeart',
            produkt: 'BHV',
            label: 'Haupttätigkeit Ihres Betriebs',
            hint: 'Suchen Sie nach Ihrer Branche, z. B. „Elektro“ oder „Friseur“.',
            searchKey: 'hauptgewerbeSuche',
          },
          nebengewerbeField({ produkt: 'BHV', max: BHV_MAX_NEBENGEWERBE }),
          {
            key: 'jahresumsatzCents',
            kind: 'money',
            label: 'Jahresumsatz (netto)',
            hint: 'Der Umsatz des letzten Geschäftsjahres, bei Gründungen der erwartete Umsatz.',
          },
          {
            key: 'selbstbeteiligung',
            kind: 'radio',
            label: 'Selbstbeteiligung je Schaden',
            hint: 'Mit einer Selbstbeteiligung sinkt Ihr Beitrag.',
            options: selbstbeteiligungOptions(),
          },
          ihkNummerField,
        ],
        next: toRiskQuestions(TRADES, chosen, 'vorversicherung'),
      },
      ...riskQuestionSteps(TRADES, chosen, 'vorversicherung'),
      vorversicherungStep({ produktName: 'Betriebshaftpflichtversicherung', next: [{ to: 'tarif' }] }),
      tarifStep({
        key: 'variante',
        ids: variantIds(generation),
        message: BHV_FLOW_MESSAGES.variante,
        label: 'Ihre Versicherungssumme',
        next: [{ to: 'beginn' }],
      }),
      ...commonSteps({ today }, { applicant: 'antragsteller' }),
    ],
  });
}

function generationOf(newProductGenerations: boolean): BhvGeneration {
  return generationForNewBusiness(newProductGenerations);
}

/** The risk-question steps of the trades chosen on the business page. */
function chosenRiskSteps(answers: FlowAnswers): string[] {
  return TRADES.filter(({ type }) => chosen(type.id)(answers)).map(({ type }) => riskStepId(type.id));
}

/** The BHV application: flow, pricing request, comparison and contract terms. */
export const bhvApplication: ProductApplication = {
  riskCheck: vorversicherungRiskCheck,
  slug: 'betriebshaftpflicht',
  productKey: 'BHV',
  name: 'Betriebshaftpflichtversicherung',
  pricingPath: 'bhv',
  variantStep: 'tarif',
  createFlow: ({ today, newProductGenerations }) =>
    createBhvFlow({ today, generation: generationOf(newProductGenerations) }),
  comparison({ newProductGenerations }) {
    const varianten = bhvDeckungsVarianten(generationOf(newProductGenerations));
    return {
      // Komfort (5 Mio EUR) is the sum most small businesses need (contracts with customers
      // and landlords often ask for it), so it is the recommended variant.
      variants: varianten.map((v) => ({
        value: v.deckungsVarianteIdentifier,
        label: v.deckungsVarianteName,
        recommended: v.deckungsVarianteIdentifier === 'BHV_KOMFORT',
      })),
      features: [
        {
          label: 'Versicherungssumme',
          description: 'Pauschal für Personen-, Sach- und Vermögensfolgeschäden je Schadenfall.',
          variantOptionRelation: Object.fromEntries(
            varianten.map((v) => [
              v.deckungsVarianteIdentifier,
              { included: true, text: formatCents(v.versicherungssumme) },
            ]),
          ),
        },
      ],
    };
  },
  pricingRequest(answers, choice) {
    const page = answers['betrieb'] ?? {};
    const { hauptgewerbe, jahresumsatzCents, selbstbeteiligung } = page;
    if ([hauptgewerbe, jahresumsatzCents, selbstbeteiligung].some((v) => v === undefined || v === '')) {
      return undefined;
    }
    const request: Record<string, unknown> = {
      hauptgewerbe,
      nebengewerbe: nebengewerbeIds(page),
      jahresumsatzCents,
      selbstbeteiligung,
      risikofragen: riskAnswers(answers, chosenRiskSteps(answers)),
    };
    return choice ? { ...request, variante: choice.variante, zahlweise: choice.zahlweise } : request;
  },
  choice(data) {
    const beginn = stepData(data, 'beginn');
    return {
      variante: String(stepData(data, 'tarif')['variante']),
      zahlweise: beginn['zahlweise'] as never,
      versicherungsbeginn: String(beginn['versicherungsbeginn']),
    };
  },
  contractTerms(data) {
    const betrieb = stepData(data, 'betrieb');
    return {
      details: {
        produktKey: 'BHV',
        versicherteGewerbe: {
          hauptgewerbe: String(betrieb['hauptgewerbe']),
          nebengewerbe: nebengewerbeIds(betrieb),
        },
        jahresumsatz: { value: Number(betrieb['jahresumsatzCents']), isAdjustable: true },
      },
      selbstbeteiligung: { einheit: 'ABSOLUT', option: betrieb['selbstbeteiligung'] as Selbstbeteiligung },
    };
  },
};
