import { describe, expect, it } from 'vitest';
import { VERTRAGSSTATUS } from '../products/enums';
import type { Vertragsstatus } from '../products/enums';
import type { Beendigung, ContractRecord } from './contract-record';
import { makeContract } from './contract-fixture.test-helper';
import { advanceStatus, canTransition, dueStatus, isActive, transition } from './status';

// Every pair of statuses: from (row) → to (column), in the order of VERTRAGSSTATUS:
// LAUFEND, AUSLAUFEND, BEENDET, AUFGEHOBEN, STORNIERT, UNBEKANNT.
const ALLOWED: Record<Vertragsstatus, string> = {
  LAUFEND: '- x x x x -',
  AUSLAUFEND: 'x - x x x -',
  BEENDET: 'x - - - - -',
  AUFGEHOBEN: '- - - - - -',
  STORNIERT: '- - - - - -',
  UNBEKANNT: 'x x x x x -',
};

const PAIRS = VERTRAGSSTATUS.flatMap((from) =>
  VERTRAGSSTATUS.map((to, index) => [from, to, ALLOWED[from].split(' ')[index] === 'x'] as const),
);

describe('status transitions', () => {
  it('covers all 36 pairs', () => {
    expect(PAIRS).toHaveLength(36);
  });

  it.each(PAIRS)('%s -> %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it.each(VERTRAGSSTATUS.map((status) => [status, status === 'LAUFEND' || status === 'AUSLAUFEND'] as const))(
    'isActive(%s) = %s',
    (status, active) => {
      expect(isActive(status)).toBe(active);
    },
  );
});

const cancelled = (
  zum: string,
  extra: Partial<Extract<Beendigung, { art: 'KUENDIGUNG' }>> = {},
): Beendigung => ({
  art: 'KUENDIGUNG',
  durch: 'VERSICHERUNGSNEHMER',
  anlass: 'ORDENTLICH',
  erklaertAm: '2026-09-01',
  zum,
  grund: 'ZU_TEUER',
  ...extra,
});
const rescinded = (zum: string): Beendigung => ({
  art: 'AUFHEBUNG',
  erklaertAm: '2026-09-01',
  zum,
  grund: 'RISIKOWEGFALL',
});

function errorOf(result: ReturnType<typeof transition>): string | undefined {
  return result.ok ? undefined : result.error.userMessage;
}

describe('transition guards', () => {
  const running = makeContract();
  const ending: ContractRecord = { ...running, status: 'AUSLAUFEND', beendigung: cancelled('2027-01-01') };

  it('refuses a pair that does not exist', () => {
    const result = transition(running, 'UNBEKANNT', { on: '2026-11-22' });
    expect(result).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
  });

  it.each<[string, ContractRecord, Vertragsstatus, string, string | undefined]>([
    [
      'cancellation to a future end',
      { ...running, beendigung: cancelled('2027-01-01') },
      'AUSLAUFEND',
      '2026-11-22',
      undefined,
    ],
    [
      'no cancellation',
      running,
      'AUSLAUFEND',
      '2026-11-22',
      'Der Vertrag ist weder gekündigt noch aufgehoben.',
    ],
    [
      'end today',
      { ...running, beendigung: cancelled('2026-11-22') },
      'AUSLAUFEND',
      '2026-11-22',
      'Das Vertragsende liegt nicht in der Zukunft.',
    ],
    ['end reached', ending, 'BEENDET', '2027-01-01', undefined],
    ['end not reached', ending, 'BEENDET', '2026-12-31', 'Das Vertragsende ist noch nicht erreicht.'],
    [
      'fixed term expired',
      { ...running, stillschweigendeVerlaengerung: false },
      'BEENDET',
      '2027-01-01',
      undefined,
    ],
    [
      'fixed term running',
      { ...running, stillschweigendeVerlaengerung: false },
      'BEENDET',
      '2026-12-31',
      'Das Ablaufdatum ist noch nicht erreicht.',
    ],
    ['renewing term', running, 'BEENDET', '2027-01-01', 'Der Vertrag ist weder gekündigt noch befristet.'],
    ['withdrawn before the end', ending, 'LAUFEND', '2026-12-31', undefined],
    [
      'withdrawn on the end',
      ending,
      'LAUFEND',
      '2027-01-01',
      'Der Vertrag ist zu diesem Tag bereits beendet.',
    ],
    [
      'rescission reached',
      { ...running, beendigung: rescinded('2026-11-01') },
      'AUFGEHOBEN',
      '2026-11-22',
      undefined,
    ],
    [
      'rescission ahead',
      { ...running, beendigung: rescinded('2026-12-01') },
      'AUFGEHOBEN',
      '2026-11-22',
      'Der vereinbarte Aufhebungstag ist noch nicht erreicht.',
    ],
    [
      'rescission without agreement',
      ending,
      'AUFGEHOBEN',
      '2027-01-01',
      'Es gibt keine Aufhebungsvereinbarung.',
    ],
    [
      'revoked',
      {
        ...running,
        beendigung: { art: 'WIDERRUF', erklaertAm: '2025-12-20', zum: '2026-01-01', grund: 'X' },
      },
      'STORNIERT',
      '2025-12-20',
      undefined,
    ],
    ['not revoked', ending, 'STORNIERT', '2026-11-22', 'Es gibt weder Widerruf noch Rücktritt.'],
    ['import clarified as running', { ...running, status: 'UNBEKANNT' }, 'LAUFEND', '2026-11-22', undefined],
    [
      'import clarified with an end',
      { ...running, status: 'UNBEKANNT', beendigung: cancelled('2027-01-01') },
      'LAUFEND',
      '2026-11-22',
      'Ein laufender Vertrag hat keine Beendigung.',
    ],
  ])('%s', (_, record, to, on, expectedError) => {
    const result = transition(record, to, { on });
    expect(errorOf(result)).toBe(expectedError);
    if (result.ok) expect(result.value.status).toBe(to);
  });

  it('clears the end when a cancellation is taken back', () => {
    const result = transition(ending, 'LAUFEND', { on: '2026-12-01' });
    expect(result.ok && result.value.beendigung).toBeUndefined();
  });

  describe('reinstatement after a cancellation for non-payment (§38 (3) VVG)', () => {
    const nonPayment = cancelled('2026-11-02', {
      durch: 'VERSICHERER',
      anlass: 'ZAHLUNGSVERZUG',
      erklaertAm: '2026-11-01',
      grund: 'ZAHLUNGSVERZUG',
    });
    const ended: ContractRecord = { ...running, status: 'BEENDET', beendigung: nonPayment };

    it.each<[string, ContractRecord, string, string | undefined]>([
      ['paid within a month', ended, '2026-12-01', undefined],
      ['paid later', ended, '2026-12-02', 'Die Zahlung kam später als einen Monat nach der Kündigung.'],
      [
        'still owing',
        { ...ended, offeneBeitraege: [{ art: 'FOLGEBEITRAG', faelligAm: '2026-10-01', betragCents: 100 }] },
        '2026-11-20',
        'Es sind noch Beiträge offen.',
      ],
      [
        'ordinary end',
        { ...ended, beendigung: cancelled('2026-11-02') },
        '2026-11-20',
        'Ein beendeter Vertrag lebt nur nach einer Kündigung wegen Zahlungsverzugs wieder auf.',
      ],
    ])('%s', (_, record, on, expectedError) => {
      expect(errorOf(transition(record, 'LAUFEND', { on }))).toBe(expectedError);
    });
  });
});

describe('advanceStatus (daily job)', () => {
  const running = makeContract();
  it.each<[string, ContractRecord, string, Vertragsstatus | undefined]>([
    [
      'cancelled, end reached',
      { ...running, status: 'AUSLAUFEND', beendigung: cancelled('2027-01-01') },
      '2027-01-01',
      'BEENDET',
    ],
    [
      'cancelled, day before',
      { ...running, status: 'AUSLAUFEND', beendigung: cancelled('2027-01-01') },
      '2026-12-31',
      undefined,
    ],
    [
      'rescinded, day reached',
      { ...running, status: 'AUSLAUFEND', beendigung: rescinded('2026-12-01') },
      '2026-12-01',
      'AUFGEHOBEN',
    ],
    ['fixed term expired', { ...running, stillschweigendeVerlaengerung: false }, '2027-01-01', 'BEENDET'],
    ['renewing term on its main due date', running, '2027-01-01', undefined],
  ])('%s', (_, record, today, expected) => {
    expect(dueStatus(record, today)).toBe(expected);
    expect(advanceStatus(record, today).status).toBe(expected ?? record.status);
  });
});
