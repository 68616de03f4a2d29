// An application flow as data (ADR 0021): steps with an id, a German title and a zod page schema,
// transitions with guards declared next to the step, irrelevant field keys per page (spec §3) and
// an optional channel restriction. Browser and server run the same definition.
import type { z } from 'zod';
import type { ProductKey } from '../products/enums';
import type { Field } from './fields';

/** Channels an application runs in: direct (antrag), agent advice, public agent link (spec §2). */
export const APPLICATION_CHANNELS = ['antrag', 'vermittler-beratung', 'beratung'] as const;
/** One of the three channels. */
export type ApplicationChannel = (typeof APPLICATION_CHANNELS)[number];

/** Form data of one page (key-value, spec §3). */
export type PageAnswers = Readonly<Record<string, unknown>>;
/** Form data of a flow: per step id, that page's answers. */
export type FlowAnswers = Readonly<Record<string, PageAnswers>>;

/** A pure condition over the answers of the steps visited so far. */
export type Guard = (answers: FlowAnswers) => boolean;

/** A way on from a step; the first transition whose guard passes wins (a step the channel lacks is passed through). */
export interface Transition {
  to: string;
  guard?: Guard;
}

/** One page of a flow; its id is also its URL segment (`/<produkt>/antrag/<id>/`). */
export interface FlowStep {
  id: string;
  /** German page title, as the step list and the browser tab show it. */
  title: string;
  /** Validates the page's relevant answers; only keys of its shape (or `irrelevant`) may be sent. */
  pageSchema: z.ZodObject;
  /** Keys the page carries for the screen only (finder text, looked-up bank name): never relevant data. */
  irrelevant?: readonly string[];
  /** Channels that show this step (all when absent); other channels pass through it to its `next`. */
  channels?: readonly ApplicationChannel[];
  /** Ways on, in order; none for the last step. */
  next?: readonly Transition[];
  /** What the page shows, in order (fields.ts); the browser renders the page from it. */
  fields?: readonly Field[];
  /** A sentence below the page title. */
  intro?: string;
  /**
   * Answers an empty page starts with, copied from an earlier step of the path (the applicant's
   * address from the insured flat): the page shows them to confirm or change, never silently.
   */
  prefillFrom?: { stepId: string; keys: readonly string[] };
}

/** A product's application flow; it starts at its first step. */
export interface Flow {
  id: string;
  productKey: ProductKey;
  steps: readonly FlowStep[];
}

const STEP_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function checkStep(step: FlowStep, ids: ReadonlySet<string>, flowId: string): void {
  if (!STEP_ID_PATTERN.test(step.id)) {
    throw new Error(`Flow ${flowId}: step id '${step.id}' is not a URL segment (a-z, 0-9, '-').`);
  }
  for (const transition of step.next ?? []) {
    if (!ids.has(transition.to)) {
      throw new Error(`Flow ${flowId}: step '${step.id}' leads to unknown step '${transition.to}'.`);
    }
  }
  const shapeKeys = Object.keys(step.pageSchema.shape);
  for (const key of step.irrelevant ?? []) {
    if (shapeKeys.includes(key)) {
      throw new Error(`Flow ${flowId}: '${step.id}.${key}' is both validated and irrelevant.`);
    }
  }
  if (step.prefillFrom && !ids.has(step.prefillFrom.stepId)) {
    throw new Error(
      `Flow ${flowId}: step '${step.id}' is prefilled from unknown step '${step.prefillFrom.stepId}'.`,
    );
  }
  // Every field that takes an answer must be one the page schema validates (or an irrelevant one),
  // so the screen cannot ask for something the server would refuse as unknown.
  for (const field of step.fields ?? []) {
    if (field.kind === 'notice' || field.kind === 'documents') continue;
    if (!shapeKeys.includes(field.key) && !step.irrelevant?.includes(field.key)) {
      throw new Error(`Flow ${flowId}: field '${step.id}.${field.key}' is not in the page schema.`);
    }
  }
}

/** Checks a flow definition once (unique URL-safe ids, known targets, a start every channel has) and returns it. */
export function defineFlow<const F extends Flow>(flow: F): F {
  const ids = new Set(flow.steps.map((step) => step.id));
  if (ids.size !== flow.steps.length) throw new Error(`Flow ${flow.id}: step ids must be unique.`);
  const start = flow.steps[0];
  if (!start) throw new Error(`Flow ${flow.id}: a flow needs at least one step.`);
  if (start.channels) throw new Error(`Flow ${flow.id}: the first step must be open to every channel.`);
  for (const step of flow.steps) checkStep(step, ids, flow.id);
  return flow;
}

/** The step with this id, or undefined. */
export function findStep(flow: Flow, stepId: string): FlowStep | undefined {
  return flow.steps.find((step) => step.id === stepId);
}

/** Whether the channel shows the step. */
export function isStepInChannel(step: FlowStep, channel: ApplicationChannel): boolean {
  return !step.channels || step.channels.includes(channel);
}

/** Empty means not answered: undefined, null, blank text, an empty list or an object of empty values. */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.values(value).every(isEmptyAnswer);
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Object.fromEntries makes every key an own property, so a sent '__proto__' stays a (refused) field.
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => !isEmptyAnswer(inner))
      .map(([key, inner]) => [key, withoutEmpty(inner)]),
  );
}

/** A page's relevant answers (spec §3): irrelevant keys, hidden fields and empty values dropped; a page that is no object has none. */
export function relevantPageAnswers(step: FlowStep, page: unknown): Record<string, unknown> {
  if (!isPlainObject(page)) return {};
  // A field the page hides (its `visibleWhen` fails) is not an answer: a value left there from an
  // earlier choice must neither be refused nor count.
  const hidden = new Set(
    (step.fields ?? [])
      .filter(
        (field) =>
          'visibleWhen' in field &&
          field.visibleWhen &&
          !field.visibleWhen.in.includes(page[field.visibleWhen.key]),
      )
      .map((field) => field.key),
  );
  return Object.fromEntries(
    Object.entries(page)
      .filter(([key, value]) => !step.irrelevant?.includes(key) && !hidden.has(key) && !isEmptyAnswer(value))
      .map(([key, value]) => [key, withoutEmpty(value)]),
  );
}

/** The answer to one field, undefined when it is empty (an empty optional field is not an answer). */
export function answerOf(answers: FlowAnswers, stepId: string, key: string): unknown {
  const value = answers[stepId]?.[key];
  return isEmptyAnswer(value) ? undefined : value;
}

/** Guard: the field is answered (not empty). */
export function isAnswered(stepId: string, key: string): Guard {
  return (answers) => answerOf(answers, stepId, key) !== undefined;
}

/** Guard: the field is answered with exactly this value. */
export function answerEquals(stepId: string, key: string, expected: unknown): Guard {
  return (answers) => answerOf(answers, stepId, key) === expected;
}

/** Guard: the field is answered with one of these values; an empty field never passes. */
export function answerIn(stepId: string, key: string, expected: readonly unknown[]): Guard {
  return (answers) => {
    const value = answerOf(answers, stepId, key);
    return value !== undefined && expected.includes(value);
  };
}

/** Guard: the field is answered with a value other than this one; an empty field never passes. */
export function answerDiffers(stepId: string, key: string, other: unknown): Guard {
  return (answers) => {
    const value = answerOf(answers, stepId, key);
    return value !== undefined && value !== other;
  };
}

/** Guard: the list field contains this value. */
export function answerIncludes(stepId: string, key: string, expected: unknown): Guard {
  return (answers) => {
    const value = answerOf(answers, stepId, key);
    return Array.isArray(value) && value.includes(expected);
  };
}

/**
 * The values a page starts with when it repeats an earlier answer (`prefillFrom`): only while the
 * page is still empty, and only the keys the earlier page has; undefined when there is nothing to
 * fill in.
 */
export function prefillValues(step: FlowStep, answers: FlowAnswers): PageAnswers | undefined {
  const source = step.prefillFrom;
  if (!source) return undefined;
  const isEmpty = Object.values(answers[step.id] ?? {}).every((value) => value === undefined || value === '');
  if (!isEmpty) return undefined;
  const from = answers[source.stepId] ?? {};
  const values = Object.fromEntries(
    source.keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]]),
  );
  return Object.keys(values).length > 0 ? values : undefined;
}
