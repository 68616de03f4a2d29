import { describe, expect, it } from 'vitest';
import { contractRecordSchema } from './contract-record';
import type { ContractRecord, OffenerBeitrag } from './contract-record';
import { makeContract } from './contract-fixture.test-helper';
import {
  canCancelForNonPayment,
  canWithdrawForUnpaidFirstPremium,
  cancelForNonPayment,
  earliestPaymentDeadline,
  mahnstufe,
  mahnung,
  overdueAmountCents,
  recordPayment,
  recordReminder,
  reinstateAfterPayment,
  withdrawForUnpaidFirstPremium,
} from './overdue';
import { advanceStatus } from './status';

const folgebeitrag: OffenerBeitrag = { art: 'FOLGEBEITRAG', faelligAm: '2026-10-01', betragCents: 4_958 };
const erstbeitrag: OffenerBeitrag = { art: 'ERSTBEITRAG', faelligAm: '2026-01-15', betragCents: 59_500 };
const withItems = (...offeneBeitraege: OffenerBeitrag[]) => makeContract({ offeneBeitraege });

describe('mahnung (overdue flag)', () => {
  it.each<[string, ContractRecord, string, boolean, number]>([
    ['nothing open', makeContract(), '2026-11-22', false, 0],
    ['open, due today', withItems(folgebeitrag), '2026-10-01', false, 0],
    ['open, due yesterday', withItems(folgebeitrag), '2026-10-02', true, 4_958],
    [
      'open, due in the future',
      withItems({ ...folgebeitrag, faelligAm: '2026-12-01' }),
      '2026-11-22',
      false,
      0,
    ],
    [
      'two overdue',
      withItems(folgebeitrag, { ...folgebeitrag, faelligAm: '2026-11-01' }),
      '2026-11-22',
      true,
      9_916,
    ],
  ])('%s', (_, record, today, expected, amount) => {
    expect(mahnung(record, today)).toBe(expected);
    expect(overdueAmountCents(record, today)).toBe(amount);
  });

  it('clears once paid', () => {
    const record = recordPayment(withItems(folgebeitrag), '2026-10-01');
    expect(mahnung(record, '2026-11-22')).toBe(false);
  });
});

describe('non-payment of a follow-up premium (§38 VVG)', () => {
  it('gives at least two weeks to pay after a qualified reminder', () => {
    expect(earliestPaymentDeadline('2026-10-10')).toBe('2026-10-24');
    const reminded = recordReminder(withItems(folgebeitrag), { faelligAm: '2026-10-01' }, '2026-10-10');
    expect(reminded.offeneBeitraege[0]?.gemahnt).toEqual({
      am: '2026-10-10',
      zahlungsfristBis: '2026-10-24',
    });
    const shorter = recordReminder(
      withItems(folgebeitrag),
      { faelligAm: '2026-10-01', zahlungsfristBis: '2026-10-15' },
      '2026-10-10',
    );
    expect(shorter.offeneBeitraege[0]?.gemahnt?.zahlungsfristBis).toBe('2026-10-24');
    const longer = recordReminder(
      withItems(folgebeitrag),
      { faelligAm: '2026-10-01', zahlungsfristBis: '2026-10-31' },
      '2026-10-10',
    );
    expect(longer.offeneBeitraege[0]?.gemahnt?.zahlungsfristBis).toBe('2026-10-31');
  });

  const reminded = recordReminder(withItems(folgebeitrag), { faelligAm: '2026-10-01' }, '2026-10-10');

  it.each<[string, ContractRecord, string, boolean]>([
    ['on the last day of the deadline', reminded, '2026-10-24', false],
    ['after the deadline', reminded, '2026-10-25', true],
    ['overdue but never reminded', withItems(folgebeitrag), '2026-11-22', false],
    [
      'first premium',
      recordReminder(withItems(erstbeitrag), { faelligAm: '2026-01-15' }, '2026-02-01'),
      '2026-03-01',
      false,
    ],
  ])('may cancel %s: %s', (_, record, today, expected) => {
    expect(canCancelForNonPayment(record, today)).toBe(expected);
  });

  it('cancels without notice, ends the next day, and revives when paid within a month', () => {
    const cancelled = cancelForNonPayment(reminded, '2026-10-25');
    expect(cancelled.ok).toBe(true);
    if (!cancelled.ok) return;
    expect(cancelled.value.status).toBe('AUSLAUFEND');
    expect(cancelled.value.beendigung).toMatchObject({
      durch: 'VERSICHERER',
      anlass: 'ZAHLUNGSVERZUG',
      zum: '2026-10-26',
    });
    expect(contractRecordSchema.safeParse(cancelled.value).success).toBe(true);
    expect(canCancelForNonPayment(cancelled.value, '2026-10-25')).toBe(false);

    const ended = advanceStatus(cancelled.value, '2026-10-26');
    expect(ended.status).toBe('BEENDET');
    expect(reinstateAfterPayment(ended, '2026-11-20')).toMatchObject({ ok: false });

    const paid = recordPayment(ended, '2026-10-01');
    const revived = reinstateAfterPayment(paid, '2026-11-25');
    expect(revived.ok && revived.value.status).toBe('LAUFEND');
    expect(revived.ok && revived.value.beendigung).toBeUndefined();
    expect(reinstateAfterPayment(paid, '2026-11-26')).toMatchObject({
      ok: false,
      error: { code: 'TRANSITION_GUARD_FAILED' },
    });
  });

  it('refuses a cancellation without expired deadline', () => {
    expect(cancelForNonPayment(withItems(folgebeitrag), '2026-11-22')).toMatchObject({
      ok: false,
      error: { code: 'NO_GROUND_FOR_NON_PAYMENT_ACTION' },
    });
  });

  it('refuses reinstatement of a contract not cancelled for non-payment', () => {
    expect(reinstateAfterPayment(makeContract(), '2026-11-22')).toMatchObject({ ok: false });
  });
});

describe('unpaid first premium (§37 VVG)', () => {
  it.each<[string, ContractRecord, string, boolean]>([
    ['overdue first premium', withItems(erstbeitrag), '2026-01-16', true],
    ['first premium due today', withItems(erstbeitrag), '2026-01-15', false],
    ['only a follow-up premium overdue', withItems(folgebeitrag), '2026-11-22', false],
  ])('may withdraw: %s', (_, record, today, expected) => {
    expect(canWithdrawForUnpaidFirstPremium(record, today)).toBe(expected);
  });

  it('voids the contract from its start', () => {
    const result = withdrawForUnpaidFirstPremium(withItems(erstbeitrag), '2026-02-01');
    expect(result.ok && result.value.status).toBe('STORNIERT');
    expect(result.ok && result.value.beendigung).toEqual({
      art: 'RUECKTRITT',
      anlass: 'ERSTBEITRAG',
      erklaertAm: '2026-02-01',
      zum: '2026-01-01',
    });
    expect(withdrawForUnpaidFirstPremium(withItems(folgebeitrag), '2026-11-22').ok).toBe(false);
  });
});

describe('mahnstufe (what happens next for an overdue premium)', () => {
  const gemahnt = { ...folgebeitrag, gemahnt: { am: '2026-10-05', zahlungsfristBis: '2026-10-19' } };
  it.each<[string, OffenerBeitrag, string, string]>([
    ['first premium', erstbeitrag, '2026-11-22', 'ERSTBEITRAG'],
    ['follow-up premium without reminder', folgebeitrag, '2026-10-02', 'NICHT_GEMAHNT'],
    ['reminder sent, deadline today', gemahnt, '2026-10-19', 'GEMAHNT'],
    ['reminder sent, deadline passed', gemahnt, '2026-10-20', 'FRIST_ABGELAUFEN'],
  ])('%s', (_name, item, today, expected) => {
    expect(mahnstufe(item, today)).toBe(expected);
  });
});
