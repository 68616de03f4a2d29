import { describe, expect, it } from 'vitest';
import { contractRecordSchema } from './contract-record';
import type { Beitrag, ContractRecord, PendingChangeType } from './contract-record';
import { makeContract, VALID_IBAN } from './contract-fixture.test-helper';
import {
  applyDueChanges,
  effectiveDate,
  isChangeApplicable,
  pendingChangeOf,
  PENDING_CHANGE_TYPES,
  projectRecord,
  repricePendingChange,
  schedulePendingChange,
  wunschdatumRange,
} from './pending-changes';
import type { PendingChangeInput } from './pending-changes';

const TODAY = '2026-11-22';
const NOW = '2026-11-22T10:00:00+01:00';
const bhv = makeContract();
const si = makeContract({ produkt: 'SI_ALLGEFAHREN' });
const premium = (netto: number): Beitrag => ({
  nettoJahresbeitragCents: netto,
  bruttoBeitragProPeriodeCents: Math.round(netto * 1.19),
});

function dateOrError(record: ContractRecord, type: PendingChangeType, wunschdatum?: string): string {
  const result = effectiveDate(record, type, TODAY, wunschdatum);
  return result.ok ? result.value : result.error.code;
}

function withoutElementar(details: ContractRecord['details']): ContractRecord['details'] {
  if (details.produktKey !== 'HAUSRAT') throw new Error('Hausrat details expected');
  return { ...details, hausrat: { ...details.hausrat, elementarEinschliessbar: false } };
}

describe('requested date limits', () => {
  it('names the earliest date of a move in German when it lies further back', () => {
    const result = effectiveDate(bhv, 'risikoort', TODAY, '2026-05-01');
    expect(result.ok ? undefined : result.error.userMessage).toBe(
      'Ein Umzug kann höchstens 3 Monate rückwirkend und nicht vor dem Beginn des Vertragsstands gemeldet werden. Bitte wählen Sie ein Datum ab dem 22.08.2026.',
    );
  });

  it('names the latest date in German', () => {
    const result = effectiveDate(si, 'versicherungssumme', TODAY, '2028-01-01');
    expect(result.ok ? undefined : result.error.userMessage).toBe(
      'Eine Änderung kann höchstens 12 Monate im Voraus gemeldet werden. Bitte wählen Sie ein Datum bis zum 22.11.2027.',
    );
  });

  it('gives the date fields the same range', () => {
    expect(wunschdatumRange(bhv, 'risikoort', TODAY)).toEqual({
      earliest: '2026-08-22',
      latest: '2027-11-22',
    });
    expect(wunschdatumRange({ ...bhv, wirksamkeitsdatum: '2026-10-01' }, 'risikoort', TODAY).earliest).toBe(
      '2026-10-01',
    );
    expect(wunschdatumRange(si, 'versicherungssumme', TODAY)).toEqual({
      earliest: '2026-11-23',
      latest: '2027-11-22',
    });
  });
});

describe('effective dates (ADR 0004)', () => {
  it.each<[string, ContractRecord, PendingChangeType, string | undefined, string]>([
    ['payment period: next main due date', bhv, 'zahlweise', undefined, '2027-01-01'],
    ['deductible: next main due date', bhv, 'selbstbeteiligung', undefined, '2027-01-01'],
    ['revenue: next main due date', bhv, 'jahresumsatz', undefined, '2027-01-01'],
    ['business types: first of next month', bhv, 'gewerbearten', undefined, '2026-12-01'],
    ['coverage variant: first of next month', bhv, 'deckung', undefined, '2026-12-01'],
    [
      'PHV count (VH): first of next month',
      makeContract({ produkt: 'VH_2' }),
      'phvAnzahl',
      undefined,
      '2026-12-01',
    ],
    [
      'family status (PHV): first of next month',
      makeContract({ produkt: 'PRIVATHAFTPFLICHT' }),
      'familienstand',
      undefined,
      '2026-12-01',
    ],
    [
      'elementary (Hausrat): first of next month',
      makeContract({ produkt: 'HAUSRAT' }),
      'elementar',
      undefined,
      '2026-12-01',
    ],
    ['bank details: today', bhv, 'bankverbindung', undefined, TODAY],
    ['bike data: today', makeContract({ produkt: 'FAHRRAD_2' }), 'fahrrad', undefined, TODAY],
    ['insured sum: the chosen day', si, 'versicherungssumme', '2027-02-15', '2027-02-15'],
    ['insured sum: tomorrow', si, 'versicherungssumme', '2026-11-23', '2026-11-23'],
    ['insured sum: not today', si, 'versicherungssumme', TODAY, 'INVALID_EFFECTIVE_DATE'],
    ['insured sum: a day is needed', si, 'versicherungssumme', undefined, 'EFFECTIVE_DATE_REQUIRED'],
    ['move: reported afterwards', bhv, 'risikoort', '2026-10-01', '2026-10-01'],
    ['move: not before the start', bhv, 'risikoort', '2025-12-31', 'INVALID_EFFECTIVE_DATE'],
    ['move: three months back', bhv, 'risikoort', '2026-08-22', '2026-08-22'],
    ['move: not more than three months back', bhv, 'risikoort', '2026-08-21', 'INVALID_EFFECTIVE_DATE'],
    ['move: twelve months ahead', bhv, 'risikoort', '2027-11-22', '2027-11-22'],
    ['move: not more than twelve months ahead', bhv, 'risikoort', '2027-11-23', 'INVALID_EFFECTIVE_DATE'],
    [
      'insured sum: not more than twelve months ahead',
      si,
      'versicherungssumme',
      '2027-11-23',
      'INVALID_EFFECTIVE_DATE',
    ],
    [
      'move: not before the current state',
      { ...bhv, wirksamkeitsdatum: '2026-11-01' },
      'risikoort',
      '2026-10-31',
      'INVALID_EFFECTIVE_DATE',
    ],
    ['a rule date cannot be chosen', bhv, 'zahlweise', '2026-12-01', 'INVALID_EFFECTIVE_DATE'],
    ['not for this product', bhv, 'familienstand', undefined, 'CHANGE_NOT_APPLICABLE'],
    [
      'no payment period change for single premiums',
      makeContract({ produkt: 'REISE', zahlweise: 'EINMALIG' }),
      'zahlweise',
      undefined,
      'CHANGE_NOT_APPLICABLE',
    ],
    [
      'not yet started: from the start',
      makeContract({ vertragsBeginn: '2027-03-01', ablaufdatum: '2028-01-01' }),
      'gewerbearten',
      undefined,
      '2027-03-01',
    ],
    [
      'running out: no cover change',
      {
        ...bhv,
        status: 'AUSLAUFEND',
        beendigung: { art: 'AUFHEBUNG', erklaertAm: TODAY, zum: '2027-06-01', grund: 'X' },
      },
      'gewerbearten',
      undefined,
      'CONTRACT_NOT_CHANGEABLE',
    ],
    [
      'running out: bank details still',
      {
        ...bhv,
        status: 'AUSLAUFEND',
        beendigung: { art: 'AUFHEBUNG', erklaertAm: TODAY, zum: '2027-06-01', grund: 'X' },
      },
      'bankverbindung',
      undefined,
      TODAY,
    ],
    [
      'ends first',
      makeContract({ ablaufdatum: '2026-12-15', stillschweigendeVerlaengerung: false }),
      'zahlweise',
      undefined,
      'CHANGE_AFTER_CONTRACT_END',
    ],
    [
      'ended',
      { ...bhv, status: 'BEENDET', stillschweigendeVerlaengerung: false },
      'bankverbindung',
      undefined,
      'CONTRACT_NOT_CHANGEABLE',
    ],
  ])('%s', (_, record, type, wunschdatum, expected) => {
    expect(dateOrError(record, type, wunschdatum)).toBe(expected);
  });
});

describe('applicability per product', () => {
  const table: Record<string, PendingChangeType[]> = {
    BHV_2: [
      'zahlweise',
      'selbstbeteiligung',
      'risikoort',
      'deckung',
      'jahresumsatz',
      'gewerbearten',
      'bankverbindung',
    ],
    VH_2: [
      'zahlweise',
      'selbstbeteiligung',
      'phvAnzahl',
      'buerohaftpflicht',
      'deckung',
      'jahresumsatz',
      'gewerbearten',
      'bankverbindung',
    ],
    SI_MEHRGEFAHREN: [
      'zahlweise',
      'selbstbeteiligung',
      'risikoort',
      'deckung',
      'versicherungssumme',
      'gewerbearten',
      'bankverbindung',
    ],
    HAUSRAT: ['zahlweise', 'selbstbeteiligung', 'elementar', 'risikoort', 'deckung', 'bankverbindung'],
    PRIVATHAFTPFLICHT: ['zahlweise', 'selbstbeteiligung', 'familienstand', 'deckung', 'bankverbindung'],
    FAHRRAD_2: ['zahlweise', 'selbstbeteiligung', 'deckung', 'bankverbindung', 'fahrrad'],
  };
  it.each(Object.entries(table))('%s', (produkt, expected) => {
    const record = makeContract({ produkt: produkt as ContractRecord['produkt'] });
    expect(PENDING_CHANGE_TYPES.filter((type) => isChangeApplicable(record, type))).toEqual(expected);
  });
});

describe('schedulePendingChange', () => {
  const zahlweise: PendingChangeInput = {
    type: 'zahlweise',
    value: 'MONATLICH',
    createdAt: NOW,
    praemieNachAenderung: premium(52_500),
  };

  it('saves the change with its effective date', () => {
    const result = schedulePendingChange(bhv, zahlweise, TODAY);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.change.wirksamkeitsdatum).toBe('2027-01-01');
    expect(pendingChangeOf(result.value.record, 'zahlweise')?.value).toBe('MONATLICH');
    expect(contractRecordSchema.safeParse(result.value.record).success).toBe(true);
  });

  it('replaces a pending change of the same type', () => {
    const first = schedulePendingChange(bhv, zahlweise, TODAY);
    if (!first.ok) throw new Error(first.error.message);
    const second = schedulePendingChange(
      first.value.record,
      { ...zahlweise, value: 'VIERTELJAEHRLICH' },
      TODAY,
    );
    expect(second.ok && second.value.record.vorgemerkteAenderungen.map((c) => [c.type, c.value])).toEqual([
      ['zahlweise', 'VIERTELJAEHRLICH'],
    ]);
  });

  it('reports pending premiums that no longer include everything before them', () => {
    const first = schedulePendingChange(bhv, zahlweise, TODAY);
    if (!first.ok) throw new Error(first.error.message);
    const earlier = schedulePendingChange(
      first.value.record,
      {
        type: 'gewerbearten',
        value: { hauptgewerbe: 'bhv-maler', nebengewerbe: [] },
        createdAt: NOW,
        praemieNachAenderung: premium(55_000),
      },
      TODAY,
    );
    expect(earlier.ok && earlier.value.stalePremiums).toEqual(['zahlweise']);
    if (!earlier.ok) return;
    const repriced = repricePendingChange(earlier.value.record, 'zahlweise', premium(57_750));
    expect(pendingChangeOf(repriced, 'zahlweise')?.praemieNachAenderung).toEqual(premium(57_750));
  });

  it.each<[string, ContractRecord, PendingChangeInput, string]>([
    ['same as now', bhv, { ...zahlweise, value: 'JAEHRLICH' }, 'NO_CHANGE'],
    [
      'same business types in another order',
      bhv,
      {
        type: 'gewerbearten',
        value: { hauptgewerbe: 'bhv-tischlerei', nebengewerbe: ['bhv-maler'] },
        createdAt: NOW,
        praemieNachAenderung: premium(50_000),
      },
      'NO_CHANGE',
    ],
    ['premium missing', bhv, { type: 'zahlweise', value: 'MONATLICH', createdAt: NOW }, 'PREMIUM_MISSING'],
    [
      'elementary where ZÜRS forbids it',
      makeContract({
        produkt: 'HAUSRAT',
        details: withoutElementar(makeContract({ produkt: 'HAUSRAT' }).details),
      }),
      { type: 'elementar', value: true, createdAt: NOW, praemieNachAenderung: premium(9_000) },
      'CHANGE_NOT_APPLICABLE',
    ],
    [
      'Hausrat covers on a BHV',
      bhv,
      {
        type: 'deckung',
        value: { hausratDeckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT'] },
        createdAt: NOW,
        praemieNachAenderung: premium(9_000),
      },
      'CHANGE_NOT_APPLICABLE',
    ],
  ])('refuses: %s', (_, record, input, code) => {
    const result = schedulePendingChange(record, input, TODAY);
    expect(result.ok ? 'ok' : result.error.code).toBe(code);
  });

  it('gives a German reason for the ZÜRS refusal', () => {
    const hausrat = makeContract({ produkt: 'HAUSRAT' });
    const closed: ContractRecord = { ...hausrat, details: withoutElementar(hausrat.details) };
    const result = schedulePendingChange(
      closed,
      { type: 'elementar', value: true, createdAt: NOW, praemieNachAenderung: premium(9_000) },
      TODAY,
    );
    expect(!result.ok && result.error.userMessage).toBe(
      'Elementarschutz kann an dieser Adresse nicht eingeschlossen werden.',
    );
  });

  it('records the revenue report date with a revenue change', () => {
    const result = schedulePendingChange(
      bhv,
      { type: 'jahresumsatz', value: 30_000_000, createdAt: NOW, praemieNachAenderung: premium(60_000) },
      TODAY,
    );
    expect(result.ok && result.value.record.details).toMatchObject({ jahresumsatzGemeldetAm: TODAY });
  });
});

describe('Hausrat covers and elementary cover', () => {
  it('lets a new cover list replace a pending elementary change, so the list the customer saw applies', () => {
    const hausrat = makeContract({ produkt: 'HAUSRAT' });
    const elementar = schedulePendingChange(
      hausrat,
      { type: 'elementar', value: true, createdAt: NOW, praemieNachAenderung: premium(12_000) },
      TODAY,
    );
    if (!elementar.ok) throw new Error(elementar.error.message);
    const covers = schedulePendingChange(
      elementar.value.record,
      {
        type: 'deckung',
        value: { hausratDeckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_ELEMENTAR_HAUSRAT'] },
        createdAt: NOW,
        praemieNachAenderung: premium(11_000),
      },
      TODAY,
    );
    if (!covers.ok) throw new Error(covers.error.message);
    expect(covers.value.record.vorgemerkteAenderungen.map((c) => c.type)).toEqual(['deckung']);
    const applied = applyDueChanges(covers.value.record, '2026-12-01').record;
    expect(applied.details.produktKey === 'HAUSRAT' && applied.details.hausrat.hausratDeckungen).toEqual([
      'SCHIRM_BASISDECKUNG_HAUSRAT',
      'SCHIRM_ELEMENTAR_HAUSRAT',
    ]);
  });
});

describe('applyDueChanges (daily job)', () => {
  const scheduled = (record: ContractRecord, inputs: PendingChangeInput[], today = TODAY): ContractRecord =>
    inputs.reduce((current, input) => {
      const result = schedulePendingChange(current, input, today);
      if (!result.ok) throw new Error(result.error.message);
      return result.value.record;
    }, record);

  const record = scheduled(bhv, [
    { type: 'zahlweise', value: 'MONATLICH', createdAt: NOW, praemieNachAenderung: premium(57_750) },
    {
      type: 'gewerbearten',
      value: { hauptgewerbe: 'bhv-maler', nebengewerbe: [] },
      createdAt: NOW,
      praemieNachAenderung: premium(55_000),
    },
    {
      type: 'bankverbindung',
      value: { ...bhv.bankverbindung!, kontoinhaber: 'Max Mustermann' },
      createdAt: NOW,
    },
  ]);

  it('applies what is due, oldest date first, and keeps the rest', () => {
    const { record: applied, applied: changes } = applyDueChanges(record, '2026-12-01');
    expect(changes.map((c) => c.type)).toEqual(['bankverbindung', 'gewerbearten']);
    expect(applied.bankverbindung?.kontoinhaber).toBe('Max Mustermann');
    expect(applied.details).toMatchObject({
      versicherteGewerbe: { hauptgewerbe: 'bhv-maler', nebengewerbe: [] },
    });
    expect(applied.beitrag).toEqual(premium(55_000));
    expect(applied.wirksamkeitsdatum).toBe('2026-12-01');
    expect(applied.vorgemerkteAenderungen.map((c) => c.type)).toEqual(['zahlweise']);
    expect(contractRecordSchema.safeParse(applied).success).toBe(true);

    const later = applyDueChanges(applied, '2027-01-01').record;
    expect(later.zahlweise).toBe('MONATLICH');
    expect(later.beitrag).toEqual(premium(57_750));
    expect(later.vorgemerkteAenderungen).toEqual([]);
  });

  it('changes nothing before the first date', () => {
    expect(applyDueChanges(record, '2026-11-21').applied).toEqual([]);
  });

  it('projects the contract to a day without one type, for pricing that type', () => {
    const projected = projectRecord(record, '2027-01-01', 'zahlweise');
    expect(projected.zahlweise).toBe('JAEHRLICH');
    expect(projected.details).toMatchObject({ versicherteGewerbe: { hauptgewerbe: 'bhv-maler' } });
  });

  it.each<[string, ContractRecord, PendingChangeInput, string, (r: ContractRecord) => unknown, unknown]>([
    [
      'deductible',
      bhv,
      { type: 'selbstbeteiligung', value: 'SB_1000', createdAt: NOW, praemieNachAenderung: premium(45_000) },
      '2027-01-01',
      (r) => r.selbstbeteiligung,
      { einheit: 'ABSOLUT', option: 'SB_1000' },
    ],
    [
      'coverage variant',
      bhv,
      {
        type: 'deckung',
        value: { deckungsVariante: 'PREMIUM' },
        createdAt: NOW,
        praemieNachAenderung: premium(65_000),
      },
      '2026-12-01',
      (r) => r.deckungsVariante,
      'PREMIUM',
    ],
    [
      'insured sum',
      si,
      {
        type: 'versicherungssumme',
        value: 500_000_000,
        wunschdatum: '2027-02-01',
        createdAt: NOW,
        praemieNachAenderung: premium(70_000),
      },
      '2027-02-01',
      (r) => r.versicherungssummeCents,
      500_000_000,
    ],
    [
      'revenue',
      bhv,
      { type: 'jahresumsatz', value: 30_000_000, createdAt: NOW, praemieNachAenderung: premium(60_000) },
      '2027-01-01',
      (r) => 'jahresumsatz' in r.details && r.details.jahresumsatz.value,
      30_000_000,
    ],
    [
      'risk address',
      bhv,
      {
        type: 'risikoort',
        value: { plz: '10115', ort: 'Berlin', strasse: 'Invalidenstraße', hausnummer: '1' },
        wunschdatum: '2026-12-15',
        createdAt: NOW,
        praemieNachAenderung: premium(52_000),
      },
      '2026-12-15',
      (r) => 'risikoOrt' in r.details && r.details.risikoOrt?.ort,
      'Berlin',
    ],
    [
      'PHV count',
      makeContract({ produkt: 'VH_2' }),
      { type: 'phvAnzahl', value: 'DREI', createdAt: NOW, praemieNachAenderung: premium(80_000) },
      '2026-12-01',
      (r) => r.details.produktKey === 'VH' && r.details.phvAnzahl,
      'DREI',
    ],
    [
      'office liability',
      makeContract({ produkt: 'VH_2' }),
      { type: 'buerohaftpflicht', value: false, createdAt: NOW, praemieNachAenderung: premium(40_000) },
      '2026-12-01',
      (r) => r.details.produktKey === 'VH' && r.details.vh.versicherteGefahren.buerohaftpflicht,
      false,
    ],
    [
      'family status',
      makeContract({ produkt: 'PRIVATHAFTPFLICHT' }),
      { type: 'familienstand', value: 'FAMILIE', createdAt: NOW, praemieNachAenderung: premium(9_000) },
      '2026-12-01',
      (r) => r.details.produktKey === 'PRIVATHAFTPFLICHT' && r.details.phv.familienstand,
      'FAMILIE',
    ],
    [
      'elementary on',
      makeContract({ produkt: 'HAUSRAT' }),
      { type: 'elementar', value: true, createdAt: NOW, praemieNachAenderung: premium(12_000) },
      '2026-12-01',
      (r) => r.details.produktKey === 'HAUSRAT' && r.details.hausrat.hausratDeckungen,
      ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_GLASBRUCH_HAUSRAT', 'SCHIRM_ELEMENTAR_HAUSRAT'],
    ],
    [
      'Hausrat covers',
      makeContract({ produkt: 'HAUSRAT' }),
      {
        type: 'deckung',
        value: { hausratDeckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT'] },
        createdAt: NOW,
        praemieNachAenderung: premium(8_000),
      },
      '2026-12-01',
      (r) => r.details.produktKey === 'HAUSRAT' && r.details.hausrat.hausratDeckungen,
      ['SCHIRM_BASISDECKUNG_HAUSRAT'],
    ],
    [
      'Hausrat move with the new flood class',
      makeContract({ produkt: 'HAUSRAT' }),
      {
        type: 'risikoort',
        value: { plz: '10115', ort: 'Berlin', strasse: 'Invalidenstraße', hausnummer: '1', zuersKlasse: 4 },
        wunschdatum: '2026-12-15',
        createdAt: NOW,
        praemieNachAenderung: premium(9_500),
      },
      '2026-12-15',
      (r) =>
        r.details.produktKey === 'HAUSRAT' && [
          r.details.hausrat.plz,
          r.details.hausrat.zuersKlasse,
          r.details.hausrat.elementarEinschliessbar,
          r.details.risikoOrt?.ort,
        ],
      ['10115', 4, false, 'Berlin'],
    ],
    [
      'frame number',
      makeContract({ produkt: 'FAHRRAD_2' }),
      {
        type: 'fahrrad',
        value: { hersteller: 'Cube', typ: 'MOUNTAINBIKE', rahmennummer: 'WBK999' },
        createdAt: NOW,
      },
      TODAY,
      (r) => r.details.produktKey === 'FAHRRAD' && r.details.fahrrad.rahmennummer,
      'WBK999',
    ],
    [
      'bank details',
      bhv,
      {
        type: 'bankverbindung',
        value: { ...bhv.bankverbindung!, iban: VALID_IBAN, kontoinhaber: 'Firma GmbH' },
        createdAt: NOW,
      },
      TODAY,
      (r) => r.bankverbindung?.kontoinhaber,
      'Firma GmbH',
    ],
  ])('applies %s', (_, contract, input, day, read, expected) => {
    const scheduledRecord = scheduled(contract, [input]);
    expect(read(applyDueChanges(scheduledRecord, day).record)).toEqual(expected);
    expect(contractRecordSchema.safeParse(applyDueChanges(scheduledRecord, day).record).success).toBe(true);
  });
});
