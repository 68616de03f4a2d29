import { describe, expect, it } from 'vitest';
import { contractRecordSchema } from './contract-record';
import type { ContractRecord, PendingChange } from './contract-record';
import { makeContract } from './contract-fixture.test-helper';
import { isShorterThanOneMonth, revocationDeadline, revokeContract, widerrufbar } from './revocation';

const received = (documentsReceivedOn: string, instructionsComplete = true) =>
  makeContract({ documentsReceivedOn, instructionsComplete });

describe('revocation period (§8 VVG)', () => {
  it.each<[string, ContractRecord, string, boolean]>([
    // Received Monday 02.11.2026: the period runs 03.11. to the end of 16.11.
    ['day of receipt', received('2026-11-02'), '2026-11-02', true],
    ['day 14', received('2026-11-02'), '2026-11-16', true],
    ['day 15', received('2026-11-02'), '2026-11-17', false],
    // Received Saturday 07.11.: day 14 is Saturday 21.11., moved to Monday 23.11. (§193 BGB).
    ['day 14 on a Saturday', received('2026-11-07'), '2026-11-21', true],
    ['next working day after it', received('2026-11-07'), '2026-11-23', true],
    ['the day after that', received('2026-11-07'), '2026-11-24', false],
    // Received 11.12.: day 14 is Christmas Day, the period ends Monday 28.12.
    ['day 14 on Christmas Day', received('2026-12-11'), '2026-12-28', true],
    ['after Christmas', received('2026-12-11'), '2026-12-29', false],
  ])('%s (%s)', (_, record, today, expected) => {
    expect(widerrufbar(record, today)).toBe(expected);
  });

  // Concluded 10.06.2025 with a defective instruction: 12 months to 10.06.2026, plus 14 days.
  const defective = makeContract({
    antragsdatum: '2025-06-10',
    abschlussdatum: '2025-06-10',
    vertragsBeginn: '2025-07-01',
    ablaufdatum: '2026-07-01',
    hauptfaelligkeit: { day: 1, month: 7 },
    wirksamkeitsdatum: '2025-07-01',
    documentsReceivedOn: '2025-06-12',
    instructionsComplete: false,
  });

  it.each([
    ['one day before the cap', '2026-06-23', true],
    ['12 months and 14 days', '2026-06-24', true],
    ['the day after', '2026-06-25', false],
  ])('defective instruction: %s (%s)', (_, today, expected) => {
    expect(revocationDeadline(defective)).toBe('2026-06-24');
    expect(widerrufbar(defective, today)).toBe(expected);
  });

  it('counts the cap when documents never arrived', () => {
    const missing = { ...defective, documentsReceivedOn: undefined, instructionsComplete: true };
    expect(revocationDeadline(missing)).toBe('2026-06-24');
  });

  it('counts from conclusion when documents were handed over with the application', () => {
    const early = makeContract({ documentsReceivedOn: '2025-12-01' });
    expect(revocationDeadline(early)).toBe('2025-12-24');
  });

  it.each<[string, Partial<ContractRecord>, boolean]>([
    ['a trip of three weeks', { ablaufdatum: '2026-01-22', stillschweigendeVerlaengerung: false }, true],
    ['exactly one month', { ablaufdatum: '2026-02-01', stillschweigendeVerlaengerung: false }, false],
    ['a renewing contract', {}, false],
  ])('no revocation right for terms under one month (§8 (3) Nr. 1 VVG): %s', (_, overrides, short) => {
    const record = { ...makeContract({ documentsReceivedOn: '2025-12-20' }), ...overrides };
    expect(isShorterThanOneMonth(record)).toBe(short);
    expect(revocationDeadline(record) === undefined).toBe(short);
    expect(widerrufbar(record, '2025-12-21')).toBe(!short);
  });

  it('is not open for contracts no longer active', () => {
    const ended: ContractRecord = { ...received('2026-11-02'), status: 'UNBEKANNT' };
    expect(widerrufbar(ended, '2026-11-03')).toBe(false);
  });
});

describe('revokeContract', () => {
  const pending: PendingChange = {
    type: 'zahlweise',
    value: 'MONATLICH',
    wirksamkeitsdatum: '2027-01-01',
    createdAt: '2026-11-05T10:00:00+01:00',
    praemieNachAenderung: { nettoJahresbeitragCents: 50_000, bruttoBeitragProPeriodeCents: 5_206 },
  };

  it('cancels the contract from the day after receipt and drops pending changes', () => {
    const record = { ...received('2026-11-02'), vorgemerkteAenderungen: [pending] };
    const result = revokeContract(record, { grund: 'KEIN_BEDARF' }, '2026-11-16');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.status).toBe('STORNIERT');
    expect(result.value.beendigung).toEqual({
      art: 'WIDERRUF',
      erklaertAm: '2026-11-16',
      zum: '2026-11-17',
      grund: 'KEIN_BEDARF',
    });
    expect(result.value.vorgemerkteAenderungen).toEqual([]);
    expect(contractRecordSchema.safeParse(result.value).success).toBe(true);
  });

  it('ends at the start when cover had not begun', () => {
    const result = revokeContract(
      makeContract(),
      { grund: 'KEIN_BEDARF', freitext: 'Doppelt versichert' },
      '2025-12-20',
    );
    expect(result.ok && result.value.beendigung).toMatchObject({
      zum: '2026-01-01',
      freitext: 'Doppelt versichert',
    });
  });

  it('refuses after the period', () => {
    expect(revokeContract(received('2026-11-02'), { grund: 'X' }, '2026-11-17')).toMatchObject({
      ok: false,
      error: { code: 'NOT_REVOCABLE', userMessage: 'Dieser Vertrag kann nicht mehr widerrufen werden.' },
    });
  });
});
