import { describe, expect, it } from 'vitest';
import { priceBhv } from '../products/bhv/tariff';
import { catalogueEntryForSummaryProdukt, deckungsVariantenFor } from '../products/catalogue';
import type { SummaryProdukt } from '../products/enums';
import { detailsFor, makeContract } from './contract-fixture.test-helper';
import type { ContractRecord } from './contract-record';
import { applyChange } from './pending-changes';
import { priceContract } from './repricing';

const bhv = makeContract({
  produkt: 'BHV_2',
  deckungsVariante: 'BHV_KOMFORT',
  versicherungssummeCents: 500_000_000,
});

describe('priceContract', () => {
  it('prices the record with the tariff: same inputs, same premium as the BHV tariff', () => {
    const tariff = priceBhv({
      generation: 'BHV_2',
      hauptgewerbe: 'bhv-tischlerei',
      nebengewerbe: ['bhv-maler'],
      jahresumsatzCents: 25_000_000,
      variante: 'BHV_KOMFORT',
      selbstbeteiligung: 'SB_250',
      risikofragen: {},
      zahlweise: 'JAEHRLICH',
    });
    if (tariff.kind !== 'quote') throw new Error('quote expected');
    const premium = tariff.variants[0]!.premiums[0]!;
    const priced = priceContract(bhv);
    expect(priced.ok && priced.value).toEqual({
      beitrag: {
        nettoJahresbeitragCents: premium.netAnnualCents,
        bruttoBeitragProPeriodeCents: premium.grossCents,
      },
      versicherungssummeCents: 500_000_000,
      tariffVersion: tariff.tariffVersion,
    });
  });

  it('prices another payment period with its instalment surcharge', () => {
    const yearly = priceContract(bhv);
    const monthly = priceContract({ ...bhv, zahlweise: 'MONATLICH' });
    if (!yearly.ok || !monthly.ok) throw new Error('priced expected');
    expect(monthly.value.beitrag.nettoJahresbeitragCents).toBe(yearly.value.beitrag.nettoJahresbeitragCents);
    expect(monthly.value.beitrag.bruttoBeitragProPeriodeCents * 12).toBeGreaterThan(
      yearly.value.beitrag.bruttoBeitragProPeriodeCents,
    );
  });

  it('takes the insured sum of a new coverage variant when the change applies', () => {
    const premium = priceContract({ ...bhv, deckungsVariante: 'BHV_PREMIUM' });
    if (!premium.ok) throw new Error(premium.error.message);
    const applied = applyChange(bhv, {
      type: 'deckung',
      value: { deckungsVariante: 'BHV_PREMIUM' },
      wirksamkeitsdatum: '2026-12-01',
      createdAt: '2026-11-22T10:00:00+01:00',
      praemieNachAenderung: premium.value.beitrag,
    });
    expect(applied.versicherungssummeCents).toBe(1_000_000_000);
    expect(priceContract(applied)).toEqual(premium);
  });

  it('answers a German reason when the tariff refuses the risk', () => {
    const thv = makeContract({ produkt: 'TIERHALTERHAFTPFLICHT', deckungsVariante: undefined });
    const details = thv.details as Extract<
      ContractRecord['details'],
      { produktKey: 'TIERHALTERHAFTPFLICHT' }
    >;
    const listed: ContractRecord = {
      ...thv,
      details: {
        ...details,
        hunde: [{ ...details.hunde[0]!, rasse: 'alano', mischling: false, mischlingsRasse: undefined }],
      },
    };
    const priced = priceContract(listed);
    expect(priced.ok ? 'ok' : priced.error.code).toBe('UNINSURABLE');
    expect(!priced.ok && priced.error.userMessage).toMatch(/Hund|Rasse/);
  });

  it('answers the rating schema’s German message for an option the product does not offer', () => {
    const phv = makeContract({
      produkt: 'PRIVATHAFTPFLICHT',
      deckungsVariante: undefined,
      selbstbeteiligung: { einheit: 'ABSOLUT', option: 'SB_5000' },
    });
    const priced = priceContract(phv);
    expect(priced.ok ? 'ok' : priced.error.code).toBe('INVALID_RATING_INPUT');
    expect(!priced.ok && priced.error.userMessage).toBe(
      'Bitte wählen Sie eine angebotene Selbstbeteiligung.',
    );
  });
});

describe('deckungsVariantenFor', () => {
  // A contract of each generation whose only open rating question is the variant.
  const contractOf = (produkt: SummaryProdukt, deckungsVariante: string): ContractRecord => {
    const details = detailsFor(produkt);
    return makeContract({
      produkt,
      deckungsVariante,
      ...(details.produktKey === 'VH'
        ? { details: { ...details, versicherteGewerbe: { hauptgewerbe: 'vh-coaching', nebengewerbe: [] } } }
        : {}),
      ...(produkt === 'SI_ALLGEFAHREN' || produkt === 'SI_MEHRGEFAHREN'
        ? { versicherungssummeCents: 20_000_000 }
        : {}),
      ...(produkt === 'REISE' ? { zahlweise: 'EINMALIG' } : {}),
    });
  };

  it.each([
    ['VH', ['VH_250', 'VH_500']],
    ['VH_2', ['VH_250', 'VH_500', 'VH_1000']],
    ['BHV_1', ['BHV_BASIS', 'BHV_KOMFORT']],
    ['BHV_2', ['BHV_BASIS', 'BHV_KOMFORT', 'BHV_PREMIUM']],
    ['FAHRRAD', ['FAHRRAD_BASIS']],
    ['FAHRRAD_2', ['FAHRRAD_BASIS', 'FAHRRAD_KOMFORT', 'FAHRRAD_PREMIUM']],
  ] as const)('lists the variants generation %s offers', (produkt, expected) => {
    expect(deckungsVariantenFor(produkt).map((v) => v.deckungsVarianteIdentifier)).toEqual(expected);
  });

  it.each([
    'VH',
    'VH_2',
    'BHV_1',
    'BHV_2',
    'SI_ALLGEFAHREN',
    'SI_MEHRGEFAHREN',
    'REISE',
    'PRIVATHAFTPFLICHT',
    'TIERHALTERHAFTPFLICHT',
  ] as const)('lists exactly the variants the tariff prices a %s contract in', (produkt) => {
    const priceable = catalogueEntryForSummaryProdukt(produkt)
      .deckungsVarianten.map((v) => v.deckungsVarianteIdentifier)
      .filter((variante) => priceContract(contractOf(produkt, variante)).ok);
    expect(deckungsVariantenFor(produkt).map((v) => v.deckungsVarianteIdentifier)).toEqual(priceable);
  });
});
