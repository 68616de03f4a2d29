import { describe, expect, it } from 'vitest';
import {
  PRODUCT_CATALOGUE,
  cancellationReasonsFor,
  catalogueEntry,
  catalogueEntryForSummaryProdukt,
  generationForNewBusiness,
} from './catalogue';
import {
  CONTRACT_TYPE_CODES,
  EDITABLE_FIELDS,
  PRODUCT_KEYS,
  PRODUCT_TYPE_NAMES,
  SUMMARY_PRODUKTE,
} from './enums';

describe('product catalogue', () => {
  it('has one entry per spec product key, in the spec order', () => {
    expect(PRODUCT_CATALOGUE.map((entry) => entry.productKey)).toEqual([...PRODUCT_KEYS]);
  });

  it('sells every summary product of spec §3 in exactly one entry', () => {
    const sold = PRODUCT_CATALOGUE.flatMap((entry) => entry.generations);
    expect([...sold].sort()).toEqual([...SUMMARY_PRODUKTE].sort());
  });

  it('uses only spec type names, contract-type codes and editable fields', () => {
    for (const entry of PRODUCT_CATALOGUE) {
      expect(PRODUCT_TYPE_NAMES).toContain(entry.typeName);
      if (entry.contractTypeCode !== null) expect(CONTRACT_TYPE_CODES).toContain(entry.contractTypeCode);
      for (const field of entry.editableFields) expect(EDITABLE_FIELDS).toContain(field);
    }
    const codes = new Set(
      PRODUCT_CATALOGUE.map((entry) => entry.contractTypeCode).filter((code) => code !== null),
    );
    expect([...codes].sort()).toEqual([...CONTRACT_TYPE_CODES].sort());
  });

  it('routes the application flows of spec §2 and the pricing endpoints of spec §7', () => {
    expect(PRODUCT_CATALOGUE.map((entry) => entry.applicationRoute).sort()).toEqual(
      [
        'antrag/allgemeine-versicherungsdaten',
        'betriebshaftpflicht',
        'fahrrad',
        'hausrat',
        'privathaftpflicht',
        'reise',
        'sachinhalt',
        'sachinhalt-mehrgefahren',
        'tierhalterhaftpflicht',
        'vermoegensschadenhaftpflicht',
      ].sort(),
    );
    expect([...new Set(PRODUCT_CATALOGUE.map((entry) => entry.pricingPath))].sort()).toEqual(
      ['bhv', 'fahrrad2', 'hausrat/v2', 'kfz', 'phv/v2', 'reise', 'si', 'thv/v2', 'vh2'].sort(),
    );
  });

  it('names the customer-information documents of spec §7', () => {
    const documents = PRODUCT_CATALOGUE.map((entry) => entry.kundeninformationDokument).filter(
      (d) => d !== null,
    );
    expect([...documents].sort()).toEqual(
      ['BHV', 'VH', 'SI_ALLGEFAHREN', 'SI_MEHRGEFAHREN', 'FAHRRAD', 'THV', 'PHV', 'HRV', 'REISE'].sort(),
    );
  });

  it('gives every product German cancellation reasons with unique keys and a catch-all', () => {
    for (const productKey of PRODUCT_KEYS) {
      const reasons = cancellationReasonsFor(productKey);
      expect(new Set(reasons.map((reason) => reason.key)).size).toBe(reasons.length);
      expect(reasons.map((reason) => reason.key)).toContain('SONSTIGES');
      for (const reason of reasons) expect(reason.label.trim()).not.toBe('');
    }
  });

  it('gives every variant an identifier and a name, unique within the product', () => {
    for (const entry of PRODUCT_CATALOGUE) {
      const ids = entry.deckungsVarianten.map((variant) => variant.deckungsVarianteIdentifier);
      expect(new Set(ids).size).toBe(ids.length);
      for (const variant of entry.deckungsVarianten) expect(variant.deckungsVarianteName).not.toBe('');
    }
  });
});

describe('look-ups', () => {
  it('finds entries by key and by summary product', () => {
    expect(catalogueEntry('HAUSRAT').name).toBe('Hausratversicherung');
    expect(catalogueEntryForSummaryProdukt('FAHRRAD_2').productKey).toBe('FAHRRAD');
    expect(catalogueEntryForSummaryProdukt('BHV_1').productKey).toBe('BHV');
    expect(catalogueEntryForSummaryProdukt('SI_MEHRGEFAHREN').productKey).toBe('SI_MEHRGEFAHREN');
  });

  it.each([
    ['FAHRRAD', false, 'FAHRRAD'],
    ['FAHRRAD', true, 'FAHRRAD_2'],
    ['VH', false, 'VH'],
    ['VH', true, 'VH_2'],
    ['BHV', false, 'BHV_1'],
    ['BHV', true, 'BHV_2'],
    ['HAUSRAT', true, 'HAUSRAT'],
    ['REISE', false, 'REISE'],
    ['KFZ', true, 'KFZ'],
  ] as const)('%s with new product generations %s → %s', (productKey, flag, generation) => {
    expect(generationForNewBusiness(productKey, flag)).toBe(generation);
  });
});
