// The server's check of a submitted application: the flow is run again on the answers sent, and
// anything the path does not ask for, or any page its schema refuses, becomes a German field
// error with the step and the field's path (the server answers 422 with them).
import { z } from 'zod';
import type { core } from 'zod';
import { germanZodMessage } from '../validation/german-messages';
import { findStep, relevantPageAnswers } from './flow';
import type { ApplicationChannel, Flow, FlowAnswers, FlowStep } from './flow';
import { reachableSteps } from './navigation';

/** A German error on one field of one step; `path` is the dot-joined field path within the page ('' for the page). */
export interface ApplicationFieldError {
  stepId: string;
  path: string;
  message: string;
}

/** The relevant, parsed data per step of the path (schema output: trimmed, normalised). */
export type SubmissionData = Record<string, Record<string, unknown>>;

/** The parsed data of the path, or the German field errors. */
export type SubmissionResult =
  { ok: true; steps: string[]; data: SubmissionData } | { ok: false; errors: ApplicationFieldError[] };

/** German messages of the submission check. */
export const SUBMISSION_MESSAGES = {
  unreachableStep:
    'Diese Angaben gehören zu einem Schritt, der nach Ihren übrigen Antworten nicht vorgesehen ist. Bitte prüfen Sie Ihre Angaben und senden Sie den Antrag erneut.',
  unknownStep:
    'Diese Angaben gehören zu keinem Schritt des Antrags. Bitte laden Sie die Seite neu und prüfen Sie Ihre Angaben.',
  unknownField:
    'Diese Angabe ist in diesem Schritt nicht vorgesehen. Bitte laden Sie die Seite neu und prüfen Sie Ihre Angaben.',
  malformed:
    'Ihre Angaben sind unvollständig angekommen. Bitte laden Sie die Seite neu und senden Sie den Antrag erneut.',
} as const;

/** Request body shape of submitted answers: per step id, that page's key-value answers. */
export const flowAnswersSchema = z.record(
  z.string(),
  z.record(z.string(), z.unknown(), { error: SUBMISSION_MESSAGES.malformed }),
  { error: SUBMISSION_MESSAGES.malformed },
);

function offPathErrors(flow: Flow, answers: FlowAnswers, path: readonly string[]): ApplicationFieldError[] {
  const errors: ApplicationFieldError[] = [];
  for (const [stepId, page] of Object.entries(answers)) {
    if (path.includes(stepId)) continue;
    const step = findStep(flow, stepId);
    if (!step) {
      errors.push({ stepId, path: '', message: SUBMISSION_MESSAGES.unknownStep });
    } else if (Object.keys(relevantPageAnswers(step, page)).length > 0) {
      errors.push({ stepId, path: '', message: SUBMISSION_MESSAGES.unreachableStep });
    }
  }
  return errors;
}

function unknownFieldErrors(step: FlowStep, page: Record<string, unknown>): ApplicationFieldError[] {
  const known = Object.keys(step.pageSchema.shape);
  return Object.keys(page)
    .filter((key) => !known.includes(key))
    .map((key) => ({ stepId: step.id, path: key, message: SUBMISSION_MESSAGES.unknownField }));
}

const germanError = (issue: core.$ZodRawIssue) => germanZodMessage(issue);

function parsePage(step: FlowStep, page: Record<string, unknown>) {
  const parsed = step.pageSchema.safeParse(page, { error: germanError });
  if (parsed.success) return { data: parsed.data, errors: [] };
  const errors = parsed.error.issues.map((issue) => ({
    stepId: step.id,
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return { data: undefined, errors };
}

/**
 * Runs the flow again on submitted answers. Answers to steps off the path (a forged or stale
 * page), unknown fields and pages the schema refuses are errors; empty values and irrelevant keys
 * are dropped silently. On success the data holds every step of the path, parsed; with `until`
 * only the steps of the path before that step (an offer is made before the declaration).
 */
export function validateSubmission(
  flow: Flow,
  answers: FlowAnswers,
  channel: ApplicationChannel,
  { until }: { until?: string } = {},
): SubmissionResult {
  const path = reachableSteps(flow, answers, channel);
  const errors = offPathErrors(flow, answers, path);
  // An offer is prepared before the documents step: the steps from `until` on are not checked yet.
  const end = until === undefined ? -1 : path.indexOf(until);
  const steps = end === -1 ? path : path.slice(0, end);
  const data: SubmissionData = {};
  for (const stepId of steps) {
    const step = findStep(flow, stepId);
    if (!step) continue;
    const page = relevantPageAnswers(step, answers[stepId]);
    const unknown = unknownFieldErrors(step, page);
    const parsed = parsePage(step, page);
    errors.push(...unknown, ...parsed.errors);
    if (parsed.data) data[stepId] = parsed.data;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, steps, data };
}

/** The German field errors of one page as the form shows them (the same messages the server sends). */
export function pageErrors(step: FlowStep, answers: FlowAnswers): ApplicationFieldError[] {
  const page = relevantPageAnswers(step, answers[step.id]);
  return [...unknownFieldErrors(step, page), ...parsePage(step, page).errors];
}
