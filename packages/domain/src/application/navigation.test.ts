// The engine on a small flow built for the cases a product flow may not have: a guard on an
// optional field, a guard on a negative answer, a channel-only step and a step left behind.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerDiffers, answerIncludes, defineFlow, isAnswered, isEmptyAnswer } from './flow';
import type { FlowAnswers } from './flow';
import { unvisitedSteps } from './flow-table.test-helper';
import type { FlowTableRow } from './flow-table.test-helper';
import {
  firstOpenStep,
  isStepDone,
  nextStep,
  previousStep,
  progress,
  pruneAnswers,
  reachableSteps,
} from './navigation';

const testFlow = defineFlow({
  id: 'test',
  productKey: 'PRIVATHAFTPFLICHT',
  steps: [
    {
      id: 'start',
      title: 'Start',
      pageSchema: z.object({
        zustand: z.enum(['NEU', 'GEBRAUCHT']),
        vorversicherer: z.string().optional(),
        extras: z.array(z.string()).optional(),
      }),
      irrelevant: ['suche'],
      next: [
        { to: 'vorvertrag', guard: isAnswered('start', 'vorversicherer') },
        { to: 'zustand', guard: answerDiffers('start', 'zustand', 'NEU') },
        { to: 'extra', guard: answerIncludes('start', 'extras', 'SCHUTZBRIEF') },
        { to: 'agent' },
      ],
    },
    {
      id: 'vorvertrag',
      title: 'Vorvertrag',
      pageSchema: z.object({ nummer: z.string() }),
      next: [{ to: 'agent' }],
    },
    {
      id: 'zustand',
      title: 'Zustand',
      pageSchema: z.object({ beleg: z.boolean() }),
      next: [{ to: 'agent' }],
    },
    { id: 'extra', title: 'Extra', pageSchema: z.object({}), next: [{ to: 'agent' }] },
    {
      id: 'agent',
      title: 'Beratung',
      channels: ['vermittler-beratung'],
      pageSchema: z.object({ ort: z.string() }),
      next: [{ to: 'ende' }],
    },
    { id: 'ende', title: 'Ende', pageSchema: z.object({ ok: z.literal(true) }) },
  ],
});

const ROWS: FlowTableRow[] = [
  { name: 'nothing answered', channel: 'antrag', answers: {}, expected: ['start', 'ende'] },
  {
    name: 'empty optional text does not pass',
    channel: 'antrag',
    answers: { start: { zustand: 'NEU', vorversicherer: '  ' } },
    expected: ['start', 'ende'],
  },
  {
    name: 'null and empty list do not pass',
    channel: 'antrag',
    answers: { start: { zustand: '', vorversicherer: null, extras: [] } },
    expected: ['start', 'ende'],
  },
  {
    name: 'answered optional field passes',
    channel: 'antrag',
    answers: { start: { zustand: 'NEU', vorversicherer: 'Alte AG' } },
    expected: ['start', 'vorvertrag', 'ende'],
  },
  {
    name: 'used item asks for the receipt',
    channel: 'antrag',
    answers: { start: { zustand: 'GEBRAUCHT' } },
    expected: ['start', 'zustand', 'ende'],
  },
  {
    name: 'list answer containing the value',
    channel: 'beratung',
    answers: { start: { zustand: 'NEU', extras: ['SCHUTZBRIEF'] } },
    expected: ['start', 'extra', 'ende'],
  },
  {
    name: 'agent channel has its advice step',
    channel: 'vermittler-beratung',
    answers: { start: { zustand: 'NEU' } },
    expected: ['start', 'agent', 'ende'],
  },
  {
    name: 'irrelevant keys never steer',
    channel: 'antrag',
    answers: { start: { suche: 'Alte', zustand: 'NEU' } },
    expected: ['start', 'ende'],
  },
];

describe('reachableSteps', () => {
  it.each(ROWS)('$name → $expected', ({ answers, channel, expected }) => {
    expect(reachableSteps(testFlow, answers, channel)).toEqual(expected);
  });

  it('every step of the test flow is visited by a row', () => {
    expect(unvisitedSteps(testFlow, ROWS)).toEqual([]);
  });

  it('the coverage check names a step no row visits', () => {
    expect(unvisitedSteps(testFlow, ROWS.slice(0, 4))).toEqual(['zustand', 'extra', 'agent']);
  });

  it('a guard ignores answers left on a step that is no longer on the path', () => {
    const flow = defineFlow({
      id: 'stale',
      productKey: 'HAUSRAT',
      steps: [
        {
          id: 'a',
          title: 'A',
          pageSchema: z.object({ weiter: z.boolean() }),
          next: [{ to: 'b', guard: (answers) => answers['a']?.['weiter'] === true }, { to: 'c' }],
        },
        { id: 'b', title: 'B', pageSchema: z.object({ x: z.string() }), next: [{ to: 'c' }] },
        {
          id: 'c',
          title: 'C',
          pageSchema: z.object({}),
          next: [{ to: 'd', guard: isAnswered('b', 'x') }],
        },
        { id: 'd', title: 'D', pageSchema: z.object({}) },
      ],
    });
    expect(reachableSteps(flow, { a: { weiter: true }, b: { x: 'ja' } }, 'antrag')).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(reachableSteps(flow, { a: { weiter: false }, b: { x: 'ja' } }, 'antrag')).toEqual(['a', 'c']);
  });
});

describe('defineFlow', () => {
  const page = z.object({});

  it('refuses a transition to an unknown step', () => {
    expect(() =>
      defineFlow({
        id: 'x',
        productKey: 'REISE',
        steps: [{ id: 'a', title: 'A', pageSchema: page, next: [{ to: 'b' }] }],
      }),
    ).toThrow("leads to unknown step 'b'");
  });

  it('refuses a step id that is not a URL segment', () => {
    expect(() =>
      defineFlow({
        id: 'x',
        productKey: 'REISE',
        steps: [{ id: 'Schritt 1', title: 'A', pageSchema: page }],
      }),
    ).toThrow('is not a URL segment');
  });

  it('refuses duplicate ids and a first step some channel lacks', () => {
    expect(() =>
      defineFlow({
        id: 'x',
        productKey: 'REISE',
        steps: [
          { id: 'a', title: 'A', pageSchema: page },
          { id: 'a', title: 'A', pageSchema: page },
        ],
      }),
    ).toThrow('unique');
    expect(() =>
      defineFlow({
        id: 'x',
        productKey: 'REISE',
        steps: [{ id: 'a', title: 'A', pageSchema: page, channels: ['antrag'] }],
      }),
    ).toThrow('every channel');
  });

  it('refuses a key that is both validated and irrelevant', () => {
    expect(() =>
      defineFlow({
        id: 'x',
        productKey: 'REISE',
        steps: [{ id: 'a', title: 'A', pageSchema: z.object({ k: z.string() }), irrelevant: ['k'] }],
      }),
    ).toThrow('both validated and irrelevant');
  });

  it('a path that loops is a definition error', () => {
    const flow = defineFlow({
      id: 'loop',
      productKey: 'REISE',
      steps: [
        { id: 'a', title: 'A', pageSchema: page, next: [{ to: 'b' }] },
        { id: 'b', title: 'B', pageSchema: page, next: [{ to: 'a' }] },
      ],
    });
    expect(() => reachableSteps(flow, {}, 'antrag')).toThrow("loops at 'a'");
  });
});

describe('next, back and progress', () => {
  const answers: FlowAnswers = { start: { zustand: 'GEBRAUCHT' } };

  it('follow the current path', () => {
    expect(nextStep(testFlow, answers, 'antrag', 'start')).toBe('zustand');
    expect(nextStep(testFlow, answers, 'antrag', 'zustand')).toBe('ende');
    expect(nextStep(testFlow, answers, 'antrag', 'ende')).toBeUndefined();
    expect(previousStep(testFlow, answers, 'antrag', 'ende')).toBe('zustand');
    expect(previousStep(testFlow, answers, 'antrag', 'start')).toBeUndefined();
  });

  it('progress is the position on the current path', () => {
    expect(progress(testFlow, answers, 'antrag', 'zustand')).toEqual({ index: 2, count: 3 });
    expect(progress(testFlow, {}, 'antrag', 'ende')).toEqual({ index: 2, count: 2 });
    expect(progress(testFlow, {}, 'antrag', 'zustand')).toBeUndefined();
  });

  it('back from a step off the path has no answer', () => {
    expect(previousStep(testFlow, {}, 'antrag', 'zustand')).toBeUndefined();
  });
});

describe('isStepDone and firstOpenStep', () => {
  const start = testFlow.steps[0];

  it('a step is done when its schema accepts the relevant answers', () => {
    expect(isStepDone(start, { start: { zustand: 'NEU' } })).toBe(true);
    expect(isStepDone(start, { start: { zustand: 'ALT' } })).toBe(false);
    expect(isStepDone(start, {})).toBe(false);
  });

  it('an empty optional field counts as not given, not as invalid', () => {
    expect(isStepDone(start, { start: { zustand: 'NEU', vorversicherer: '', extras: [] } })).toBe(true);
  });

  it('the first open step is the first step on the path not done', () => {
    expect(firstOpenStep(testFlow, { start: { zustand: 'GEBRAUCHT' } }, 'antrag')).toBe('zustand');
    expect(
      firstOpenStep(testFlow, { start: { zustand: 'NEU' }, ende: { ok: true } }, 'antrag'),
    ).toBeUndefined();
  });
});

describe('pruneAnswers', () => {
  it('a step left behind by a changed answer loses its answers', () => {
    const answers: FlowAnswers = {
      start: { zustand: 'NEU' },
      zustand: { beleg: true },
      ende: { ok: true },
    };
    expect(pruneAnswers(testFlow, answers, 'antrag')).toEqual({
      start: { zustand: 'NEU' },
      ende: { ok: true },
    });
  });

  it('drops empty values, empty pages and irrelevant keys', () => {
    const answers: FlowAnswers = {
      start: { zustand: 'GEBRAUCHT', vorversicherer: '', extras: [], suche: 'Alt' },
      zustand: { beleg: null },
    };
    expect(pruneAnswers(testFlow, answers, 'antrag')).toEqual({ start: { zustand: 'GEBRAUCHT' } });
  });

  it('keeps the answers of a channel-only step only in its channel', () => {
    const answers: FlowAnswers = { start: { zustand: 'NEU' }, agent: { ort: 'byPhone' } };
    expect(pruneAnswers(testFlow, answers, 'vermittler-beratung')).toEqual(answers);
    expect(pruneAnswers(testFlow, answers, 'beratung')).toEqual({ start: { zustand: 'NEU' } });
  });

  it('drops empty values inside nested answers too', () => {
    const answers: FlowAnswers = { start: { zustand: 'NEU', extras: [{ name: 'Bello', rasse: '' }] } };
    expect(pruneAnswers(testFlow, answers, 'antrag')).toEqual({
      start: { zustand: 'NEU', extras: [{ name: 'Bello' }] },
    });
  });
});

describe('isEmptyAnswer', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['   ', true],
    [[], true],
    [{ a: '', b: null }, true],
    [0, false],
    [false, false],
    ['x', false],
    [['x'], false],
  ])('%j → %s', (value, expected) => {
    expect(isEmptyAnswer(value)).toBe(expected);
  });
});
