import { describe, expect, it } from 'vitest';
import type { ContractRecord, PendingChangeType } from './contract-record';
import { makeContract } from './contract-fixture.test-helper';
import { changeOffer, isChangeOffered, SELF_SERVICE_CHANGE_TYPES } from './offered-changes';
import {
  effectiveDate,
  EFFECTIVE_DATE_RULES,
  PENDING_CHANGE_TYPES,
  wunschdatumRange,
} from './pending-changes';

const TODAY = '2026-11-22';

function cancelledTo(zum: string, record: ContractRecord = makeContract()): ContractRecord {
  return {
    ...record,
    status: 'AUSLAUFEND',
    beendigung: {
      art: 'KUENDIGUNG',
      durch: 'VERSICHERUNGSNEHMER',
      anlass: 'ORDENTLICH',
      erklaertAm: '2026-09-01',
      zum,
      grund: 'ZU_TEUER',
    },
  };
}

/** A Hausrat contract with a fixed end and no renewal. */
function hausratEndingOn(ablaufdatum: string): ContractRecord {
  return makeContract({
    produkt: 'HAUSRAT',
    deckungsVariante: undefined,
    versicherungssummeCents: undefined,
    ablaufdatum,
    stillschweigendeVerlaengerung: false,
  });
}

describe('changeOffer', () => {
  it('offers a running contract its changes from the day their rule gives', () => {
    const record = makeContract();
    expect(changeOffer(record, 'zahlweise', TODAY)).toEqual({ ok: true, value: '2027-01-01' });
    expect(changeOffer(record, 'gewerbearten', TODAY)).toEqual({ ok: true, value: '2026-12-01' });
    expect(changeOffer(record, 'bankverbindung', TODAY)).toEqual({ ok: true, value: TODAY });
  });

  it('offers a cancelled contract only the changes without premium effect (ADR 0004)', () => {
    const record = cancelledTo('2027-01-01');
    const offered = PENDING_CHANGE_TYPES.filter((type) => isChangeOffered(record, type, TODAY));
    expect(offered).toEqual(['bankverbindung']);
    expect(changeOffer(record, 'gewerbearten', TODAY)).toMatchObject({
      ok: false,
      error: { code: 'CONTRACT_NOT_CHANGEABLE' },
    });
  });

  it('does not offer a change whose rule date falls on or after a fixed end', () => {
    // First of next month is 01.12.2026: the contract must still run on that day.
    expect(changeOffer(hausratEndingOn('2026-12-01'), 'elementar', TODAY)).toMatchObject({
      ok: false,
      error: {
        code: 'CHANGE_AFTER_CONTRACT_END',
        userMessage: 'Der Vertrag endet, bevor die Änderung wirksam würde.',
      },
    });
    expect(changeOffer(hausratEndingOn('2026-12-02'), 'elementar', TODAY)).toEqual({
      ok: true,
      value: '2026-12-01',
    });
    // A move can still be reported for the past months of a contract that ends soon.
    expect(isChangeOffered(hausratEndingOn('2026-12-01'), 'risikoort', TODAY)).toBe(true);
  });

  it('does not offer a premium change on a single premium (EINMALIG, travel) but keeps bank details', () => {
    const reise = makeContract({
      produkt: 'REISE',
      deckungsVariante: 'REISE_KOMFORT',
      zahlweise: 'EINMALIG',
      selbstbeteiligung: undefined,
      versicherungssummeCents: undefined,
      ablaufdatum: '2027-07-22',
      stillschweigendeVerlaengerung: false,
    });
    const offered = PENDING_CHANGE_TYPES.filter((type) => isChangeOffered(reise, type, TODAY));
    expect(offered).toEqual(['bankverbindung']);
    expect(changeOffer(reise, 'deckung', TODAY)).toMatchObject({
      ok: false,
      error: { code: 'CHANGE_NOT_APPLICABLE' },
    });
  });

  it('offers a motor contract only new bank details: its changes are not self-services', () => {
    const kfz = makeContract({
      produkt: 'KFZ',
      deckungsVariante: 'KFZ_TEILKASKO',
      selbstbeteiligung: undefined,
      versicherungssummeCents: undefined,
    });
    const offered = PENDING_CHANGE_TYPES.filter((type) => isChangeOffered(kfz, type, TODAY));
    expect(offered).toEqual(['bankverbindung']);
    expect(changeOffer(kfz, 'zahlweise', TODAY)).toMatchObject({
      ok: false,
      error: { code: 'CHANGE_NOT_APPLICABLE' },
    });
  });

  it('offers nothing once the contract has ended', () => {
    const ended: ContractRecord = { ...cancelledTo('2026-11-01'), status: 'BEENDET' };
    expect(PENDING_CHANGE_TYPES.filter((type) => isChangeOffered(ended, type, TODAY))).toEqual([]);
  });

  // The offer is the refusal: whatever is not offered is refused on every day a customer could name.
  it.each([
    ['running', makeContract()],
    ['cancelled', cancelledTo('2027-01-01')],
    ['ending on the first of next month', hausratEndingOn('2026-12-01')],
    ['cancelled for tomorrow', cancelledTo('2026-11-23', makeContract({ produkt: 'SI_ALLGEFAHREN' }))],
  ])('refuses every date of a change it does not offer (%s contract)', (_name, record) => {
    for (const type of PENDING_CHANGE_TYPES) {
      if (isChangeOffered(record, type, TODAY)) continue;
      if (EFFECTIVE_DATE_RULES[type] !== 'WUNSCHDATUM') {
        expect(effectiveDate(record, type, TODAY).ok, type).toBe(false);
        continue;
      }
      const { earliest } = wunschdatumRange(record, type, TODAY);
      for (const day of [earliest, '2026-11-23', '2026-12-31', '2027-06-01']) {
        expect(effectiveDate(record, type, TODAY, day).ok, `${type} on ${day}`).toBe(false);
      }
    }
  });

  it('names the change type of every self-service page that saves a change', () => {
    const types = new Set<PendingChangeType>(Object.values(SELF_SERVICE_CHANGE_TYPES));
    expect([...types].sort()).toEqual([...PENDING_CHANGE_TYPES].sort());
  });
});
