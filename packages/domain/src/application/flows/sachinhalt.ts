// The commercial contents applications (Sachinhalt Allgefahren at /sachinhalt/, Mehrgefahren at
// /sachinhalt-mehrgefahren/) as one flow builder with two applications: they share the tariff, the
// trades and the pages and differ in the product the request carries (`produkt`), the trades the
// finder offers and the covers of the comparison. Order: the business (trades, sum insured,
// deductible) prices the variant table; the general risk questions every contents risk answers,
// the questions of the chosen trades and the previous insurance come before the personal data
// (§ 19 VVG); then the business premises (the contract's risikoOrt), the variant and the shared
// steps with the applicant as a person or a company. Public use (OEFFENTLICH …) is not asked: the
// Sachinhalt tariff does not rate it and the contract does not carry it.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import { SI_BUSINESS_TYPES, SI_GENERAL_RISK_QUESTIONS } from '../../products/si/business-types';
import {
  SI_DECKUNGSVARIANTEN,
  SI_SELBSTBETEILIGUNGEN,
  SI_VARIANTEN,
  siAllgefahrenProduct,
  siMehrgefahrenProduct,
} from '../../products/si/catalogue';
import type { SiProduktKey } from '../../products/si/catalogue';
import { MAX_NEBENGEWERBE, SB_5000_MIN_VERSICHERUNGSSUMME_CENTS } from '../../products/si/tariff-data';
import { siRatingInputSchema } from '../../products/si/tariff';
import type { Selbstbeteiligung } from '../../products/enums';
import { adresseStep, APPLICATION_MESSAGES, commonSteps, tarifStep } from '../common-steps';
import { defineFlow } from '../flow';
import type { FlowAnswers, FlowStep } from '../flow';
import type { ApplicationSlug, Comparison, ProductApplication } from '../product-application';
import { stepData } from '../product-application';
import {
  BUSINESS_FLOW_MESSAGES,
  JA_NEIN_OPTIONS,
  nebengewerbeField,
  nebengewerbeIds,
  nebengewerbeSchema,
  riskAnswers,
  riskQuestionSchema,
  riskQuestionSteps,
  riskStepId,
  selbstbeteiligungOptions,
  toRiskQuestions,
  tradeChosen,
  tradesWithQuestions,
  vorversicherungStep,
  vorversicherungRiskCheck,
} from './business';

/** What the Sachinhalt flow depends on besides the answers. */
export interface SiFlowContext {
  /** Today in Germany: bounds the insurance start, birth and founding dates. */
  today: CalendarDate;
  /** Allgefahren or Mehrgefahren. */
  produkt: SiProduktKey;
}

/** German messages of the Sachinhalt pages (the shared steps' messages included). */
export const SI_FLOW_MESSAGES = {
  ...APPLICATION_MESSAGES,
  ...BUSINESS_FLOW_MESSAGES,
  zuVieleNebengewerbe: `Online können wir neben dem Hauptgewerbe höchstens ${MAX_NEBENGEWERBE} Nebengewerbe versichern. Bitte sprechen Sie uns an.`,
  selbstbeteiligung5000: `Die Selbstbeteiligung von 5.000 EUR ist ab einer Versicherungssumme von ${formatCents(SB_5000_MIN_VERSICHERUNGSSUMME_CENTS)} wählbar.`,
} as const;

const rating = siRatingInputSchema.shape;
const GENERAL_IDS = new Set(SI_GENERAL_RISK_QUESTIONS.map((question) => question.id));
const chosen = (tradeId: string) => tradeChosen('betrieb', 'hauptgewerbe', tradeId);

/**
 * The trades of the product with questions beyond the general ones; the general questions (asked
 * of every contents risk) have their own step 'risikofragen', so no trade page repeats them.
 */
function tradesOf(produkt: SiProduktKey) {
  return tradesWithQuestions(
    SI_BUSINESS_TYPES.filter((type) => type.products.includes(produkt)),
    (type) => type.riskQuestions.filter((question) => !GENERAL_IDS.has(question.id)),
  );
}

function betriebStep(produkt: SiProduktKey, next: FlowStep['next']): FlowStep {
  return {
    id: 'betrieb',
    title: 'Ihr Betrieb',
    intro: 'Mit diesen Angaben berechnen wir Ihren Beitrag.',
    pageSchema: z
      .object({
        hauptgewerbe: rating.hauptgewerbe,
        nebengewerbe: nebengewerbeSchema(
          rating.hauptgewerbe,
          MAX_NEBENGEWERBE,
          SI_FLOW_MESSAGES.zuVieleNebengewerbe,
        ).optional(),
        versicherungssummeCents: rating.versicherungssummeCents,
        selbstbeteiligung: rating.selbstbeteiligung.unwrap(),
      })
      .superRefine((page, context) => {
        if (nebengewerbeIds(page).includes(page.hauptgewerbe)) {
          context.addIssue({
            code: 'custom',
            path: ['nebengewerbe'],
            message: SI_FLOW_MESSAGES.gewerbeDoppelt,
          });
        }
        if (
          page.selbstbeteiligung === 'SB_5000' &&
          page.versicherungssummeCents < SB_5000_MIN_VERSICHERUNGSSUMME_CENTS
        ) {
          context.addIssue({
            code: 'custom',
            path: ['selbstbeteiligung'],
            message: SI_FLOW_MESSAGES.selbstbeteiligung5000,
          });
        }
      }),
    // The main trade finder's search text; the chosen trade is `hauptgewerbe`.
    irrelevant: ['hauptgewerbeSuche'],
    fields: [
      {
        key: 'hauptgewerbe',
        kind: 'finder',
        finder: 'gewerbeart',
        produkt,
        label: 'Haupttätigkeit Ihres Betriebs',
        hint: 'Suchen Sie nach Ihrer Branche, z. B. „Büro“ oder „Bäckerei“.',
        searchKey: 'hauptgewerbeSuche',
      },
      nebengewerbeField({ produkt, max: MAX_NEBENGEWERBE }),
      {
        key: 'versicherungssummeCents',
        kind: 'money',
        label: 'Versicherungssumme',
        hint: 'Der Neuwert Ihrer Einrichtung, Maschinen und Waren: was es kosten würde, alles neu anzuschaffen.',
      },
      {
        key: 'selbstbeteiligung',
        kind: 'radio',
        label: 'Selbstbeteiligung je Schaden',
        hint: `Mit einer Selbstbeteiligung sinkt Ihr Beitrag; 5.000 EUR ab einer Versicherungssumme von ${formatCents(SB_5000_MIN_VERSICHERUNGSSUMME_CENTS)}.`,
        options: selbstbeteiligungOptions(SI_SELBSTBETEILIGUNGEN),
      },
    ],
    next,
  };
}

/** The Sachinhalt application flow of one product for a day. */
export function createSiFlow({ today, produkt }: SiFlowContext) {
  const trades = tradesOf(produkt);
  return defineFlow({
    id: produkt === 'SI_ALLGEFAHREN' ? 'sachinhalt' : 'sachinhalt-mehrgefahren',
    productKey: produkt,
    steps: [
      betriebStep(produkt, [{ to: 'risikofragen' }]),
      {
        id: 'risikofragen',
        title: 'Fragen zu Ihren Betriebsräumen',
        intro: 'Bitte beantworten Sie die Fragen vollständig und wahrheitsgemäß (§ 19 VVG).',
        pageSchema: riskQuestionSchema(SI_GENERAL_RISK_QUESTIONS),
        fields: SI_GENERAL_RISK_QUESTIONS.map((question) => ({
          key: question.id,
          kind: 'radio' as const,
          label: question.text,
          options: JA_NEIN_OPTIONS,
        })),
        next: toRiskQuestions(trades, chosen, 'vorversicherung'),
      },
      ...riskQuestionSteps(trades, chosen, 'vorversicherung'),
      vorversicherungStep({ produktName: 'Sachinhaltsversicherung', next: [{ to: 'betriebsstaette' }] }),
      // The premises are the contract's risikoOrt; the applicant's address may differ (shared 'adresse').
      {
        ...adresseStep({ next: [{ to: 'tarif' }], title: 'Ihre Betriebsräume' }),
        id: 'betriebsstaette',
        intro: 'Die Anschrift, an der sich die versicherte Einrichtung befindet.',
      },
      tarifStep({
        key: 'variante',
        ids: SI_VARIANTEN,
        message: SI_FLOW_MESSAGES.variante,
        next: [{ to: 'beginn' }],
      }),
      ...commonSteps({ today }, { applicant: 'antragsteller', addressFrom: 'betriebsstaette' }),
    ],
  });
}

/** The risk-question steps the path asks: the general one and those of the chosen trades. */
function askedRiskSteps(produkt: SiProduktKey, answers: FlowAnswers): string[] {
  return [
    'risikofragen',
    ...tradesOf(produkt)
      .filter(({ type }) => chosen(type.id)(answers))
      .map(({ type }) => riskStepId(type.id)),
  ];
}

function comparisonOf(produkt: SiProduktKey): Comparison {
  const covers =
    produkt === 'SI_ALLGEFAHREN' ? siAllgefahrenProduct.deckungen : siMehrgefahrenProduct.deckungen;
  const both = (text?: string) =>
    Object.fromEntries(
      SI_DECKUNGSVARIANTEN.map((v) => [
        v.deckungsVarianteIdentifier,
        { included: true, ...(text ? { text } : {}) },
      ]),
    );
  return {
    variants: SI_DECKUNGSVARIANTEN.map((v) => ({
      value: v.deckungsVarianteIdentifier,
      label: v.deckungsVarianteName,
      recommended: v.recommended,
    })),
    features: [
      ...covers.map((cover) => ({ label: cover.label, variantOptionRelation: both() })),
      // The variants' benefits as the catalogue describes them (SI_DECKUNGSVARIANTEN.leistungen).
      {
        label: 'Außenversicherung',
        description: 'Ihre Sachen vorübergehend außerhalb der Betriebsräume, z. B. auf einer Messe.',
        variantOptionRelation: {
          SI_KOMPAKT: { included: true, text: 'bis 10 % der Versicherungssumme' },
          SI_OPTIMAL: { included: true, text: 'bis 20 % der Versicherungssumme' },
        },
      },
      {
        label: 'Ertragsausfall',
        description: 'Der entgangene Gewinn und die laufenden Kosten nach einem versicherten Schaden.',
        variantOptionRelation: {
          SI_KOMPAKT: { included: false },
          SI_OPTIMAL: { included: true, text: 'bis zur Versicherungssumme, 12 Monate Haftzeit' },
        },
      },
    ],
  };
}

function siApplication(produkt: SiProduktKey, slug: ApplicationSlug, name: string): ProductApplication {
  return {
    slug,
    productKey: produkt,
    name,
    pricingPath: 'si',
    riskCheck: vorversicherungRiskCheck,
    variantStep: 'tarif',
    createFlow: ({ today }) => createSiFlow({ today, produkt }),
    comparison: () => comparisonOf(produkt),
    pricingRequest(answers, choice) {
      const page = answers['betrieb'] ?? {};
      const { hauptgewerbe, versicherungssummeCents, selbstbeteiligung } = page;
      if (
        [hauptgewerbe, versicherungssummeCents, selbstbeteiligung].some((v) => v === undefined || v === '')
      ) {
        return undefined;
      }
      const request: Record<string, unknown> = {
        produkt,
        versicherungssummeCents,
        hauptgewerbe,
        nebengewerbe: nebengewerbeIds(page),
        selbstbeteiligung,
        risikofragen: riskAnswers(answers, askedRiskSteps(produkt, answers)),
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
      const ort = stepData(data, 'betriebsstaette');
      return {
        details: {
          produktKey: produkt,
          versicherteGewerbe: {
            hauptgewerbe: String(betrieb['hauptgewerbe']),
            nebengewerbe: nebengewerbeIds(betrieb),
          },
          risikoOrt: {
            plz: String(ort['plz']),
            ort: String(ort['ort']),
            strasse: String(ort['strasse']),
            hausnummer: String(ort['hausnummer']),
          },
        },
        selbstbeteiligung: { einheit: 'ABSOLUT', option: betrieb['selbstbeteiligung'] as Selbstbeteiligung },
      };
    },
  };
}

/** Sachinhalt Allgefahren (/sachinhalt/). */
export const siAllgefahrenApplication = siApplication(
  'SI_ALLGEFAHREN',
  'sachinhalt',
  siAllgefahrenProduct.name,
);

/** Sachinhalt Mehrgefahren (/sachinhalt-mehrgefahren/). */
export const siMehrgefahrenApplication = siApplication(
  'SI_MEHRGEFAHREN',
  'sachinhalt-mehrgefahren',
  siMehrgefahrenProduct.name,
);
