// The private liability application (Privathaftpflichtversicherung, PHV) as a flow: who is
// insured (the family status decides which co-insured persons and children the contract covers),
// the public-service liability with the profession, the deductible; then the co-insured persons by
// name (the partner for PAAR and FAMILIE, the children for SINGLE_PLUS_KIND and FAMILIE: spec §3
// co-insured kinds; a family status without them takes their steps off the path, so the engine
// prunes their answers and the server refuses them), the prior claims (a risk question: more
// claims than the tariff accepts are refused by the tariff's own reason), then the variant and the
// shared steps. Page schemas reuse the tariff's rating input schema.
import { z } from 'zod';
import type { Selbstbeteiligung } from '../../products/enums';
import {
  PHV_DECKUNGSVARIANTEN,
  PHV_FAMILIENSTAND_OPTIONS,
  PHV_VARIANTEN,
} from '../../products/phv/catalogue';
import type { PhvFamilienstand } from '../../products/phv/catalogue';
import { PHV_MAX_KINDER, phvRatingInputSchema } from '../../products/phv/tariff';
import type { PhvMitversichertePerson } from '../../products/phv/tariff';
import { addYears, isCalendarDate } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import type { CalendarDate } from '../../dates/calendar-date';
import { APPLICATION_MESSAGES, commonSteps, tarifStep } from '../common-steps';
import type { FieldOption } from '../fields';
import { answerIn, defineFlow } from '../flow';
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
  vorname: 'Bitte geben Sie den Vornamen an.',
  name: 'Bitte geben Sie den Nachnamen an.',
  geburtsdatum: 'Bitte geben Sie das Geburtsdatum als gültiges Datum an.',
  geburtsdatumZukunft: 'Das Geburtsdatum darf nicht in der Zukunft liegen.',
  partnerMindestalter:
    'Ihre Partnerin oder Ihr Partner muss mindestens 18 Jahre alt sein. Bitte prüfen Sie das Geburtsdatum.',
  kinder: 'Bitte nennen Sie mindestens ein Kind, oder wählen Sie oben eine Versicherung ohne Kinder.',
  zuVieleKinder: `Online können wir höchstens ${PHV_MAX_KINDER} Kinder namentlich aufnehmen. Bitte sprechen Sie uns an.`,
} as const;

/** Family statuses that co-insure a partner, and those that co-insure children. */
const MIT_PARTNER: readonly PhvFamilienstand[] = ['PAAR', 'FAMILIE'];
const MIT_KINDERN: readonly PhvFamilienstand[] = ['SINGLE_PLUS_KIND', 'FAMILIE'];
const PARTNER_MINDESTALTER = 18;

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

function nameSchema(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(100);
}

function birthDate(today: CalendarDate, maxDate: CalendarDate, tooYoung: string) {
  return z
    .string({ error: PHV_FLOW_MESSAGES.geburtsdatum })
    .refine(isCalendarDate, { error: PHV_FLOW_MESSAGES.geburtsdatum, abort: true })
    .refine((date) => date >= '1900-01-01', { error: PHV_FLOW_MESSAGES.geburtsdatum, abort: true })
    .refine((date) => date <= today, { error: PHV_FLOW_MESSAGES.geburtsdatumZukunft, abort: true })
    .refine((date) => date <= maxDate, { error: tooYoung });
}

function personFields(maxDate: CalendarDate) {
  return [
    { key: 'vorname', kind: 'text', label: 'Vorname', maxLength: 100 },
    { key: 'name', kind: 'text', label: 'Nachname', maxLength: 100 },
    { key: 'geburtsdatum', kind: 'date', label: 'Geburtsdatum', min: '1900-01-01', max: maxDate },
  ] as const;
}

/** The PHV application flow for a day. */
export function createPrivathaftpflichtFlow({ today }: PrivathaftpflichtFlowContext) {
  const partnerMax = addYears(today, -PARTNER_MINDESTALTER);
  const kindSchema = z.object({
    vorname: nameSchema(PHV_FLOW_MESSAGES.vorname),
    name: nameSchema(PHV_FLOW_MESSAGES.name),
    geburtsdatum: birthDate(today, today, PHV_FLOW_MESSAGES.geburtsdatumZukunft),
  });
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
        next: [
          { to: 'partner', guard: answerIn('haushalt', 'familienstand', MIT_PARTNER) },
          { to: 'kinder', guard: answerIn('haushalt', 'familienstand', MIT_KINDERN) },
          { to: 'vorschaeden' },
        ],
      },
      {
        id: 'partner',
        title: 'Ihre Partnerin oder Ihr Partner',
        intro:
          'Mitversichert ist Ihre Ehe- oder Lebenspartnerin bzw. Ihr Ehe- oder Lebenspartner im selben Haushalt.',
        pageSchema: z.object({
          vorname: nameSchema(PHV_FLOW_MESSAGES.vorname),
          name: nameSchema(PHV_FLOW_MESSAGES.name),
          geburtsdatum: birthDate(today, partnerMax, PHV_FLOW_MESSAGES.partnerMindestalter),
        }),
        fields: personFields(partnerMax),
        next: [
          { to: 'kinder', guard: answerIn('haushalt', 'familienstand', MIT_KINDERN) },
          { to: 'vorschaeden' },
        ],
      },
      {
        id: 'kinder',
        title: 'Ihre Kinder',
        intro:
          'Mitversichert sind Ihre unverheirateten Kinder, auch volljährige in Schule, Ausbildung oder Studium.',
        pageSchema: z.object({
          kinder: z
            .array(kindSchema, { error: PHV_FLOW_MESSAGES.kinder })
            .min(1, { error: PHV_FLOW_MESSAGES.kinder })
            .max(PHV_MAX_KINDER, { error: PHV_FLOW_MESSAGES.zuVieleKinder }),
        }),
        fields: [
          {
            key: 'kinder',
            kind: 'list',
            label: 'Welche Kinder sind mitversichert?',
            itemLabel: 'Kind',
            addLabel: 'Weiteres Kind hinzufügen',
            min: 1,
            max: PHV_MAX_KINDER,
            itemFields: personFields(today),
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

type NamedPerson = Omit<PhvMitversichertePerson, 'art'>;

/** The co-insured persons of the path's parsed data: the partner first, then the children. */
function mitversichertePersonenOf(
  data: Parameters<ProductApplication['contractTerms']>[0],
): PhvMitversichertePerson[] {
  const partner = stepData(data, 'partner') as Partial<NamedPerson>;
  const kinder = (stepData(data, 'kinder').kinder ?? []) as readonly NamedPerson[];
  const person = (art: PhvMitversichertePerson['art'], { vorname, name, geburtsdatum }: NamedPerson) => ({
    art,
    vorname,
    name,
    geburtsdatum,
  });
  return [
    ...(partner.vorname === undefined ? [] : [person('MITVERSICHERTE_PERSON', partner as NamedPerson)]),
    ...kinder.map((kind) => person('MITVERSICHERTES_KIND', kind)),
  ];
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
    const mitversichertePersonen = mitversichertePersonenOf(data);
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
        ...(mitversichertePersonen.length > 0 ? { mitversichertePersonen } : {}),
      },
      selbstbeteiligung: { einheit: 'ABSOLUT', option: haushalt.selbstbeteiligung as Selbstbeteiligung },
    };
  },
};
