// The wizard reducer on the bicycle flow: moving through the steps, refusals with German reasons,
// reset, prefill from a draft, a single submit, and the step URLs.
import { describe, expect, it } from 'vitest';
import type { FlowAnswers } from './flow';
import { createFahrradFlow } from './flows/fahrrad';
import { initialWizardState, reduceWizard, stepFromPath, stepPath, WIZARD_MESSAGES } from './wizard-state';
import type { WizardAction, WizardState } from './wizard-state';

const flow = createFahrradFlow({ today: '2026-06-15', generation: 'FAHRRAD_2' });
const setup = {
  productName: 'Fahrrad- und E-Bike-Versicherung',
  productKey: 'FAHRRAD',
  channel: 'antrag',
  baseRoute: '/fahrrad/antrag/',
} as const;

const bike = {
  art: 'FAHRRAD',
  typ: 'RENNRAD',
  hersteller: 'Canyon',
  kaufpreisCents: 250_000,
  kaufdatum: '2026-05-01',
  zustand: 'GEBRAUCHT',
};

const complete: FlowAnswers = {
  fahrrad: bike,
  tarif: { deckungsVariante: 'FAHRRAD_BASIS' },
  beginn: { versicherungsbeginn: '2026-07-01', zahlweise: 'JAEHRLICH' },
  person: {
    vorname: 'Erika',
    nachname: 'Mustermann',
    geburtsdatum: '1985-04-12',
    email: 'erika@beispiel.de',
  },
  adresse: { strasse: 'Hauptstraße', hausnummer: '12', plz: '10115', ort: 'Berlin' },
  sepa: { kontoinhaber: 'Erika Mustermann', iban: 'DE44500105175407324931', sepaMandat: true },
  beratungsverzicht: { beratungsverzicht: true },
  erklaerung: { antragVerbindlich: true },
};

function run(state: WizardState, ...actions: WizardAction[]): WizardState {
  return actions.reduce((current, action) => {
    const outcome = reduceWizard(flow, current, action);
    if (!outcome.ok) throw new Error(`refused ${action.type}: ${outcome.refusal.code}`);
    return outcome.state;
  }, state);
}

const fresh = () => initialWizardState(flow, setup);

describe('wizard state', () => {
  it('starts on the first step with the product, the route and the path', () => {
    expect(fresh()).toEqual({
      ...setup,
      baseRoute: '/fahrrad/antrag',
      steps: [
        'fahrrad',
        'tarif',
        'beginn',
        'person',
        'adresse',
        'sepa',
        'beratungsverzicht',
        'dokumente',
        'erklaerung',
      ],
      currentStep: 'fahrrad',
      answers: {},
      applicationSent: false,
      applicationResult: undefined,
      isPrefilled: false,
    });
  });

  it('next needs the current page done and names its German field errors', () => {
    const outcome = reduceWizard(flow, fresh(), { type: 'next' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.state).toEqual(fresh());
    expect(outcome.refusal.code).toBe('STEP_INCOMPLETE');
    expect(outcome.refusal.message).toBe(WIZARD_MESSAGES.STEP_INCOMPLETE);
    expect(outcome.refusal.errors).toContainEqual({
      stepId: 'fahrrad',
      path: 'art',
      message: 'Bitte wählen Sie, ob Sie ein Fahrrad oder ein E-Bike versichern.',
    });
  });

  it('answer, next and back follow the path, which changes with the answers', () => {
    let state = run(fresh(), { type: 'answer', stepId: 'fahrrad', values: bike }, { type: 'next' });
    expect(state.currentStep).toBe('tarif');
    state = run(state, {
      type: 'answer',
      stepId: 'tarif',
      values: { deckungsVariante: 'FAHRRAD_INDIVIDUELL' },
    });
    expect(state.steps.slice(0, 4)).toEqual(['fahrrad', 'tarif', 'bausteine', 'beginn']);
    state = run(state, { type: 'next' });
    expect(state.currentStep).toBe('bausteine');
    state = run(state, { type: 'back' }, { type: 'back' });
    expect(state.currentStep).toBe('fahrrad');
    const outcome = reduceWizard(flow, state, { type: 'back' });
    expect(outcome).toMatchObject({ ok: false, refusal: { code: 'NO_PREVIOUS_STEP' } });
  });

  it('goTo opens a step only after the steps before it are done', () => {
    const outcome = reduceWizard(flow, fresh(), { type: 'goTo', stepId: 'sepa' });
    expect(outcome).toMatchObject({
      ok: false,
      refusal: { code: 'EARLIER_STEP_OPEN', stepId: 'fahrrad', message: WIZARD_MESSAGES.EARLIER_STEP_OPEN },
    });
    const offPath = reduceWizard(flow, fresh(), { type: 'goTo', stepId: 'bausteine' });
    expect(offPath).toMatchObject({ ok: false, refusal: { code: 'STEP_NOT_REACHABLE', stepId: 'fahrrad' } });
    const answered = run(fresh(), { type: 'answer', stepId: 'fahrrad', values: bike });
    expect(run(answered, { type: 'goTo', stepId: 'tarif' }).currentStep).toBe('tarif');
  });

  it('answers to a step off the path are refused', () => {
    const outcome = reduceWizard(flow, fresh(), {
      type: 'answer',
      stepId: 'beratung',
      values: { beratungsort: 'byPhone' },
    });
    expect(outcome).toMatchObject({ ok: false, refusal: { code: 'STEP_NOT_REACHABLE' } });
  });

  it('prefill prunes the draft, marks it and opens the first open step', () => {
    const draft = { ...complete, bausteine: { deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL'] }, erklaerung: {} };
    const state = run(fresh(), { type: 'prefill', answers: draft });
    expect(state.isPrefilled).toBe(true);
    expect(state.answers).not.toHaveProperty('bausteine');
    expect(state.currentStep).toBe('erklaerung');
  });

  it('the application is sent once; a second submit is refused and nothing changes', () => {
    const filled = run(fresh(), { type: 'prefill', answers: complete });
    const sent = run(filled, { type: 'markSent', result: { vertragsnummer: 'FA12-1234567' } });
    expect(sent.applicationSent).toBe(true);
    expect(sent.applicationResult).toEqual({ vertragsnummer: 'FA12-1234567' });
    for (const action of [
      { type: 'markSent', result: { vertragsnummer: 'FA12-7654321' } },
      { type: 'answer', stepId: 'erklaerung', values: { antragVerbindlich: true } },
      { type: 'prefill', answers: complete },
    ] as const) {
      const outcome = reduceWizard(flow, sent, action);
      expect(outcome).toEqual({
        ok: false,
        state: sent,
        refusal: { code: 'ALREADY_SENT', message: WIZARD_MESSAGES.ALREADY_SENT },
      });
    }
  });

  it('an incomplete application cannot be marked as sent', () => {
    const outcome = reduceWizard(flow, fresh(), { type: 'markSent', result: {} });
    expect(outcome).toMatchObject({
      ok: false,
      refusal: { code: 'APPLICATION_INCOMPLETE', stepId: 'fahrrad' },
    });
  });

  it('reset clears answers, the sent flag and the prefill flag but keeps the product', () => {
    const sent = run(fresh(), { type: 'prefill', answers: complete }, { type: 'markSent', result: {} });
    expect(run(sent, { type: 'reset' })).toEqual(fresh());
  });

  it('each step has its own URL under the base route', () => {
    const state = fresh();
    expect(stepPath(state, 'tarif')).toBe('/fahrrad/antrag/tarif/');
    expect(stepFromPath(flow, state, '/fahrrad/antrag/tarif/')).toBe('tarif');
    expect(stepFromPath(flow, state, '/fahrrad/antrag/sepa')).toBe('sepa');
    expect(stepFromPath(flow, state, '/fahrrad/antrag/unbekannt/')).toBeUndefined();
    expect(stepFromPath(flow, state, '/hausrat/antrag/tarif/')).toBeUndefined();
    for (const step of flow.steps) expect(stepFromPath(flow, state, stepPath(state, step.id))).toBe(step.id);
  });
});
