import { describe, expect, it } from 'vitest';
import { PRODUCT_KEYS, PRODUCT_TYPE_NAMES } from '../enums';
import { kfzProduct } from './catalogue';

describe('KFZ catalogue entry', () => {
  it('uses the spec product key and type name, its own contract-type code and generation, and offers a tariff', () => {
    expect(PRODUCT_KEYS).toContain(kfzProduct.productKey);
    expect(PRODUCT_TYPE_NAMES).toContain(kfzProduct.typeName);
    expect(kfzProduct.contractTypeCode).toBe('KFZ');
    expect(kfzProduct.generations).toEqual(['KFZ']);
    expect(kfzProduct.hasTariff).toBe(true);
    expect(kfzProduct.pricingPath).toBe('kfz');
    expect(kfzProduct.applicationRoute).toBe('antrag/allgemeine-versicherungsdaten');
  });

  it('offers liability, Teilkasko and Vollkasko with the Teilkasko recommended', () => {
    expect(
      kfzProduct.deckungsVarianten.map((variante) => [
        variante.deckungsVarianteIdentifier,
        variante.deckungsVarianteName,
        variante.sparten,
        variante.recommended,
      ]),
    ).toEqual([
      ['KFZ_HAFTPFLICHT', 'Haftpflicht', ['KH'], false],
      ['KFZ_TEILKASKO', 'Haftpflicht + Teilkasko', ['KH', 'TK'], true],
      ['KFZ_VOLLKASKO', 'Haftpflicht + Vollkasko', ['KH', 'VK'], false],
    ]);
    expect(kfzProduct.zahlweisen).toEqual(['MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH']);
    expect(kfzProduct.selbstbeteiligungenTeilkasko).toEqual(['SB_KEINE', 'SB_150', 'SB_300', 'SB_500']);
    expect(kfzProduct.selbstbeteiligungenVollkasko).toEqual(['SB_300', 'SB_500', 'SB_1000']);
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
