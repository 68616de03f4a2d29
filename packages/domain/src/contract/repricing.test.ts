import { describe, expect, it } from 'vitest';
import { priceBhv } from '../products/bhv/tariff';
import { catalogueEntryForSummaryProdukt, deckungsVariantenFor } from '../products/catalogue';
import type { FahrradDeckung, SummaryProdukt } from '../products/enums';
import { priceFahrrad } from '../products/fahrrad/tariff';
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

describe('a Fahrrad package change', () => {
  // Theft and repair with wear parts: sold in both generations, but in no package (Individuell).
  const individuell = (produkt: 'FAHRRAD' | 'FAHRRAD_2'): ContractRecord => {
    const details = detailsFor(produkt);
    if (details.produktKey !== 'FAHRRAD') throw new Error('Fahrrad details expected');
    return makeContract({
      produkt,
      deckungsVariante: 'FAHRRAD_INDIVIDUELL',
      versicherungssummeCents: details.fahrrad.kaufpreisCents,
      selbstbeteiligung: undefined,
      zahlweise: 'MONATLICH',
      details: {
        ...details,
        fahrrad: {
          ...details.fahrrad,
          versicherteRisiken: {
            diebstahl: true,
            reparatur: true,
            reparaturOhneVerschleiss: false,
            schutzbrief: false,
          },
        },
      },
    });
  };
  const packageChange = (deckungsVariante: string) =>
    ({
      type: 'deckung',
      value: { deckungsVariante },
      wirksamkeitsdatum: '2026-12-01',
      createdAt: '2026-11-22T10:00:00+01:00',
    }) as const;
  /** The premium the tariff lists for the package when it prices the bike for every package. */
  const tariffPremium = (record: ContractRecord, paket: string) => {
    if (record.details.produktKey !== 'FAHRRAD') throw new Error('Fahrrad details expected');
    const { art, typ, kaufpreisCents, kaufdatum, zustand } = record.details.fahrrad;
    const quote = priceFahrrad(
      {
        generation: record.produkt as 'FAHRRAD' | 'FAHRRAD_2',
        art,
        typ,
        kaufpreisCents,
        kaufdatum,
        zustand,
        zahlweise: 'MONATLICH',
      },
      { today: record.antragsdatum },
    );
    if (quote.kind !== 'quote') throw new Error('quote expected');
    const premium = quote.variants.find((v) => v.variant === paket)?.premiums[0];
    if (!premium) throw new Error(`the tariff lists no ${paket}`);
    return {
      nettoJahresbeitragCents: premium.netAnnualCents,
      bruttoBeitragProPeriodeCents: premium.grossCents,
    };
  };
  const PACKAGE_COVERS: Record<string, readonly FahrradDeckung[]> = {
    FAHRRAD_BASIS: ['FAHRRAD_DECKUNG_DIEBSTAHL'],
    FAHRRAD_KOMFORT: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS'],
    FAHRRAD_PREMIUM: [
      'FAHRRAD_DECKUNG_DIEBSTAHL',
      'FAHRRAD_DECKUNG_REPARATUR',
      'FAHRRAD_DECKUNG_SCHUTZBRIEF',
    ],
  };
  const offered = (['FAHRRAD', 'FAHRRAD_2'] as const).flatMap((produkt) =>
    deckungsVariantenFor(produkt).map((v) => [produkt, v.deckungsVarianteIdentifier] as const),
  );

  it('is offered for every package of both generations', () => {
    expect(offered).toEqual([
      ['FAHRRAD', 'FAHRRAD_BASIS'],
      ['FAHRRAD_2', 'FAHRRAD_BASIS'],
      ['FAHRRAD_2', 'FAHRRAD_KOMFORT'],
      ['FAHRRAD_2', 'FAHRRAD_PREMIUM'],
    ]);
  });

  it.each(offered)('%s → %s gives exactly the package’s covers and its tariff premium', (produkt, paket) => {
    const record = individuell(produkt);
    const applied = applyChange(record, packageChange(paket));
    if (applied.details.produktKey !== 'FAHRRAD') throw new Error('Fahrrad details expected');
    const covers = PACKAGE_COVERS[paket]!;
    expect(applied.deckungsVariante).toBe(paket);
    expect(applied.details.fahrrad.versicherteRisiken).toEqual({
      diebstahl: covers.includes('FAHRRAD_DECKUNG_DIEBSTAHL'),
      reparatur: covers.includes('FAHRRAD_DECKUNG_REPARATUR'),
      reparaturOhneVerschleiss: covers.includes('FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS'),
      schutzbrief: covers.includes('FAHRRAD_DECKUNG_SCHUTZBRIEF'),
    });
    const priced = priceContract(applied);
    if (!priced.ok) throw new Error(priced.error.message);
    expect(priced.value.beitrag).toEqual(tariffPremium(record, paket));
  });

  it('leaves the covers alone for a package the generation does not offer, which the tariff refuses', () => {
    const record = individuell('FAHRRAD');
    const applied = applyChange(record, packageChange('FAHRRAD_PREMIUM'));
    expect(applied.details).toEqual(record.details);
    const priced = priceContract(applied);
    expect(priced.ok ? 'ok' : priced.error.code).toBe('NOT_PRICEABLE');
  });
});
