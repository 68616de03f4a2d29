// What a flow's data computes: the path through the flow for the answers given, next and back,
// progress, whether a step is done, and the answers pruned to the path (before pricing and saving).
import { findStep, isStepInChannel, relevantPageAnswers } from './flow';
import type { ApplicationChannel, Flow, FlowAnswers, FlowStep } from './flow';

function requireStep(flow: Flow, stepId: string): FlowStep {
  const step = findStep(flow, stepId);
  if (!step) throw new Error(`Flow ${flow.id}: unknown step '${stepId}'.`);
  return step;
}

// A step the channel does not show is passed through: its own transitions decide what follows.
function followingStep(
  flow: Flow,
  step: FlowStep,
  visitedAnswers: FlowAnswers,
  channel: ApplicationChannel,
  passedThrough: readonly string[] = [],
): FlowStep | undefined {
  const transition = step.next?.find((candidate) => !candidate.guard || candidate.guard(visitedAnswers));
  if (!transition) return undefined;
  const target = requireStep(flow, transition.to);
  if (isStepInChannel(target, channel)) return target;
  if (passedThrough.includes(target.id))
    throw new Error(`Flow ${flow.id}: the path loops at '${target.id}'.`);
  return followingStep(flow, target, visitedAnswers, channel, [...passedThrough, target.id]);
}

/**
 * The path through the flow for these answers: from the first step, each step's first passing
 * transition; steps the channel does not show are passed through. A guard sees only the relevant answers of the steps up to it on the path, so an
 * answer left on a step that is no longer reachable, or an empty optional field, never steers.
 */
export function reachableSteps(flow: Flow, answers: FlowAnswers, channel: ApplicationChannel): string[] {
  const path: string[] = [];
  const visitedAnswers: Record<string, Record<string, unknown>> = {};
  let step: FlowStep | undefined = flow.steps[0];
  while (step) {
    if (path.includes(step.id)) throw new Error(`Flow ${flow.id}: the path loops at '${step.id}'.`);
    path.push(step.id);
    visitedAnswers[step.id] = relevantPageAnswers(step, answers[step.id]);
    step = followingStep(flow, step, visitedAnswers, channel);
  }
  return path;
}

/** The step after this one on the current path, or undefined on the last step (or off the path). */
export function nextStep(
  flow: Flow,
  answers: FlowAnswers,
  channel: ApplicationChannel,
  stepId: string,
): string | undefined {
  const path = reachableSteps(flow, answers, channel);
  const index = path.indexOf(stepId);
  return index === -1 ? undefined : path[index + 1];
}

/** The step before this one on the current path, or undefined on the first step (or off the path). */
export function previousStep(
  flow: Flow,
  answers: FlowAnswers,
  channel: ApplicationChannel,
  stepId: string,
): string | undefined {
  const path = reachableSteps(flow, answers, channel);
  const index = path.indexOf(stepId);
  return index <= 0 ? undefined : path[index - 1];
}

/** Progress as the UI shows it ('Schritt 3 von 9'): 1-based position on the current path and its length. */
export interface FlowProgress {
  index: number;
  count: number;
}

/** Progress of a step on the current path; undefined when the step is not on it. */
export function progress(
  flow: Flow,
  answers: FlowAnswers,
  channel: ApplicationChannel,
  stepId: string,
): FlowProgress | undefined {
  const path = reachableSteps(flow, answers, channel);
  const index = path.indexOf(stepId);
  return index === -1 ? undefined : { index: index + 1, count: path.length };
}

/** A step is done when its page schema accepts its relevant answers. */
export function isStepDone(step: FlowStep, answers: FlowAnswers): boolean {
  return step.pageSchema.safeParse(relevantPageAnswers(step, answers[step.id])).success;
}

/** The first step on the path that is not done yet, or undefined when every step is done. */
export function firstOpenStep(
  flow: Flow,
  answers: FlowAnswers,
  channel: ApplicationChannel,
): string | undefined {
  return reachableSteps(flow, answers, channel).find(
    (stepId) => !isStepDone(requireStep(flow, stepId), answers),
  );
}

/**
 * The answers that count: only steps on the current path, each page without irrelevant keys and
 * empty values; pages left empty are dropped. Run it before pricing and before saving.
 */
export function pruneAnswers(
  flow: Flow,
  answers: FlowAnswers,
  channel: ApplicationChannel,
): Record<string, Record<string, unknown>> {
  const pruned: Record<string, Record<string, unknown>> = {};
  for (const stepId of reachableSteps(flow, answers, channel)) {
    const page = relevantPageAnswers(requireStep(flow, stepId), answers[stepId]);
    if (Object.keys(page).length > 0) pruned[stepId] = page;
  }
  return pruned;
}
