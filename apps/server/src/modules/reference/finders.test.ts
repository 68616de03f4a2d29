import { describe, expect, it } from 'vitest';
import { NOT_ONLINE_HAZARD_CLASS } from '@schirm/domain/products/bhv/business-types';
import { SI_NOT_ONLINE_HAZARD_CLASS } from '@schirm/domain/products/si/business-types';
import { DOG_BREEDS } from '@schirm/domain/products/thv/dog-breeds';
import {
  allBusinessTypes,
  businessTypeById,
  findBusinessTypes,
  hasShowableRiskQuestions,
  riskQuestionsOf,
} from './business-types';
import { FINDER_LIMIT, findBicycleManufacturers, findDogBreeds } from './finders';

describe('findDogBreeds', () => {
  it("finds 'Schäferhund' breeds whichever way the umlaut is typed", () => {
    for (const pattern of ['schae', 'Schäf', 'SCHAF']) {
      expect(findDogBreeds(pattern).map((breed) => breed.name)).toContain('Deutscher Schäferhund');
    }
  });

  it('returns id, name and the dangerous flag only', () => {
    expect(findDogBreeds('Tosa')).toEqual([{ id: 'tosa-inu', name: 'Tosa Inu', dangerous: true }]);
    expect(findDogBreeds('beagle')).toEqual([{ id: 'beagle', name: 'Beagle', dangerous: false }]);
  });

  it('ranks names starting with the pattern before names containing it', () => {
    const bull = findDogBreeds('bull').map((breed) => breed.name);
    const firstInner = bull.findIndex((name) => !name.toLowerCase().startsWith('bull'));
    expect(firstInner).toBeGreaterThan(0);
    expect(bull.slice(0, firstInner).every((name) => name.toLowerCase().startsWith('bull'))).toBe(true);
    expect(bull.slice(firstInner).some((name) => name.toLowerCase().startsWith('bull'))).toBe(false);
  });

  it('lists at most 20 breeds, alphabetically for an empty pattern', () => {
    const all = findDogBreeds('');
    expect(DOG_BREEDS.length).toBeGreaterThan(FINDER_LIMIT);
    expect(all).toHaveLength(FINDER_LIMIT);
    expect(all[0]?.name).toBe('Akita Inu');
  });

  it('finds nothing for an unknown pattern', () => {
    expect(findDogBreeds('katze')).toEqual([]);
  });
});

describe('findBicycleManufacturers', () => {
  it('finds brands with umlauts and accents from plain spellings', () => {
    expect(findBicycleManufacturers('muller').map((entry) => entry.name)).toEqual([
      'Riese & Müller',
      'Sonstiger Hersteller',
    ]);
    expect(findBicycleManufacturers('cervelo')[0]).toEqual({ id: 'cervelo', name: 'Cervélo' });
  });

  it("always offers 'Sonstiger Hersteller' last, also when nothing matches", () => {
    expect(findBicycleManufacturers('gibtesnicht')).toEqual([
      { id: 'sonstiger-hersteller', name: 'Sonstiger Hersteller' },
    ]);
    const all = findBicycleManufacturers('');
    expect(all).toHaveLength(FINDER_LIMIT);
    expect(all.at(-1)?.id).toBe('sonstiger-hersteller');
  });
});

describe('business types', () => {
  it('have ids unique across all products', () => {
    const ids = allBusinessTypes().map((type) => type.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('are found per product with umlaut-tolerant patterns', () => {
    const hits = findBusinessTypes({ produkt: 'BHV', pattern: 'baecker' });
    expect(hits.map((hit) => hit.name)).toEqual(['Bäckerei und Konditorei']);
    expect(hits[0]).toMatchObject({ products: ['BHV'], insurableOnline: true, hasRiskQuestions: false });
  });

  it('serve the VH professions under their product', () => {
    expect(findBusinessTypes({ produkt: 'VH', pattern: 'it-ber' }).map((hit) => hit.id)).toEqual([
      'vh-it-beratung',
    ]);
    expect(findBusinessTypes({ produkt: 'BHV', pattern: 'IT-Beratung' })).toEqual([]);
  });

  it('serve the Sachinhalt types under both SI products, heavier trades under Mehrgefahren only', () => {
    const allgefahren = findBusinessTypes({ produkt: 'SI_ALLGEFAHREN', pattern: '' });
    const mehrgefahren = findBusinessTypes({ produkt: 'SI_MEHRGEFAHREN', pattern: '' });
    expect(allgefahren.length).toBeGreaterThan(0);
    expect(mehrgefahren.length).toBeGreaterThanOrEqual(allgefahren.length);
    expect(findBusinessTypes({ produkt: 'SI_ALLGEFAHREN', pattern: 'apotheke' })).toMatchObject([
      { id: 'si-apotheke', products: ['SI_ALLGEFAHREN', 'SI_MEHRGEFAHREN'], hasRiskQuestions: true },
    ]);
  });

  it('share one meaning of "not insurable online" across the product lists', () => {
    expect(SI_NOT_ONLINE_HAZARD_CLASS).toBe(NOT_ONLINE_HAZARD_CLASS);
  });

  it('mark trades that are only underwritten individually', () => {
    const [abbruch] = findBusinessTypes({ produkt: 'BHV', pattern: 'Abbruch' });
    expect(abbruch).toMatchObject({ id: 'bhv-abbruch', insurableOnline: false });
  });

  it('are empty for a product without business types', () => {
    expect(findBusinessTypes({ produkt: 'PRIVATHAFTPFLICHT', pattern: '' })).toEqual([]);
  });

  it('give risk questions without the knock-out answer, and are showable only with questions', () => {
    const cafe = businessTypeById('bhv-cafe-restaurant');
    expect(cafe).toBeDefined();
    if (!cafe) return;
    const questions = riskQuestionsOf(cafe);
    expect(questions).toEqual([
      {
        id: 'bhv-cafe-restaurant-diskothek',
        text: 'Betreiben Sie eine Diskothek oder einen Club oder veranstalten Sie Feiern mit mehr als 500 Gästen?',
        answerType: 'JA_NEIN',
      },
    ]);
    expect(hasShowableRiskQuestions(cafe)).toBe(true);
    const baeckerei = businessTypeById('bhv-baeckerei');
    expect(baeckerei && hasShowableRiskQuestions(baeckerei)).toBe(false);
    expect(businessTypeById('gibt-es-nicht')).toBeUndefined();
  });
});
