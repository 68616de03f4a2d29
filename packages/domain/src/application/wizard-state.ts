// Wizard state of spec §3/§4 as a pure reducer over a flow: product name and key, base route,
// the steps of the current path, the current step, the answers, applicationSent (set once; a
// second submit is refused) and isPrefilled. Every step has its own URL segment under the base route.
import type { ProductKey } from '../products/enums';
import { findStep } from './flow';
import type { ApplicationChannel, Flow, FlowAnswers, PageAnswers } from './flow';
import {
  firstOpenStep,
  isStepDone,
  nextStep,
  previousStep,
  pruneAnswers,
  reachableSteps,
} from './navigation';
import { pageErrors } from './submission';
import type { ApplicationFieldError } from './submission';

/** The wizard of one application (spec §3/§4); `Result` is the application result once sent. */
export interface WizardState<Result = unknown> {
  productName: string;
  productKey: ProductKey;
  channel: ApplicationChannel;
  /** Route of the flow without a trailing slash, e.g. '/fahrrad/antrag'. */
  baseRoute: string;
  /** Step ids of the current path. */
  steps: string[];
  currentStep: string;
  answers: FlowAnswers;
  applicationSent: boolean;
  /** The application result once sent (spec §3). */
  applicationResult: Result | undefined;
  /** The answers came from a saved draft or a prefill, not from this session. */
  isPrefilled: boolean;
}

/** What the screens ask the wizard to do. */
export type WizardAction<Result = unknown> =
  | { type: 'answer'; stepId: string; values: PageAnswers }
  | { type: 'goTo'; stepId: string }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'reset' }
  | { type: 'prefill'; answers: FlowAnswers }
  | { type: 'markSent'; result: Result };

/** Why the wizard refused an action. */
export type WizardRefusalCode =
  | 'ALREADY_SENT'
  | 'STEP_NOT_REACHABLE'
  | 'STEP_INCOMPLETE'
  | 'EARLIER_STEP_OPEN'
  | 'NO_NEXT_STEP'
  | 'NO_PREVIOUS_STEP'
  | 'APPLICATION_INCOMPLETE';

/** Why an action was not carried out; the state stays as it was. */
export interface WizardRefusal {
  code: WizardRefusalCode;
  /** German, for the person. */
  message: string;
  /** The step to show instead (the first open step), where there is one. */
  stepId?: string;
  /** The current page's field errors (STEP_INCOMPLETE). */
  errors?: ApplicationFieldError[];
}

/** The state after an action, with the refusal when it was not carried out. */
export type WizardOutcome<Result = unknown> =
  | { ok: true; state: WizardState<Result> }
  | { ok: false; state: WizardState<Result>; refusal: WizardRefusal };

/** German texts of the refusals. */
export const WIZARD_MESSAGES: Readonly<Record<WizardRefusalCode, string>> = {
  ALREADY_SENT:
    'Ihr Antrag wurde bereits gesendet. Ein zweites Senden ist nicht nötig; Ihre Unterlagen erhalten Sie per E-Mail.',
  STEP_NOT_REACHABLE:
    'Diesen Schritt gibt es nach Ihren bisherigen Angaben nicht. Wir zeigen Ihnen den nächsten offenen Schritt.',
  STEP_INCOMPLETE: 'Bitte vervollständigen Sie die markierten Angaben, bevor Sie fortfahren.',
  EARLIER_STEP_OPEN: 'Bitte beantworten Sie zuerst die Fragen der vorherigen Schritte.',
  NO_NEXT_STEP: 'Dies ist der letzte Schritt. Bitte senden Sie hier Ihren Antrag ab.',
  NO_PREVIOUS_STEP: 'Dies ist der erste Schritt des Antrags.',
  APPLICATION_INCOMPLETE: 'Bitte vervollständigen Sie zuerst alle Schritte des Antrags.',
};

/** What a wizard is started with: the product, the channel and the flow's route. */
export interface WizardSetup {
  productName: string;
  productKey: ProductKey;
  channel: ApplicationChannel;
  baseRoute: string;
}

/** A fresh wizard on the flow's first step. */
export function initialWizardState<Result = unknown>(flow: Flow, setup: WizardSetup): WizardState<Result> {
  const steps = reachableSteps(flow, {}, setup.channel);
  return {
    productName: setup.productName,
    productKey: setup.productKey,
    channel: setup.channel,
    baseRoute: setup.baseRoute.replace(/\/+$/, ''),
    steps,
    currentStep: steps[0] ?? '',
    answers: {},
    applicationSent: false,
    applicationResult: undefined,
    isPrefilled: false,
  };
}

function setupOf(state: WizardState<unknown>): WizardSetup {
  const { productName, productKey, channel, baseRoute } = state;
  return { productName, productKey, channel, baseRoute };
}

function refuse<Result>(
  state: WizardState<Result>,
  code: WizardRefusalCode,
  details: Omit<WizardRefusal, 'code' | 'message'> = {},
): WizardOutcome<Result> {
  return { ok: false, state, refusal: { code, message: WIZARD_MESSAGES[code], ...details } };
}

function accept<Result>(state: WizardState<Result>): WizardOutcome<Result> {
  return { ok: true, state };
}

function openStepBefore(flow: Flow, state: WizardState<unknown>, stepId: string): string | undefined {
  const open = firstOpenStep(flow, state.answers, state.channel);
  if (open === undefined) return undefined;
  return state.steps.indexOf(open) < state.steps.indexOf(stepId) ? open : undefined;
}

function answer<Result>(
  flow: Flow,
  state: WizardState<Result>,
  stepId: string,
  values: PageAnswers,
): WizardOutcome<Result> {
  if (state.applicationSent) return refuse(state, 'ALREADY_SENT');
  if (!state.steps.includes(stepId))
    return refuse(state, 'STEP_NOT_REACHABLE', { stepId: state.currentStep });
  const answers = { ...state.answers, [stepId]: { ...values } };
  const steps = reachableSteps(flow, answers, state.channel);
  const currentStep = steps.includes(state.currentStep) ? state.currentStep : stepId;
  return accept({ ...state, answers, steps, currentStep });
}

function goTo<Result>(flow: Flow, state: WizardState<Result>, stepId: string): WizardOutcome<Result> {
  if (!state.steps.includes(stepId)) {
    const fallback = firstOpenStep(flow, state.answers, state.channel) ?? state.currentStep;
    return refuse(state, 'STEP_NOT_REACHABLE', { stepId: fallback });
  }
  const open = openStepBefore(flow, state, stepId);
  if (open) return refuse(state, 'EARLIER_STEP_OPEN', { stepId: open });
  return accept({ ...state, currentStep: stepId });
}

function next<Result>(flow: Flow, state: WizardState<Result>): WizardOutcome<Result> {
  const step = findStep(flow, state.currentStep);
  if (step && !isStepDone(step, state.answers)) {
    return refuse(state, 'STEP_INCOMPLETE', { errors: pageErrors(step, state.answers) });
  }
  const following = nextStep(flow, state.answers, state.channel, state.currentStep);
  if (!following) return refuse(state, 'NO_NEXT_STEP');
  return accept({ ...state, currentStep: following });
}

function back<Result>(flow: Flow, state: WizardState<Result>): WizardOutcome<Result> {
  const previous = previousStep(flow, state.answers, state.channel, state.currentStep);
  if (!previous) return refuse(state, 'NO_PREVIOUS_STEP');
  return accept({ ...state, currentStep: previous });
}

function prefill<Result>(
  flow: Flow,
  state: WizardState<Result>,
  answers: FlowAnswers,
): WizardOutcome<Result> {
  if (state.applicationSent) return refuse(state, 'ALREADY_SENT');
  const pruned = pruneAnswers(flow, answers, state.channel);
  const steps = reachableSteps(flow, pruned, state.channel);
  const currentStep =
    firstOpenStep(flow, pruned, state.channel) ?? steps[steps.length - 1] ?? state.currentStep;
  return accept({ ...state, answers: pruned, steps, currentStep, isPrefilled: true });
}

function markSent<Result>(flow: Flow, state: WizardState<Result>, result: Result): WizardOutcome<Result> {
  if (state.applicationSent) return refuse(state, 'ALREADY_SENT');
  const open = firstOpenStep(flow, state.answers, state.channel);
  if (open) return refuse(state, 'APPLICATION_INCOMPLETE', { stepId: open });
  return accept({ ...state, applicationSent: true, applicationResult: result });
}

/** Applies one action; a refused action leaves the state unchanged and says why in German. */
export function reduceWizard<Result>(
  flow: Flow,
  state: WizardState<Result>,
  action: WizardAction<Result>,
): WizardOutcome<Result> {
  switch (action.type) {
    case 'answer':
      return answer(flow, state, action.stepId, action.values);
    case 'goTo':
      return goTo(flow, state, action.stepId);
    case 'next':
      return next(flow, state);
    case 'back':
      return back(flow, state);
    case 'reset':
      return accept(initialWizardState<Result>(flow, setupOf(state)));
    case 'prefill':
      return prefill(flow, state, action.answers);
    case 'markSent':
      return markSent(flow, state, action.result);
  }
}

/** The URL of a step: `<baseRoute>/<stepId>/`, e.g. '/fahrrad/antrag/tarif/'. */
export function stepPath(state: Pick<WizardState, 'baseRoute'>, stepId: string): string {
  return `${state.baseRoute}/${stepId}/`;
}

/** The step a URL names, or undefined when it names no step of the flow (then show the first open step). */
export function stepFromPath(
  flow: Flow,
  state: Pick<WizardState, 'baseRoute'>,
  pathname: string,
): string | undefined {
  const prefix = `${state.baseRoute}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const segment = pathname.slice(prefix.length).replace(/\/+$/, '');
  return findStep(flow, segment) ? segment : undefined;
}
