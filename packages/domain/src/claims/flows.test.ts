// The claim flows as tables [answers → path] per product, the check that every step is visited,
// pruning, the server's re-run with German field errors, the contract-start and future-day rules,
// the health-consent step of travel, and the frame-number prefill. The day is fixed.
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/calendar-date';
import type { FlowAnswers } from '../application/flow';
import { findStep } from '../application/flow';
import { unvisitedSteps } from '../application/flow-table.test-helper';
import type { FlowTableRow } from '../application/flow-table.test-helper';
import { pruneAnswers, reachableSteps } from '../application/navigation';
import { SUBMISSION_MESSAGES, validateSubmission } from '../application/submission';
import { notGerman } from '../validation/german-messages.test-helper';
import { CLAIM_FLOW_MESSAGES, claimPrefill, createClaimFlow, isLongTextField } from './flows';
import type { ClaimFlowContext } from './flows';
import { CLAIM_PRODUCTS } from './products';
import type { ClaimProduct } from './products';
import { claimSample, SAMPLE_TODAY } from './samples.test-helper';

const today = SAMPLE_TODAY;
const context: ClaimFlowContext = { today, vertragsbeginn: '2026-01-01', gesundheitsEinwilligung: true };
const flowOf = (produkt: ClaimProduct, overrides: Partial<ClaimFlowContext> = {}) =>
  createClaimFlow(produkt, { ...context, ...overrides });

const row = (name: string, answers: FlowAnswers, expected: string[]): FlowTableRow => ({
  name,
  channel: 'antrag',
  answers,
  expected,
});

const LIABILITY_PATH = ['schaden', 'geschaedigter', 'hergang', 'zeugen', 'erklaerung'];
const WITH_WITNESSES = ['schaden', 'geschaedigter', 'hergang', 'zeugen', 'zeugen-angaben', 'erklaerung'];

const liabilityRows = (produkt: ClaimProduct): FlowTableRow[] => [
  row('nothing answered yet', {}, LIABILITY_PATH),
  row('no witnesses', { zeugen: { zeugenVorhanden: 'NEIN' } }, LIABILITY_PATH),
  row(
    'witnesses are named on their own page',
    claimSample(produkt === 'vh' ? 'phv' : produkt),
    WITH_WITNESSES,
  ),
];

const PROPERTY_ROWS = (produkt: 'hausrat' | 'si'): FlowTableRow[] => [
  row('nothing answered yet', {}, ['schaden', 'gegenstaende', 'erklaerung']),
  row('water damage needs no police', { schaden: { schadenart: 'LEITUNGSWASSER' } }, [
    'schaden',
    'gegenstaende',
    'erklaerung',
  ]),
  row('a burglary asks for the police report', claimSample(produkt), [
    'schaden',
    'gegenstaende',
    'polizei',
    'erklaerung',
  ]),
];

const TABLES: Record<ClaimProduct, FlowTableRow[]> = {
  thv: liabilityRows('thv'),
  phv: liabilityRows('phv'),
  bhv: liabilityRows('bhv'),
  vh: liabilityRows('vh'),
  hausrat: [
    ...PROPERTY_ROWS('hausrat'),
    row(
      'a stolen bicycle from the flat asks for the police report',
      { schaden: { schadenart: 'FAHRRADDIEBSTAHL' } },
      ['schaden', 'gegenstaende', 'polizei', 'erklaerung'],
    ),
  ],
  si: PROPERTY_ROWS('si'),
  fahrrad: [
    row('nothing answered yet: a repair', {}, ['schaden', 'reparatur', 'erklaerung']),
    row('an accident: the repair', { schaden: { schadenart: 'UNFALL' } }, [
      'schaden',
      'reparatur',
      'erklaerung',
    ]),
    row('a theft: bike and lock, then the police report', claimSample('fahrrad'), [
      'schaden',
      'diebstahl',
      'polizei',
      'erklaerung',
    ]),
    row('stolen parts: the items, then the police report', { schaden: { schadenart: 'TEILEDIEBSTAHL' } }, [
      'schaden',
      'gegenstaende',
      'polizei',
      'erklaerung',
    ]),
  ],
  reise: [
    row('nothing answered yet', {}, ['schaden', 'reise', 'storno', 'erklaerung']),
    row('job loss asks no health questions', claimSample('reise'), [
      'schaden',
      'reise',
      'storno',
      'erklaerung',
    ]),
    row('an illness with consent asks about it', { storno: { grund: 'KRANKHEIT' } }, [
      'schaden',
      'reise',
      'storno',
      'gesundheit',
      'erklaerung',
    ]),
  ],
};

describe.each(CLAIM_PRODUCTS)('claim flow %s', (produkt) => {
  const flow = flowOf(produkt);
  const rows = TABLES[produkt];

  it.each(rows)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row (travel: the consent step without consent)', () => {
    const unvisited = unvisitedSteps(flow, rows);
    if (produkt === 'reise') {
      expect(unvisited).toEqual(['einwilligung']);
      const withoutConsent = flowOf('reise', { gesundheitsEinwilligung: false });
      expect(reachableSteps(withoutConsent, { storno: { grund: 'UNFALL' } }, 'antrag')).toContain(
        'einwilligung',
      );
    } else {
      expect(unvisited).toEqual([]);
    }
  });

  it('the complete sample validates on the server with every step of its path', () => {
    const result = validateSubmission(flow, claimSample(produkt), 'antrag');
    expect(result).toMatchObject({ ok: true });
  });

  it('titles, labels, options and messages are German', () => {
    for (const step of flow.steps) {
      expect(notGerman(step.title)).toBe(false);
      for (const field of step.fields ?? []) {
        const texts = [
          'label' in field ? field.label : '',
          'hint' in field ? (field.hint ?? '') : '',
          field.kind === 'notice' ? field.text : '',
          ...('options' in field ? field.options.map((option) => option.label) : []),
        ];
        for (const text of texts) expect(notGerman(text), text).toBe(false);
      }
    }
    const result = validateSubmission(
      flow,
      { schaden: { schadentag: 'gestern', beschreibung: 'kurz' } },
      'antrag',
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      for (const error of result.errors) expect(notGerman(error.message), error.message).toBe(false);
  });

  it('the description is a long text, the place a short one', () => {
    const schaden = findStep(flow, 'schaden');
    const field = (key: string) =>
      schaden?.fields?.find((candidate) => 'key' in candidate && candidate.key === key);
    expect(isLongTextField(field('beschreibung')!)).toBe(true);
    expect(isLongTextField(field('schadenort')!)).toBe(false);
  });
});

describe('the day of the loss', () => {
  const flow = flowOf('phv');
  const errorsFor = (schadentag: string) => {
    const answers = { ...claimSample('phv'), schaden: { ...claimSample('phv').schaden, schadentag } };
    const result = validateSubmission(flow, answers, 'antrag');
    return result.ok
      ? []
      : result.errors.filter((error) => error.path === 'schadentag').map((error) => error.message);
  };

  it('today and the contract start are allowed', () => {
    expect(errorsFor(today)).toEqual([]);
    expect(errorsFor('2026-01-01')).toEqual([]);
  });

  it('a day in the future is refused', () => {
    expect(errorsFor(addDays(today, 1))).toEqual([CLAIM_FLOW_MESSAGES.schadentagZukunft]);
  });

  it('a day before the contract start is refused with the start date', () => {
    expect(errorsFor('2025-12-31')).toEqual([
      'Der Tag des Schadens darf nicht vor dem Beginn Ihres Vertrags am 01.01.2026 liegen.',
    ]);
  });

  it('no real date is refused', () => {
    expect(errorsFor('2026-02-30')).toEqual([CLAIM_FLOW_MESSAGES.schadentag]);
  });
});

describe('pruning and the server re-run', () => {
  it('switching from a theft to an accident drops the police report and the lock', () => {
    const flow = flowOf('fahrrad');
    const theft = claimSample('fahrrad');
    const accident = { ...theft, schaden: { ...theft.schaden, schadenart: 'UNFALL' } };
    expect(Object.keys(pruneAnswers(flow, accident, 'antrag'))).toEqual(['schaden', 'erklaerung']);
  });

  it('answers to a step off the path are a German field error (a forged or stale page)', () => {
    const flow = flowOf('fahrrad');
    const theft = claimSample('fahrrad');
    const accident = { ...theft, schaden: { ...theft.schaden, schadenart: 'UNFALL' } };
    const result = validateSubmission(flow, accident, 'antrag');
    expect(result).toEqual({
      ok: false,
      errors: [
        { stepId: 'diebstahl', path: '', message: SUBMISSION_MESSAGES.unreachableStep },
        { stepId: 'polizei', path: '', message: SUBMISSION_MESSAGES.unreachableStep },
      ],
    });
  });

  it('no witnesses drops the witness list', () => {
    const flow = flowOf('phv');
    const answers = { ...claimSample('phv'), zeugen: { zeugenVorhanden: 'NEIN' } };
    expect(pruneAnswers(flow, answers, 'antrag')).not.toHaveProperty('zeugen-angaben');
  });

  it('a liability claim needs the confirmation that nothing was admitted', () => {
    const flow = flowOf('thv');
    const answers = { ...claimSample('thv'), erklaerung: { wahrheitsgemaess: true } };
    const result = validateSubmission(flow, answers, 'antrag');
    expect(result).toEqual({
      ok: false,
      errors: [
        { stepId: 'erklaerung', path: 'keinAnerkenntnis', message: CLAIM_FLOW_MESSAGES.keinAnerkenntnis },
      ],
    });
  });

  it('damaged items need a value each', () => {
    const flow = flowOf('hausrat');
    const answers = { ...claimSample('hausrat'), gegenstaende: { gegenstaende: [{ bezeichnung: 'Sofa' }] } };
    const result = validateSubmission(flow, answers, 'antrag');
    expect(result).toEqual({
      ok: false,
      errors: [
        { stepId: 'gegenstaende', path: 'gegenstaende.0.wertCents', message: CLAIM_FLOW_MESSAGES.betrag },
      ],
    });
  });
});

describe('travel health data and the consent', () => {
  const illness: FlowAnswers = {
    ...claimSample('reise'),
    storno: { ...claimSample('reise').storno, grund: 'KRANKHEIT' },
    gesundheit: {
      betroffenePerson: 'Erika Mustermann',
      erkranktAm: addDays(today, -5),
      arzt: 'Dr. Heil',
      reiseunfaehigBestaetigt: 'JA',
    },
  };

  it('with the consent the illness page is asked and required', () => {
    expect(validateSubmission(flowOf('reise'), illness, 'antrag')).toMatchObject({ ok: true });
    const { gesundheit: _gesundheit, ...without } = illness;
    const result = validateSubmission(flowOf('reise'), without, 'antrag');
    expect(result.ok).toBe(false);
  });

  it('without the consent health answers are refused and the consent step explains why', () => {
    const flow = flowOf('reise', { gesundheitsEinwilligung: false });
    expect(reachableSteps(flow, illness, 'antrag')).toEqual([
      'schaden',
      'reise',
      'storno',
      'einwilligung',
      'erklaerung',
    ]);
    const result = validateSubmission(flow, illness, 'antrag');
    expect(result).toEqual({
      ok: false,
      errors: [{ stepId: 'gesundheit', path: '', message: SUBMISSION_MESSAGES.unreachableStep }],
    });
    const { gesundheit: _gesundheit, ...without } = illness;
    expect(validateSubmission(flow, without, 'antrag')).toMatchObject({ ok: true });
  });

  it('the end of the trip cannot lie before its start', () => {
    const answers = {
      ...claimSample('reise'),
      reise: { ...claimSample('reise').reise, reiseende: addDays(today, 10) },
    };
    const result = validateSubmission(flowOf('reise'), answers, 'antrag');
    expect(result).toEqual({
      ok: false,
      errors: [{ stepId: 'reise', path: 'reiseende', message: CLAIM_FLOW_MESSAGES.reiseende }],
    });
  });
});

describe('frame number from the contract', () => {
  it('rides on the first page, is copied to the theft page and never counts as an answer', () => {
    const flow = flowOf('fahrrad');
    const prefill = claimPrefill('fahrrad', { rahmennummer: 'WAW123456789' });
    expect(prefill).toEqual({ schaden: { rahmennummer: 'WAW123456789' } });
    expect(findStep(flow, 'diebstahl')?.prefillFrom).toEqual({ stepId: 'schaden', keys: ['rahmennummer'] });
    const answers = {
      ...claimSample('fahrrad'),
      schaden: { ...claimSample('fahrrad').schaden, ...prefill.schaden },
    };
    expect(validateSubmission(flow, answers, 'antrag')).toMatchObject({ ok: true });
    expect(pruneAnswers(flow, answers, 'antrag')['schaden']).not.toHaveProperty('rahmennummer');
  });

  it('other products and contracts without a frame number start empty', () => {
    expect(claimPrefill('phv', { rahmennummer: 'X' })).toEqual({});
    expect(claimPrefill('fahrrad', {})).toEqual({});
  });
});
