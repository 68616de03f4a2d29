import { describe, expect, it } from 'vitest';
import { PRODUCT_KEYS, PRODUCT_TYPE_NAMES } from '../enums';
import { kfzProduct } from './catalogue';

describe('KFZ catalogue entry', () => {
  it('uses the spec product key and type name and offers no tariff', () => {
    expect(PRODUCT_KEYS).toContain(kfzProduct.productKey);
    expect(PRODUCT_TYPE_NAMES).toContain(kfzProduct.typeName);
    expect(kfzProduct.contractTypeCode).toBeNull();
    expect(kfzProduct.hasTariff).toBe(false);
    expect(kfzProduct.pricingPath).toBeNull();
    expect(kfzProduct.deckungsVarianten).toEqual([]);
  });

  it('lists German cancellation reasons with unique keys', () => {
    const keys = kfzProduct.cancellationReasons.map((reason) => reason.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(kfzProduct.cancellationReasons[0]).toEqual({
      key: 'FAHRZEUG_VERKAUFT',
      label: 'Ich habe das Fahrzeug verkauft.',
    });
  });
});
