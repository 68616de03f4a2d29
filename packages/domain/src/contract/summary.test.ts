import { describe, expect, it } from 'vitest';
import type { ContractRecord } from './contract-record';
import { makeContract } from './contract-fixture.test-helper';
import { contractSummarySchema, toContractSummary } from './summary';

describe('toContractSummary', () => {
  it('maps a running business liability contract', () => {
    const summary = toContractSummary(makeContract(), '2026-11-22');
    expect(summary).toEqual({
      vertragsnummer: '202612345',
      status: 'LAUFEND',
      vertragsart: 'GEWERBE',
      produkt: 'BHV_2',
      vertragsbeginn: '2026-01-01',
      vertragsende: null,
      naechsteVertragsjaehrung: '2027-01-01',
      hauptfaelligkeit: { day: 1, month: 1 },
      gewerbeVertragsdaten: { jahresumsatz: 250_000 },
      folgeBeitrag: 595,
      jaehrlicherBeitrag: 595,
      lastUpdated: '2026-11-01T10:00:00+01:00',
    });
    expect(contractSummarySchema.safeParse(summary).success).toBe(true);
  });

  it.each<[string, ContractRecord, string, Partial<ReturnType<typeof toContractSummary>>]>([
    [
      'monthly private contract',
      makeContract({
        produkt: 'HAUSRAT',
        zahlweise: 'MONATLICH',
        beitrag: { nettoJahresbeitragCents: 12_000, bruttoBeitragProPeriodeCents: 1_249 },
      }),
      '2026-11-22',
      { vertragsart: 'PRIVAT', gewerbeVertragsdaten: null, folgeBeitrag: 12.49, jaehrlicherBeitrag: 149.88 },
    ],
    [
      'commercial contract without revenue',
      makeContract({ produkt: 'SI_ALLGEFAHREN' }),
      '2026-11-22',
      { vertragsart: 'GEWERBE', gewerbeVertragsdaten: { jahresumsatz: null } },
    ],
    [
      'single-premium travel contract',
      makeContract({
        produkt: 'REISE',
        zahlweise: 'EINMALIG',
        vertragsBeginn: '2026-07-01',
        ablaufdatum: '2026-07-22',
        stillschweigendeVerlaengerung: false,
        hauptfaelligkeit: { day: 1, month: 7 },
        wirksamkeitsdatum: '2026-07-01',
        beitrag: { nettoJahresbeitragCents: 8_000, bruttoBeitragProPeriodeCents: 9_520 },
      }),
      '2026-07-05',
      {
        vertragsende: '2026-07-22',
        naechsteVertragsjaehrung: null,
        folgeBeitrag: null,
        jaehrlicherBeitrag: null,
      },
    ],
    [
      // Booked early: the first anniversary of the application falls before the trip ends.
      'single-premium travel contract running past its first anniversary',
      makeContract({
        produkt: 'REISE',
        zahlweise: 'EINMALIG',
        vertragsBeginn: '2026-01-10',
        ablaufdatum: '2027-01-21',
        stillschweigendeVerlaengerung: false,
        hauptfaelligkeit: { day: 10, month: 1 },
        wirksamkeitsdatum: '2026-01-10',
        beitrag: { nettoJahresbeitragCents: 8_000, bruttoBeitragProPeriodeCents: 9_520 },
      }),
      '2026-11-22',
      {
        vertragsende: '2027-01-21',
        naechsteVertragsjaehrung: null,
        folgeBeitrag: null,
        jaehrlicherBeitrag: null,
      },
    ],
    [
      'cancelled to the next main due date',
      {
        ...makeContract(),
        status: 'AUSLAUFEND',
        beendigung: {
          art: 'KUENDIGUNG',
          durch: 'VERSICHERUNGSNEHMER',
          anlass: 'ORDENTLICH',
          erklaertAm: '2026-09-01',
          zum: '2027-01-01',
          grund: 'ZU_TEUER',
        },
      },
      '2026-11-22',
      { status: 'AUSLAUFEND', vertragsende: '2027-01-01', naechsteVertragsjaehrung: null, folgeBeitrag: 595 },
    ],
    [
      'revoked',
      {
        ...makeContract(),
        status: 'STORNIERT',
        beendigung: { art: 'WIDERRUF', erklaertAm: '2025-12-20', zum: '2026-01-01', grund: 'KEIN_BEDARF' },
      },
      '2026-11-22',
      { status: 'STORNIERT', vertragsende: '2026-01-01', naechsteVertragsjaehrung: null, folgeBeitrag: null },
    ],
  ])('%s', (_, record, today, expected) => {
    const summary = toContractSummary(record, today);
    expect(summary).toMatchObject(expected);
    expect(contractSummarySchema.safeParse(summary).success).toBe(true);
  });
});
