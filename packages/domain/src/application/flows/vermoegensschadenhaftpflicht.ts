// The professional indemnity application (Vermögensschadenhaftpflicht, VH) as a flow: the
// profession, annual revenue, deductible, the optional office liability and private liability
// covers and the IHK number price the variant table (sums insured); the profession's risk
// questions and the previous insurance come before the personal data (§ 19 VVG); then the sum
// insured and the shared steps with the applicant as a person or a company. The VH insures one
// profession (the tariff has no secondary trades; the contract's nebengewerbe stay empty). The
// generation comes from the flag 'new product generations'; the pricing request omits it (the
// server sets it, request-schemas.ts).
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import type { PhvAnzahl, Selbstbeteiligung } from '../../products/enums';
import { generationForNewBusiness, vhDeckungsVarianten } from '../../products/vh/catalogue';
import type { VhGeneration } from '../../products/vh/catalogue';
import { VH_PROFESSIONS } from '../../products/vh/professions';
import { vhRatingInputSchema } from '../../products/vh/tariff';
import { APPLICATION_MESSAGES, commonSteps, tarifStep } from '../common-steps';
import { optionsOf } from '../fields';
import { answerEquals, defineFlow } from '../flow';
import type { FlowAnswers } from '../flow';
import type { ProductApplication } from '../product-application';
import { stepData } from '../product-application';
import {
  BUSINESS_FLOW_MESSAGES,
  ihkNummerField,
  ihkNummerSchema,
  riskAnswers,
  riskQuestionSteps,
  riskStepId,
  selbstbeteiligungOptions,
  toRiskQuestions,
  tradesWithQuestions,
  vorversicherungStep,
  vorversicherungRiskCheck,
} from './business';

/** What the VH flow depends on besides the answers. */
export interface VhFlowContext {
  /** Today in Germany: bounds the insurance start, birth and founding dates. */
  today: CalendarDate;
  /** The generation sold to new business (feature flag 'new product generations'). */
  generation: VhGeneration;
}

/** German messages of the VH pages (the shared steps' messages included). */
export const VH_FLOW_MESSAGES = {
  ...APPLICATION_MESSAGES,
  ...BUSINESS_FLOW_MESSAGES,
  variante: 'Bitte wählen Sie eine Versicherungssumme.',
} as const;

/** Private liability for the persons of the household, as the page offers it. */
const PHV_ANZAHL_LABELS: Readonly<Record<PhvAnzahl, string>> = {
  KEINE: 'Keine Privathaftpflicht',
  EINS: 'Für 1 Person',
  ZWEI: 'Für 2 Personen',
  DREI: 'Für 3 Personen',
};

const rating = vhRatingInputSchema.shape;
const PROFESSIONS = tradesWithQuestions(VH_PROFESSIONS);
const chosen = (professionId: string) => answerEquals('beruf', 'beruf', professionId);

function variantIds(generation: VhGeneration): [string, ...string[]] {
  const [first, ...rest] = vhDeckungsVarianten(generation).map((v) => v.deckungsVarianteIdentifier);
  return [first ?? 'VH_250', ...rest];
}

/** The VH application flow for a day and a product generation. */
export function createVhFlow({ today, generation }: VhFlowContext) {
  return defineFlow({
    id: 'vermoegensschadenhaftpflicht',
    productKey: 'VH',
    steps: [
      {
        id: 'beruf',
        title: 'Ihre berufliche Tätigkeit',
        intro: 'Mit diesen Angaben berechnen wir Ihren Beitrag.',
        pageSchema: z.object({
          beruf: rating.beruf,
          jahresumsatzCents: rating.jahresumsatzCents,
          selbstbeteiligung: rating.selbstbeteiligung.unwrap(),
          // An unticked box is no answer: the tariff's default (false) applies.
          buerohaftpflicht: rating.buerohaftpflicht.unwrap().optional(),
          phvAnzahl: rating.phvAnzahl.unwrap(),
          ihkNummer: ihkNummerSchema,
        }),
        // The profession finder's search text; the chosen profession is `beruf`.
        irrelevant: ['berufSuche'],
        fields: [
          {
            key: 'beruf',
            kind: 'finder',
            finder: 'gewerbeart',
            produkt: 'VH',
            label: 'Ihr Beruf',
            hint: 'Suchen Sie nach Ihrer Tätigkeit, z. B. „Beratung“ oder „Design“.',
            searchKey: 'berufSuche',
          },
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
          {
            key: 'buerohaftpflicht',
            kind: 'checkbox',
            label: 'Bürohaftpflicht mitversichern',
            optional: true,
            hint: 'Für Personen- und Sachschäden in und an Ihren Büroräumen, z. B. wenn ein Kunde stürzt.',
          },
          {
            key: 'phvAnzahl',
            kind: 'radio',
            label: 'Privathaftpflicht mitversichern',
            hint: 'Die private Haftpflicht für Sie und bis zu zwei weitere Personen Ihres Haushalts.',
            options: optionsOf(PHV_ANZAHL_LABELS),
          },
          ihkNummerField,
        ],
        next: toRiskQuestions(PROFESSIONS, chosen, 'vorversicherung'),
      },
      ...riskQuestionSteps(PROFESSIONS, chosen, 'vorversicherung'),
      vorversicherungStep({
        produktName: 'Vermögensschadenhaftpflichtversicherung',
        next: [{ to: 'tarif' }],
      }),
      tarifStep({
        key: 'variante',
        ids: variantIds(generation),
        message: VH_FLOW_MESSAGES.variante,
        title: 'Versicherungssumme wählen',
        label: 'Ihre Versicherungssumme',
        next: [{ to: 'beginn' }],
      }),
      ...commonSteps({ today }, { applicant: 'antragsteller' }),
    ],
  });
}

function generationOf(newProductGenerations: boolean): VhGeneration {
  return generationForNewBusiness(newProductGenerations);
}

/** The risk-question step of the chosen profession, if it has one. */
function chosenRiskSteps(answers: FlowAnswers): string[] {
  return PROFESSIONS.filter(({ type }) => chosen(type.id)(answers)).map(({ type }) => riskStepId(type.id));
}

/** The VH application: flow, pricing request, comparison and contract terms. */
export const vhApplication: ProductApplication = {
  riskCheck: vorversicherungRiskCheck,
  slug: 'vermoegensschadenhaftpflicht',
  productKey: 'VH',
  name: 'Vermögensschadenhaftpflichtversicherung',
  pricingPath: 'vh2',
  variantStep: 'tarif',
  createFlow: ({ today, newProductGenerations }) =>
    createVhFlow({ today, generation: generationOf(newProductGenerations) }),
  comparison({ newProductGenerations }) {
    const varianten = vhDeckungsVarianten(generationOf(newProductGenerations));
    const all = (text: string) =>
      Object.fromEntries(varianten.map((v) => [v.deckungsVarianteIdentifier, { included: true, text }]));
    return {
      // 500.000 EUR covers the typical contract values of consulting and IT work (hazard class 2,
      // most professions of the list), so Komfort is the recommended variant.
      variants: varianten.map((v) => ({
        value: v.deckungsVarianteIdentifier,
        label: v.deckungsVarianteName,
        recommended: v.deckungsVarianteIdentifier === 'VH_500',
      })),
      features: [
        {
          label: 'Versicherungssumme',
          description: 'Je Verstoß, für alle Verstöße eines Jahres das Doppelte (2-fach maximiert).',
          variantOptionRelation: Object.fromEntries(
            varianten.map((v) => [
              v.deckungsVarianteIdentifier,
              { included: true, text: formatCents(v.versicherungssumme) },
            ]),
          ),
        },
        {
          label: 'Bürohaftpflicht',
          description: 'Personen- und Sachschäden in und an Ihren Büroräumen.',
          variantOptionRelation: all('zubuchbar'),
        },
        {
          label: 'Privathaftpflicht',
          description: 'Für Sie und bis zu zwei weitere Personen Ihres Haushalts.',
          variantOptionRelation: all('zubuchbar'),
        },
      ],
    };
  },
  pricingRequest(answers, choice) {
    const page = answers['beruf'] ?? {};
    const { beruf, jahresumsatzCents, selbstbeteiligung, phvAnzahl } = page;
    if ([beruf, jahresumsatzCents, selbstbeteiligung, phvAnzahl].some((v) => v === undefined || v === '')) {
      return undefined;
    }
    const request: Record<string, unknown> = {
      beruf,
      jahresumsatzCents,
      selbstbeteiligung,
      buerohaftpflicht: page['buerohaftpflicht'] === true,
      phvAnzahl,
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
    const beruf = stepData(data, 'beruf');
    const phvAnzahl = beruf['phvAnzahl'] as PhvAnzahl;
    return {
      details: {
        produktKey: 'VH',
        versicherteGewerbe: { hauptgewerbe: String(beruf['beruf']), nebengewerbe: [] },
        jahresumsatz: { value: Number(beruf['jahresumsatzCents']), isAdjustable: true },
        phvAnzahl,
        vh: {
          versicherteGefahren: {
            buerohaftpflicht: beruf['buerohaftpflicht'] === true,
            phv: phvAnzahl !== 'KEINE',
          },
        },
      },
      selbstbeteiligung: { einheit: 'ABSOLUT', option: beruf['selbstbeteiligung'] as Selbstbeteiligung },
    };
  },
};
