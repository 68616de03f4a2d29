import { describe, expect, it } from 'vitest';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import { priceBhv } from '@schirm/domain/products/bhv/tariff';
import { VERTRAGSSTATUS } from '@schirm/domain/products/enums';
import { priceHausrat } from '@schirm/domain/products/hausrat/tariff';
import { pricePhv } from '@schirm/domain/products/phv/tariff';
import { priceReise } from '@schirm/domain/products/reise/tariff';
import { validateContract } from '../../../modules/contracts/contract-mapping';
import { isKnownPostcode, placesOfPostcode } from '../../../modules/reference/postcodes';
import { generatePortfolio, type PortfolioBatch } from './generator';
import { ORTE } from './german-data';

const TODAY = '2026-11-22';

function generate(seed: number, customers: number): PortfolioBatch[] {
  return [...generatePortfolio({ seed, customers, today: TODAY, batchSize: 250 })];
}

const batches = generate(42, 3000);
const contracts = batches.flatMap((batch) => batch.contracts);
const customers = batches.flatMap((batch) => batch.customers);

function grossOf(
  result: ReturnType<typeof pricePhv>,
  variant: string | undefined,
  zahlweise: string,
): number | undefined {
  if (result.kind !== 'quote') return undefined;
  return result.variants
    .find((quoted) => quoted.variant === variant)
    ?.premiums.find((p) => p.zahlweise === zahlweise)?.grossCents;
}

describe('volume portfolio generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(generate(7, 300)).toEqual(generate(7, 300));
    const other = generate(8, 300).flatMap((batch) =>
      batch.contracts.map((generated) => generated.contract.produkt),
    );
    expect(other).not.toEqual(
      generate(7, 300).flatMap((batch) => batch.contracts.map((g) => g.contract.produkt)),
    );
  });

  it('makes records every contract rule accepts', () => {
    for (const { id, contract } of contracts) {
      expect(() =>
        validateContract({ ...contract, id, version: 1, updatedAt: `${TODAY}T10:00:00.000Z` }),
      ).not.toThrow();
    }
  });

  it('has about three quarters running contracts and every other status', () => {
    const running =
      contracts.filter(({ contract }) => contract.status === 'LAUFEND').length / contracts.length;
    expect(running).toBeGreaterThan(0.7);
    expect(running).toBeLessThan(0.85);
    const statuses = new Set(contracts.map(({ contract }) => contract.status));
    expect([...statuses].sort()).toEqual(VERTRAGSSTATUS.filter((status) => status !== 'UNBEKANNT').sort());
  });

  it('gives customers one to five contracts, a few twenty, and uses every product', () => {
    const perCustomer = new Map<string, number>();
    for (const { contract } of contracts)
      perCustomer.set(contract.partnerId, (perCustomer.get(contract.partnerId) ?? 0) + 1);
    expect(perCustomer.size).toBe(customers.length);
    const counts = [...perCustomer.values()];
    expect(counts.every((count) => (count >= 1 && count <= 5) || count === 20)).toBe(true);
    expect(counts.filter((count) => count === 20).length).toBeGreaterThan(0);
    const keys = new Set(contracts.map(({ contract }) => productKeyOf(contract.produkt)));
    expect(keys.size).toBe(9);
  });

  it('has about one agent per 300 customers, some of them sub-agents', () => {
    const agents = batches[0]!.agents;
    expect(agents).toHaveLength(10);
    expect(agents.some((agent) => agent.parentId !== null)).toBe(true);
    expect(new Set(agents.map((agent) => agent.vermittlerNummer)).size).toBe(agents.length);
    expect(agents.every((agent) => /^\d{10}$/.test(agent.vermittlerNummer))).toBe(true);
  });

  it('takes every premium from the tariffs', () => {
    let checked = 0;
    for (const { contract } of contracts.slice(0, 600)) {
      const { details, zahlweise, deckungsVariante: variante } = contract;
      const option =
        contract.selbstbeteiligung?.einheit === 'ABSOLUT' ? contract.selbstbeteiligung.option : undefined;
      let expected: number | undefined;
      if (details.produktKey === 'PRIVATHAFTPFLICHT' && option) {
        expected = grossOf(
          pricePhv({
            familienstand: details.phv.familienstand,
            selbstbeteiligung: option as 'SB_KEINE',
            diensthaftpflicht: details.diensthaftpflicht !== undefined,
            schaedenLetzte5Jahre: 0,
          }),
          variante,
          zahlweise,
        );
      } else if (
        details.produktKey === 'BHV' &&
        option &&
        (contract.produkt === 'BHV_1' || contract.produkt === 'BHV_2')
      ) {
        expected = grossOf(
          priceBhv({
            generation: contract.produkt,
            hauptgewerbe: details.versicherteGewerbe.hauptgewerbe,
            nebengewerbe: details.versicherteGewerbe.nebengewerbe,
            jahresumsatzCents: details.jahresumsatz.value,
            selbstbeteiligung: option,
            risikofragen: {},
          }),
          variante,
          zahlweise,
        );
      } else if (details.produktKey === 'HAUSRAT' && option) {
        expected = grossOf(
          priceHausrat({
            plz: details.hausrat.plz,
            wohnflaeche: details.hausrat.wohnflaeche,
            deckungen: details.hausrat.hausratDeckungen,
            zuersKlasse: details.hausrat.zuersKlasse,
            selbstbeteiligung: option as 'SB_KEINE',
          }),
          variante,
          zahlweise,
        );
      } else if (details.produktKey === 'REISE') {
        expected = grossOf(
          priceReise(
            {
              personenkreis: details.reise.personenkreis,
              beginn: details.reise.beginn,
              ende: details.reise.ende,
              reisekrankenversicherung: details.reise.reisekrankenversicherung ?? false,
            },
            { today: contract.antragsdatum },
          ),
          variante,
          'EINMALIG',
        );
      } else {
        continue;
      }
      expect(contract.beitrag.bruttoBeitragProPeriodeCents, contract.versicherungsNummer).toBe(expected);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('uses real postcodes with their town', () => {
    for (const ort of ORTE) {
      expect(isKnownPostcode(ort.plz), ort.plz).toBe(true);
      expect(placesOfPostcode(ort.plz), ort.plz).toContain(ort.ort);
    }
  });
});
