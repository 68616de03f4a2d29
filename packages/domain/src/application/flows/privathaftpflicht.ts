// The private liability application (Privathaftpflichtversicherung, PHV) as a flow: who is
// insured (the family status decides which co-insured persons and children the contract covers),
// the public-service liability with the profession, the deductible, the prior claims (a risk
// question: more claims than the tariff accepts are refused by the tariff's own reason), then the
// variant and the shared steps. Page schemas reuse the tariff's rating input schema.
import { z } from 'zod';
import type { Selbstbeteiligung } from '../../products/enums';
import {
  PHV_DECKUNGSVARIANTEN,
  PHV_FAMILIENSTAND_OPTIONS,
  PHV_VARIANTEN,
} from '../../products/phv/catalogue';
import type { PhvFamilienstand } from '../../products/phv/catalogue';
import { phvRatingInputSchema } from '../../products/phv/tariff';
import { formatCents } from '../../format/money';
import type { CalendarDate } from '../../dates/calendar-date';
import { APPLICATION_MESSAGES, commonSteps, tarifStep } from '../common-steps';
import type { FieldOption } from '../fields';
import { defineFlow } from '../flow';
import type { FlowAnswers } from '../flow';
import type { ProductApplication } from '../product-application';
import { stepData } from '../product-application';
import { isOpen, selbstbeteiligungOptions } from './selbstbeteiligung-options';

/** What the PHV flow depends on besides the answers. */
export interface PrivathaftpflichtFlowContext {
  today: CalendarDate;
}

/** German messages of the PHV pages (the shared steps' messages included). */
export const PHV_FLOW_MESSAGES = {
  ...APPLICATION_MESSAGES,
  deckungsVariante: 'Bitte wählen Sie einen Tarif.',
  beruf: 'Bitte geben Sie Ihren Beruf im öffentlichen Dienst an.',
  berufOhneDiensthaftpflicht: 'Den Beruf geben Sie nur an, wenn Sie die Diensthaftpflicht einschließen.',
  schaeden: 'Bitte geben Sie an, wie viele Haftpflichtschäden Sie in den letzten fünf Jahren hatten.',
} as const;

/** The § 19 VVG question about prior claims, worded as the server stores it with the answer. */
export const PHV_VORSCHAEDEN_FRAGE =
  'Wie viele Haftpflichtschäden hatten Sie oder die mitversicherten Personen in den letzten fünf Jahren?';

const rating = phvRatingInputSchema.shape;

// Who the family status co-insures (spec co-insured kinds MITVERSICHERTE_PERSON and
// MITVERSICHERTES_KIND): the tariff prices the household, not named persons.
const FAMILIENSTAND_HINTS: Readonly<Record<PhvFamilienstand, string>> = {
  SINGLE: 'Versichert sind nur Sie.',
  SINGLE_PLUS_KIND:
    'Mitversichert sind Ihre unverheirateten Kinder, auch volljährige in Schule, Ausbildung oder Studium.',
  PAAR: 'Mitversichert ist Ihre Ehe- oder Lebenspartnerin bzw. Ihr Ehe- oder Lebenspartner im selben Haushalt.',
  FAMILIE:
    'Mitversichert sind Ihre Partnerin oder Ihr Partner im selben Haushalt und Ihre unverheirateten Kinder, auch volljährige in Schule, Ausbildung oder Studium.',
};

const familienstandOptions: FieldOption[] = PHV_FAMILIENSTAND_OPTIONS.map((option) => ({
  value: option.key,
  label: option.label,
  hint: FAMILIENSTAND_HINTS[option.key],
}));

const haushaltSchema = z
  .object({
    familienstand: rating.familienstand,
    diensthaftpflicht: rating.diensthaftpflicht,
    beruf: z.string().trim().min(1, { error: PHV_FLOW_MESSAGES.beruf }).max(100).optional(),
    selbstbeteiligung: rating.selbstbeteiligung.unwrap(),
  })
  .superRefine((page, context) => {
    if (page.diensthaftpflicht && page.beruf === undefined) {
      context.addIssue({ code: 'custom', path: ['beruf'], message: PHV_FLOW_MESSAGES.beruf });
    }
    if (!page.diensthaftpflicht && page.beruf !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['beruf'],
        message: PHV_FLOW_MESSAGES.berufOhneDiensthaftpflicht,
      });
    }
  });

/** The PHV application flow for a day. */
export function createPrivathaftpflichtFlow({ today }: PrivathaftpflichtFlowContext) {
  return defineFlow({
    id: 'privathaftpflicht',
    productKey: 'PRIVATHAFTPFLICHT',
    steps: [
      {
        id: 'haushalt',
        title: 'Wer soll versichert sein?',
        intro: 'Mit diesen Angaben berechnen wir Ihren Beitrag.',
        pageSchema: haushaltSchema,
        fields: [
          {
            key: 'familienstand',
            kind: 'radio',
            label: 'Wen möchten Sie versichern?',
            options: familienstandOptions,
          },
          {
            key: 'diensthaftpflicht',
            kind: 'checkbox',
            label:
              'Ich bin im öffentlichen Dienst tätig und möchte die Amts- und Diensthaftpflicht einschließen.',
            hint: 'Für Beamtinnen, Beamte und Angestellte im öffentlichen Dienst, einschließlich des Verlusts von Dienstschlüsseln.',
            optional: true,
          },
          {
            key: 'beruf',
            kind: 'text',
            label: 'Beruf im öffentlichen Dienst',
            hint: 'Zum Beispiel Lehrerin, Polizeibeamter oder Verwaltungsangestellte.',
            maxLength: 100,
            visibleWhen: { key: 'diensthaftpflicht', in: [true] },
          },
          {
            key: 'selbstbeteiligung',
            kind: 'radio',
            label: 'Selbstbeteiligung je Schadenfall',
            hint: 'Mit einer Selbstbeteiligung zahlen Sie einen niedrigeren Beitrag.',
            options: selbstbeteiligungOptions(rating.selbstbeteiligung.unwrap().options),
          },
        ],
        next: [{ to: 'vorschaeden' }],
      },
      {
        id: 'vorschaeden',
        title: 'Bisherige Schäden',
        pageSchema: z.object({
          schaedenLetzte5Jahre: rating.schaedenLetzte5Jahre.unwrap(),
        }),
        fields: [
          {
            key: 'schaedenLetzte5Jahre',
            kind: 'number',
            label: PHV_VORSCHAEDEN_FRAGE,
            hint: 'Zählen Sie jeden Schaden, den eine Haftpflichtversicherung reguliert hat. Keine Schäden: 0.',
            min: 0,
            max: 99,
          },
        ],
        next: [{ to: 'tarif' }],
      },
      tarifStep({
        key: 'deckungsVariante',
        ids: PHV_VARIANTEN,
        message: PHV_FLOW_MESSAGES.deckungsVariante,
        next: [{ to: 'beginn' }],
      }),
      ...commonSteps({ today }, { applicant: 'person' }),
    ],
  });
}

/** The rating facts of the answers so far, or undefined while one the price needs is open. */
function ratingFacts(answers: FlowAnswers): Record<string, unknown> | undefined {
  const haushalt = answers.haushalt ?? {};
  const schaeden = answers.vorschaeden?.schaedenLetzte5Jahre;
  if (isOpen(haushalt.familienstand) || isOpen(haushalt.selbstbeteiligung) || isOpen(schaeden)) {
    return undefined;
  }
  return {
    familienstand: haushalt.familienstand,
    selbstbeteiligung: haushalt.selbstbeteiligung,
    diensthaftpflicht: haushalt.diensthaftpflicht === true,
    schaedenLetzte5Jahre: schaeden,
  };
}

/** The PHV's application: flow, pricing request, comparison and contract terms. */
export const privathaftpflichtApplication: ProductApplication = {
  slug: 'privathaftpflicht',
  productKey: 'PRIVATHAFTPFLICHT',
  name: 'Privathaftpflichtversicherung',
  pricingPath: 'phv/v2',
  variantStep: 'tarif',
  createFlow: ({ today }) => createPrivathaftpflichtFlow({ today }),
  comparison() {
    return {
      variants: PHV_DECKUNGSVARIANTEN.map((variant) => ({
        value: variant.deckungsVarianteIdentifier,
        label: variant.deckungsVarianteName,
        // The catalogue recommends no PHV variant.
        recommended: false,
      })),
      features: [
        {
          label: 'Deckungssumme',
          description: 'Pauschal für Personen-, Sach- und Vermögensschäden je Schadenfall.',
          variantOptionRelation: Object.fromEntries(
            PHV_DECKUNGSVARIANTEN.map((variant) => [
              variant.deckungsVarianteIdentifier,
              { included: true, text: formatCents(variant.versicherungssumme, { compact: true }) },
            ]),
          ),
        },
        {
          label: 'Amts- und Diensthaftpflicht',
          description: 'Für den öffentlichen Dienst, einschließlich des Verlusts von Dienstschlüsseln.',
          variantOptionRelation: Object.fromEntries(
            PHV_DECKUNGSVARIANTEN.map((variant) => [
              variant.deckungsVarianteIdentifier,
              { included: true, text: 'zubuchbar' },
            ]),
          ),
        },
      ],
    };
  },
  pricingRequest(answers, choice) {
    const facts = ratingFacts(answers);
    if (!facts || !choice) return facts;
    return { ...facts, variante: choice.variante, zahlweise: choice.zahlweise };
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
    const haushalt = stepData(data, 'haushalt');
    return {
      details: {
        produktKey: 'PRIVATHAFTPFLICHT',
        phv: {
          familienstand: haushalt.familienstand as PhvFamilienstand,
          hfkVariante: stepData(data, 'tarif').deckungsVariante as never,
        },
        ...(haushalt.diensthaftpflicht === true
          ? { diensthaftpflicht: { beruf: String(haushalt.beruf), eingeschlossen: true } }
          : {}),
      },
      selbstbeteiligung: { einheit: 'ABSOLUT', option: haushalt.selbstbeteiligung as Selbstbeteiligung },
    };
  },
};
