// Pieces the business flows share (Betriebshaftpflicht, Sachinhalt, Vermögensschadenhaftpflicht):
// the secondary trades as a list of finder items, the risk questions (§ 19 VVG) of the chosen
// trades, the previous insurance with its cancellation status, the deductible options and the
// pricing helpers that turn those pages into the tariff's inputs.
//
// Risk questions: a page's fields are static data and `visibleWhen` sees only the same page, so a
// single page cannot show "the questions of the trades chosen on the previous page". The domain
// defines the questions per trade (business-types.ts, the same data /api/fragebogen/risikofragen/
// {gewerbeId} serves), so each trade that has questions gets its own step 'risikofragen-<id>',
// reached only while that trade is the main trade or one of the secondary trades. The path then
// asks exactly the chosen trades' questions (required on their page), the server refuses answers
// to a trade not chosen (a step off the path), and every field's label is the question's wording.
// A knock-out answer is not refused by the page: it goes into the pricing request's `risikofragen`,
// so the tariff's uninsurable result names the question (the server shows /antrag/sorry/).
import { z } from 'zod';
import type { BusinessType, RiskQuestion } from '../../products/bhv/business-types';
import { JA_NEIN, KUENDIGUNGSSTATUS, OPERATOR_BRAND_KEY, SELBSTBETEILIGUNGEN } from '../../products/enums';
import type { Kuendigungsstatus, Selbstbeteiligung } from '../../products/enums';
import { ihkNumberSchema } from '../../validation/identifiers';
import type { Field, ListField, TextField } from '../fields';
import { optionsOf } from '../fields';
import { answerOf } from '../flow';
import type { FlowAnswers, FlowStep, Guard, Transition } from '../flow';
import type { RiskCheckRefusal } from '../product-application';
import type { SubmissionData } from '../submission';

/** German messages of the business pages. */
export const BUSINESS_FLOW_MESSAGES = {
  risikofrage: 'Bitte beantworten Sie die Frage mit Ja oder Nein.',
  selbstbeteiligung: 'Bitte wählen Sie eine Selbstbeteiligung.',
  variante: 'Bitte wählen Sie einen Tarif.',
  vorversicherung: 'Bitte geben Sie an, ob Sie bisher eine solche Versicherung hatten.',
  vorversicherer: 'Bitte nennen Sie Ihren bisherigen Versicherer.',
  gekuendigt: 'Bitte geben Sie an, ob der bisherige Vertrag gekündigt wurde.',
  kuendigungsstatus: 'Bitte geben Sie an, wer den bisherigen Vertrag gekündigt hat.',
  nurMitVorversicherung: 'Diese Angabe gilt nur, wenn Sie bisher versichert waren.',
  nurNachKuendigung: 'Diese Angabe gilt nur, wenn der bisherige Vertrag gekündigt wurde.',
  gewerbeDoppelt: 'Bitte wählen Sie jede Tätigkeit nur einmal.',
} as const;

/** Deductibles as the pages show them. */
export const SELBSTBETEILIGUNG_LABELS: Readonly<Record<Selbstbeteiligung, string>> = {
  SB_KEINE: 'Keine Selbstbeteiligung',
  SB_250: '250 EUR',
  SB_500: '500 EUR',
  SB_1000: '1.000 EUR',
  SB_5000: '5.000 EUR',
};

/** The deductibles a product offers, in the order of the enumeration. */
export function selbstbeteiligungOptions(offered: readonly Selbstbeteiligung[] = SELBSTBETEILIGUNGEN) {
  return optionsOf(SELBSTBETEILIGUNG_LABELS).filter((option) =>
    offered.includes(option.value as Selbstbeteiligung),
  );
}

const JA_NEIN_LABELS = { JA: 'Ja', NEIN: 'Nein' };

/** Ja/Nein as radio options. */
export const JA_NEIN_OPTIONS = optionsOf(JA_NEIN_LABELS);

const KUENDIGUNGSSTATUS_LABELS: Readonly<Record<Kuendigungsstatus, string>> = {
  [`${OPERATOR_BRAND_KEY}_KUENDIGUNGSSTATUS_HABE`]: 'Ich habe gekündigt.',
  [`${OPERATOR_BRAND_KEY}_KUENDIGUNGSSTATUS_WURDE`]: 'Der Versicherer hat gekündigt.',
} as Record<Kuendigungsstatus, string>;

/**
 * The IHK registration number (optional): businesses registered with their chamber under § 34c,
 * d, f or i GewO have one; the answer is stored with the application, the tariff does not rate it.
 */
export const ihkNummerField: TextField = {
  key: 'ihkNummer',
  kind: 'text',
  label: 'IHK-Registrierungsnummer',
  optional: true,
  maxLength: 16,
  hint: 'Falls Ihr Betrieb bei der IHK registriert ist, im Format D-XXXX-XXXXX-XX (zum Schluss zwei Ziffern).',
};

/** Page schema entry of the IHK number: optional, upper-cased, D-XXXX-XXXXX-NN. */
export const ihkNummerSchema = ihkNumberSchema.optional();

/**
 * The secondary trades (Nebengewerbe) as a list of finder items `{ gewerbe: id }`; the tariff takes
 * the ids (`nebengewerbeIds`). At most `max` items: the tariff insures no more online.
 */
export function nebengewerbeField({ produkt, max }: { produkt: string; max: number }): ListField {
  return {
    key: 'nebengewerbe',
    kind: 'list',
    label: 'Weitere Tätigkeiten (Nebengewerbe)',
    optional: true,
    hint: `Üben Sie neben Ihrer Haupttätigkeit weitere Tätigkeiten aus? Online versichern wir bis zu ${max}.`,
    itemLabel: 'Nebengewerbe',
    addLabel: 'Weitere Tätigkeit hinzufügen',
    min: 0,
    max,
    itemFields: [{ key: 'gewerbe', kind: 'finder', finder: 'gewerbeart', produkt, label: 'Tätigkeit' }],
  };
}

/** Page schema of the secondary trades: items with a trade id of the tariff, each at most once. */
export function nebengewerbeSchema(businessId: z.ZodType<string>, max: number, tooMany: string) {
  return z
    .array(z.object({ gewerbe: businessId }))
    .max(max, { error: tooMany })
    .refine((items) => new Set(items.map((item) => item.gewerbe)).size === items.length, {
      error: BUSINESS_FLOW_MESSAGES.gewerbeDoppelt,
    });
}

/** The ids of the secondary trades of a page (items without a chosen trade are left out). */
export function nebengewerbeIds(page: Readonly<Record<string, unknown>> | undefined): string[] {
  const items = page?.['nebengewerbe'];
  if (!Array.isArray(items)) return [];
  return items
    .map((item: unknown) =>
      typeof item === 'object' && item !== null ? (item as Record<string, unknown>)['gewerbe'] : undefined,
    )
    .filter((id): id is string => typeof id === 'string' && id.trim() !== '');
}

/** Guard: the trade is the main trade or one of the secondary trades of the page. */
export function tradeChosen(stepId: string, mainKey: string, tradeId: string): Guard {
  return (answers) =>
    answerOf(answers, stepId, mainKey) === tradeId || nebengewerbeIds(answers[stepId]).includes(tradeId);
}

/** A trade with the questions its own step asks. */
export interface TradeQuestions {
  type: BusinessType;
  questions: readonly RiskQuestion[];
}

/** Step id of a trade's risk questions. */
export function riskStepId(tradeId: string): string {
  return `risikofragen-${tradeId}`;
}

function riskQuestionFields(questions: readonly RiskQuestion[]): Field[] {
  return questions.map((question) => ({
    key: question.id,
    kind: 'radio',
    label: question.text,
    options: JA_NEIN_OPTIONS,
  }));
}

/** A page schema that requires a Ja/Nein answer to each question, keyed by the question's id. */
export function riskQuestionSchema(questions: readonly RiskQuestion[]) {
  return z.object(
    Object.fromEntries(
      questions.map((question) => [
        question.id,
        z.enum(JA_NEIN, { error: BUSINESS_FLOW_MESSAGES.risikofrage }),
      ]),
    ),
  );
}

/**
 * The transitions from a step to the risk questions of the first chosen trade among `trades`, then
 * on to `after`. Used by the trade page (all trades) and by each trade's step (the trades after it).
 */
export function toRiskQuestions(
  trades: readonly TradeQuestions[],
  chosen: (tradeId: string) => Guard,
  after: string,
): Transition[] {
  return [...trades.map(({ type }) => ({ to: riskStepId(type.id), guard: chosen(type.id) })), { to: after }];
}

/** One step per trade with questions, each reached only while the trade is chosen (see the file comment). */
export function riskQuestionSteps(
  trades: readonly TradeQuestions[],
  chosen: (tradeId: string) => Guard,
  after: string,
): FlowStep[] {
  return trades.map(({ type, questions }, index) => ({
    id: riskStepId(type.id),
    title: `Fragen zu Ihrer Tätigkeit: ${type.name}`,
    intro: 'Bitte beantworten Sie die Fragen vollständig und wahrheitsgemäß (§ 19 VVG).',
    pageSchema: riskQuestionSchema(questions),
    fields: riskQuestionFields(questions),
    next: toRiskQuestions(trades.slice(index + 1), chosen, after),
  }));
}

/** The trades of a list that have questions of their own (`questionsOf` picks them). */
export function tradesWithQuestions(
  types: readonly BusinessType[],
  questionsOf: (type: BusinessType) => readonly RiskQuestion[] = (type) => type.riskQuestions,
): TradeQuestions[] {
  return types
    .map((type) => ({ type, questions: questionsOf(type) }))
    .filter((trade) => trade.questions.length > 0);
}

/** The `risikofragen` of a pricing request: the Ja/Nein answers of the given steps. */
export function riskAnswers(answers: FlowAnswers, stepIds: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const stepId of stepIds) {
    for (const [key, value] of Object.entries(answers[stepId] ?? {})) {
      if (value === 'JA' || value === 'NEIN') result[key] = value;
    }
  }
  return result;
}

/**
 * The previous insurance of the same kind and, if it was cancelled, by whom (spec §3
 * KUENDIGUNGSSTATUS_HABE / _WURDE). A cancellation by the insurer ('WURDE') fails the online risk
 * check (`vorversicherungRiskCheck`): whether it rules the risk out (after claims, for late
 * payment, or because the insurer left the line of business) is an underwriter's judgement, so
 * such an application is referred to the underwriters instead of being accepted online. The
 * question is asked with its exact wording (§ 19 VVG).
 */
export function vorversicherungStep({
  produktName,
  next,
}: {
  /** 'Betriebshaftpflichtversicherung' etc., as the question names the insurance. */
  produktName: string;
  next: readonly Transition[];
}): FlowStep {
  const yes = ['JA'];
  const schema = z
    .object({
      vorversicherung: z.enum(JA_NEIN, { error: BUSINESS_FLOW_MESSAGES.vorversicherung }),
      vorversicherer: z
        .string({ error: BUSINESS_FLOW_MESSAGES.vorversicherer })
        .trim()
        .min(1, { error: BUSINESS_FLOW_MESSAGES.vorversicherer })
        .max(100)
        .optional(),
      gekuendigt: z.enum(JA_NEIN, { error: BUSINESS_FLOW_MESSAGES.gekuendigt }).optional(),
      kuendigungsstatus: z
        .enum(KUENDIGUNGSSTATUS, { error: BUSINESS_FLOW_MESSAGES.kuendigungsstatus })
        .optional(),
    })
    .superRefine((page, context) => {
      const issue = (key: string, message: string) =>
        context.addIssue({ code: 'custom', path: [key], message });
      if (page.vorversicherung === 'JA') {
        if (page.vorversicherer === undefined) issue('vorversicherer', BUSINESS_FLOW_MESSAGES.vorversicherer);
        if (page.gekuendigt === undefined) issue('gekuendigt', BUSINESS_FLOW_MESSAGES.gekuendigt);
      } else {
        for (const key of ['vorversicherer', 'gekuendigt'] as const) {
          if (page[key] !== undefined) issue(key, BUSINESS_FLOW_MESSAGES.nurMitVorversicherung);
        }
      }
      if (page.gekuendigt === 'JA' && page.kuendigungsstatus === undefined) {
        issue('kuendigungsstatus', BUSINESS_FLOW_MESSAGES.kuendigungsstatus);
      }
      if (page.gekuendigt !== 'JA' && page.kuendigungsstatus !== undefined) {
        issue('kuendigungsstatus', BUSINESS_FLOW_MESSAGES.nurNachKuendigung);
      }
    });
  return {
    id: 'vorversicherung',
    title: 'Bisherige Versicherung',
    pageSchema: schema,
    fields: [
      {
        key: 'vorversicherung',
        kind: 'radio',
        label: `Bestand in den letzten fünf Jahren eine ${produktName} für Ihren Betrieb?`,
        options: JA_NEIN_OPTIONS,
      },
      {
        key: 'vorversicherer',
        kind: 'text',
        label: 'Bisheriger Versicherer',
        maxLength: 100,
        visibleWhen: { key: 'vorversicherung', in: yes },
      },
      {
        key: 'gekuendigt',
        kind: 'radio',
        label: 'Wurde dieser Vertrag gekündigt?',
        options: JA_NEIN_OPTIONS,
        visibleWhen: { key: 'vorversicherung', in: yes },
      },
      {
        key: 'kuendigungsstatus',
        kind: 'radio',
        label: 'Wer hat gekündigt?',
        options: optionsOf(KUENDIGUNGSSTATUS_LABELS),
        visibleWhen: { key: 'gekuendigt', in: yes },
      },
    ],
    next,
  };
}

/** The German reason of the risk check when the previous insurer cancelled. */
export const VORVERSICHERER_GEKUENDIGT_REASON =
  'Ihr bisheriger Versicherer hat den Vertrag gekündigt. Einen solchen Antrag können wir online leider nicht annehmen. ' +
  'Unsere Fachabteilung prüft ihn gern persönlich: Bitte rufen Sie uns an unter 0221 998877-0 ' +
  'oder schreiben Sie an service@schirm.de.';

/** Online risk check of the business products: a cancellation by the previous insurer is referred. */
export function vorversicherungRiskCheck(data: SubmissionData): RiskCheckRefusal | undefined {
  const kuendigung = data['vorversicherung']?.['kuendigungsstatus'];
  return kuendigung === `${OPERATOR_BRAND_KEY}_KUENDIGUNGSSTATUS_WURDE`
    ? { code: 'VORVERSICHERER_HAT_GEKUENDIGT', reason: VORVERSICHERER_GEKUENDIGT_REASON }
    : undefined;
}
