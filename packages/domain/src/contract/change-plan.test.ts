import { describe, expect, it } from 'vitest';
import { finalState, planChange, type ChangePlan } from './change-plan';
import { contractRecordSchema, type ContractRecord } from './contract-record';
import { makeContract } from './contract-fixture.test-helper';
import { applyDueChanges, projectRecord } from './pending-changes';
import type { PendingChangeInput } from './pending-changes';
import { priceContract } from './repricing';

const TODAY = '2026-11-22';
const NOW = '2026-11-22T10:00:00+01:00';
const LATER = '2026-11-23T09:00:00+01:00';
const BASIS = 'SCHIRM_BASISDECKUNG_HAUSRAT';
const GLAS = 'SCHIRM_GLASBRUCH_HAUSRAT';
const ELEMENTAR = 'SCHIRM_ELEMENTAR_HAUSRAT';

type Input = Omit<PendingChangeInput, 'praemieNachAenderung'>;

function plan(record: ContractRecord, input: Input, today = TODAY): ChangePlan {
  const result = planChange(record, input, today);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

function gross(record: ContractRecord): number {
  const priced = priceContract(record);
  if (!priced.ok) throw new Error(priced.error.message);
  return priced.value.beitrag.bruttoBeitragProPeriodeCents;
}

function covers(record: ContractRecord): readonly string[] {
  return record.details.produktKey === 'HAUSRAT' ? record.details.hausrat.hausratDeckungen : [];
}

describe('planChange on a Hausrat contract with elementary cover pending (issue 12, walk item 1)', () => {
  const hausrat = makeContract({ produkt: 'HAUSRAT', deckungsVariante: undefined });
  const withElementar = plan(hausrat, { type: 'elementar', value: true, createdAt: NOW }).record;

  it('names the pending elementary cover it replaces when a cover list is saved, and keeps it in the list', () => {
    const result = plan(withElementar, {
      type: 'deckung',
      value: { hausratDeckungen: [BASIS, ELEMENTAR] },
      createdAt: LATER,
    });
    expect(result.ersetzt.map((change) => change.type)).toEqual(['elementar']);
    expect(result.record.vorgemerkteAenderungen.map((change) => change.type)).toEqual(['deckung']);
    const applied = applyDueChanges(result.record, '2026-12-01').record;
    expect(covers(applied)).toEqual([BASIS, ELEMENTAR]);
    expect(contractRecordSchema.safeParse(result.record).success).toBe(true);
  });

  it('shows today, the plan without this change and the plan with it, each priced by the tariff', () => {
    const result = plan(withElementar, {
      type: 'deckung',
      value: { hausratDeckungen: [BASIS, ELEMENTAR] },
      createdAt: LATER,
    });
    expect(result.heute.beitrag).toEqual(hausrat.beitrag);
    // Without this change: the basis, glass and elementary cover the customer planned already.
    const planned = finalState(withElementar);
    expect(covers(planned)).toEqual([BASIS, GLAS, ELEMENTAR]);
    expect(result.ohneAenderung.beitrag.bruttoBeitragProPeriodeCents).toBe(gross(planned));
    // With it: glass cover gone, elementary cover kept.
    expect(result.mitAenderung.beitrag.bruttoBeitragProPeriodeCents).toBe(gross(finalState(result.record)));
    expect(result.mitAenderung.beitrag.bruttoBeitragProPeriodeCents).toBeLessThan(
      result.ohneAenderung.beitrag.bruttoBeitragProPeriodeCents,
    );
  });

  it('keeps a pending cover list when elementary cover is switched off afterwards: both apply in order', () => {
    const list = plan(hausrat, {
      type: 'deckung',
      value: { hausratDeckungen: [BASIS, GLAS, ELEMENTAR] },
      createdAt: NOW,
    }).record;
    const result = plan(list, { type: 'elementar', value: false, createdAt: LATER });
    expect(result.ersetzt).toEqual([]);
    expect(result.beruecksichtigt.map((kept) => [kept.change.type, kept.vorher])).toEqual([
      ['deckung', true],
    ]);
    expect(covers(finalState(result.record))).toEqual([BASIS, GLAS]);
    expect(result.mitAenderung.beitrag.bruttoBeitragProPeriodeCents).toBe(gross(finalState(result.record)));
  });

  it('refuses the elementary cover the plan already has', () => {
    const result = planChange(withElementar, { type: 'elementar', value: true, createdAt: LATER }, TODAY);
    expect(result.ok ? 'ok' : result.error.userMessage).toBe('Genau diese Änderung ist bereits vorgemerkt.');
  });
});

describe('planChange with pending changes of other dates (BHV)', () => {
  const bhv = makeContract({ deckungsVariante: 'BHV_KOMFORT', versicherungssummeCents: 500_000_000 });
  // Payment period from the next main due date (01.01.2027), business types from 01.12.2026.
  const monthly = plan(bhv, { type: 'zahlweise', value: 'MONATLICH', createdAt: NOW }).record;

  it('prices a later pending change again and says so, with its old and new premium', () => {
    const result = plan(monthly, {
      type: 'gewerbearten',
      value: { hauptgewerbe: 'bhv-maler', nebengewerbe: [] },
      createdAt: LATER,
    });
    expect(result.change.wirksamkeitsdatum).toBe('2026-12-01');
    const [zahlweise] = result.beruecksichtigt;
    expect(zahlweise?.change.type).toBe('zahlweise');
    expect(zahlweise?.vorher).toBe(false);
    expect(zahlweise?.bisherigePraemie).toEqual(monthly.vorgemerkteAenderungen[0]?.praemieNachAenderung);
    expect(zahlweise?.neuBerechnet).toBe(
      zahlweise?.bisherigePraemie?.bruttoBeitragProPeriodeCents !==
        zahlweise?.change.praemieNachAenderung?.bruttoBeitragProPeriodeCents,
    );
    // Each figure in the payment period it is paid in: today yearly, afterwards monthly.
    expect(result.heute.zahlweise).toBe('JAEHRLICH');
    expect(result.ohneAenderung.zahlweise).toBe('MONATLICH');
    expect(result.mitAenderung.zahlweise).toBe('MONATLICH');
    expect(result.mitAenderung.beitrag).toEqual(finalState(result.record).beitrag);
    // The premium stored with the new change is the contract on its own day, before the monthly period.
    expect(result.praemieAmWirksamkeitsdatum?.bruttoBeitragProPeriodeCents).toBe(
      gross(projectRecord(result.record, '2026-12-01')),
    );
  });

  it('takes back a pending change when the customer chooses today’s value again', () => {
    const result = plan(monthly, { type: 'zahlweise', value: 'JAEHRLICH', createdAt: LATER });
    expect(result.ruecknahme).toBe(true);
    expect(result.ersetzt.map((change) => change.value)).toEqual(['MONATLICH']);
    expect(result.record.vorgemerkteAenderungen).toEqual([]);
    expect(result.mitAenderung).toEqual(result.heute);
  });

  it('refuses a value equal to today’s when nothing is pending', () => {
    const result = planChange(bhv, { type: 'zahlweise', value: 'JAEHRLICH', createdAt: NOW }, TODAY);
    expect(result.ok ? 'ok' : result.error.code).toBe('NO_CHANGE');
  });

  it('names a replaced pending change of the same kind', () => {
    const result = plan(monthly, { type: 'zahlweise', value: 'VIERTELJAEHRLICH', createdAt: LATER });
    expect(result.ruecknahme).toBe(false);
    expect(result.ersetzt.map((change) => [change.type, change.value])).toEqual([['zahlweise', 'MONATLICH']]);
    expect(result.mitAenderung.zahlweise).toBe('VIERTELJAEHRLICH');
  });
});
