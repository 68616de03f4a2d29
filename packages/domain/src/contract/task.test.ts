import { describe, expect, it } from 'vitest';
import { TASK_STATUS } from '../products/enums';
import type { TaskStatus } from '../products/enums';
import type { ContractRecord } from './contract-record';
import { makeContract } from './contract-fixture.test-helper';
import {
  automaticRevenueCents,
  canTransitionTask,
  closeTask,
  confirmJahresumsatz,
  dueRevenueTasks,
  isRevenueReported,
  revenueCycle,
  revenueReportDueBy,
  settleRevenueTasks,
  taskSchema,
} from './task';
import type { Task } from './task';

// BHV with main due date 01.01.; revenue last declared with the application on 10.12.2025.
const bhv = makeContract();
const task = (typ: Task['typ'], faelligAm: string, status: TaskStatus = 'Offen'): Task => ({
  vertragsnummer: '202612345',
  typ,
  status,
  faelligAm,
  erledigtAm: status === 'Offen' ? null : faelligAm,
  erstelltAm: faelligAm,
});

describe('task states', () => {
  const ALLOWED: Record<TaskStatus, TaskStatus[]> = {
    Offen: ['Erledigt', 'Storniert'],
    Erledigt: [],
    Storniert: [],
  };
  it.each(
    TASK_STATUS.flatMap((from) => TASK_STATUS.map((to) => [from, to, ALLOWED[from].includes(to)] as const)),
  )('%s -> %s allowed: %s', (from, to, allowed) => {
    expect(canTransitionTask(from, to)).toBe(allowed);
  });

  it('closes an open task with the day, and only once', () => {
    const done = closeTask(task('UmsatzErinnern1', '2026-11-02'), 'Erledigt', '2026-11-10');
    expect(done).toEqual({
      ok: true,
      value: { ...task('UmsatzErinnern1', '2026-11-02'), status: 'Erledigt', erledigtAm: '2026-11-10' },
    });
    if (!done.ok) return;
    expect(taskSchema.safeParse(done.value).success).toBe(true);
    expect(closeTask(done.value, 'Storniert', '2026-11-11')).toMatchObject({
      ok: false,
      error: { code: 'TASK_TRANSITION_NOT_ALLOWED', userMessage: 'Diese Aufgabe ist bereits abgeschlossen.' },
    });
  });
});

describe('revenue cycle', () => {
  it.each<[string, ContractRecord, string, string | undefined]>([
    ['BHV', bhv, '2026-11-22', '2027-01-01'],
    ['on the main due date: next year', bhv, '2027-01-01', '2028-01-01'],
    [
      'not yet started',
      makeContract({ vertragsBeginn: '2027-03-01', ablaufdatum: '2028-01-01' }),
      '2026-11-22',
      '2028-01-01',
    ],
    ['product without revenue', makeContract({ produkt: 'HAUSRAT' }), '2026-11-22', undefined],
    [
      'ends on the main due date',
      {
        ...bhv,
        status: 'AUSLAUFEND',
        beendigung: { art: 'AUFHEBUNG', erklaertAm: '2026-11-01', zum: '2027-01-01', grund: 'X' },
      },
      '2026-11-22',
      undefined,
    ],
  ])('%s', (_, record, today, expected) => {
    expect(revenueCycle(record, today)).toBe(expected);
  });

  it.each([
    ['2026-01-01', false],
    ['2026-01-02', true],
    ['2025-12-10', false],
  ])('revenue reported on %s counts for 01.01.2027: %s', (reportedOn, expected) => {
    const record = {
      ...bhv,
      details: { ...bhv.details, jahresumsatzGemeldetAm: reportedOn },
    } as ContractRecord;
    expect(isRevenueReported(record, '2027-01-01')).toBe(expected);
  });
});

describe('dueRevenueTasks', () => {
  it.each<[string, string, Task[], Task['typ'] | undefined, string | undefined]>([
    ['61 days before', '2026-11-01', [], undefined, undefined],
    ['60 days before: first reminder', '2026-11-02', [], 'UmsatzErinnern1', '2026-11-02'],
    ['first reminder exists', '2026-11-22', [task('UmsatzErinnern1', '2026-11-02')], undefined, undefined],
    [
      '30 days before: second reminder',
      '2026-12-02',
      [task('UmsatzErinnern1', '2026-11-02')],
      'UmsatzErinnern2',
      '2026-12-02',
    ],
    [
      '14 days before: automatic adjustment',
      '2026-12-18',
      [task('UmsatzErinnern1', '2026-11-02'), task('UmsatzErinnern2', '2026-12-02')],
      'UmsatzAutomatischAnpassen',
      '2026-12-18',
    ],
    ['missed reminders are not sent late', '2026-12-20', [], 'UmsatzAutomatischAnpassen', '2026-12-18'],
    [
      'a later stage exists',
      '2026-12-20',
      [task('UmsatzAutomatischAnpassen', '2026-12-18', 'Erledigt')],
      undefined,
      undefined,
    ],
    [
      'tasks of last year do not count',
      '2026-11-02',
      [task('UmsatzErinnern1', '2025-11-02')],
      'UmsatzErinnern1',
      '2026-11-02',
    ],
  ])('%s', (_, today, existing, typ, faelligAm) => {
    const created = dueRevenueTasks(bhv, today, existing);
    if (typ === undefined) {
      expect(created).toEqual([]);
      return;
    }
    expect(created).toEqual([
      { vertragsnummer: '202612345', typ, status: 'Offen', faelligAm, erledigtAm: null, erstelltAm: today },
    ]);
    expect(taskSchema.safeParse(created[0]).success).toBe(true);
  });

  it('asks nobody who reported this year', () => {
    const confirmed = confirmJahresumsatz(bhv, '2026-10-15');
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    expect(dueRevenueTasks(confirmed.value, '2026-12-18')).toEqual([]);
  });
});

describe('settleRevenueTasks', () => {
  const open = [task('UmsatzErinnern1', '2026-11-02'), task('UmsatzAutomatischAnpassen', '2026-12-18')];

  it('marks open tasks done once revenue is reported', () => {
    const reported = {
      ...bhv,
      details: { ...bhv.details, jahresumsatzGemeldetAm: '2026-12-20' },
    } as ContractRecord;
    expect(
      settleRevenueTasks(reported, open, '2026-12-20').map((t) => [t.typ, t.status, t.erledigtAm]),
    ).toEqual([
      ['UmsatzErinnern1', 'Erledigt', '2026-12-20'],
      ['UmsatzAutomatischAnpassen', 'Erledigt', '2026-12-20'],
    ]);
  });

  it('cancels reminders once their main due date passed, leaving the adjustment to the job', () => {
    expect(settleRevenueTasks(bhv, open, '2027-01-01').map((t) => [t.typ, t.status])).toEqual([
      ['UmsatzErinnern1', 'Storniert'],
    ]);
    expect(settleRevenueTasks(bhv, open, '2026-12-31')).toEqual([]);
  });

  it('cancels everything open when the contract is no longer active', () => {
    const revoked: ContractRecord = {
      ...bhv,
      status: 'STORNIERT',
      beendigung: { art: 'WIDERRUF', erklaertAm: '2025-12-20', zum: '2026-01-01', grund: 'X' },
    };
    expect(settleRevenueTasks(revoked, open, '2026-12-01').map((t) => t.status)).toEqual([
      'Storniert',
      'Storniert',
    ]);
  });

  it('ignores closed tasks and other contracts', () => {
    const others = [
      task('UmsatzErinnern1', '2026-11-02', 'Erledigt'),
      { ...task('UmsatzErinnern1', '2026-11-02'), vertragsnummer: '202699999' },
    ];
    expect(settleRevenueTasks({ ...bhv, status: 'UNBEKANNT' }, others, '2026-12-01')).toEqual([]);
  });
});

describe('revenue confirmation and automatic adjustment', () => {
  it('refuses confirmation for products without revenue', () => {
    expect(confirmJahresumsatz(makeContract({ produkt: 'HAUSRAT' }), '2026-11-22')).toMatchObject({
      ok: false,
      error: { code: 'CHANGE_NOT_APPLICABLE' },
    });
  });

  it('raises the last declared revenue by 10 % when nobody answered', () => {
    expect(automaticRevenueCents(bhv)).toBe(27_500_000);
    expect(automaticRevenueCents(makeContract({ produkt: 'FAHRRAD_2' }))).toBeUndefined();
  });
});

describe('revenueReportDueBy (the customer is asked to report revenue)', () => {
  // Main due date 01.01.2027: asked from 02.11.2026 (60 days before) until 17.12.2026, the day
  // before the automatic adjustment (14 days before).
  it.each([
    ['2026-11-01', undefined],
    ['2026-11-02', '2026-12-17'],
    ['2026-12-17', '2026-12-17'],
    ['2026-12-18', undefined],
  ])('on %s: %s', (today, expected) => {
    expect(revenueReportDueBy(bhv, today)).toBe(expected);
  });

  it('is no longer asked once the revenue was confirmed', () => {
    const confirmed = confirmJahresumsatz(bhv, '2026-11-10');
    if (!confirmed.ok) throw new Error(confirmed.error.message);
    expect(revenueReportDueBy(confirmed.value, '2026-11-11')).toBeUndefined();
  });

  it('is never asked for products without revenue', () => {
    expect(revenueReportDueBy(makeContract({ produkt: 'HAUSRAT' }), '2026-11-10')).toBeUndefined();
  });
});
