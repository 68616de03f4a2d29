import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAG_VALUES, FLAG_DEFINITIONS, FLAG_KEYS, isFlagKey, isValidFlagValue } from './flags';

describe('feature flags of spec §6', () => {
  it('defines exactly the flags the spec gates', () => {
    expect(FLAG_KEYS).toEqual([
      'self-service-cancellation',
      'contract-holder-change',
      'insured-amount-change',
      'claims-page',
      'feedback',
      'services-widget',
      'relocation-service',
      'help-button',
      'mfa-code-autocomplete',
      'travel-health-insurance',
      'bhv-tariff-change',
      'new-product-generations',
      'disabled-self-services',
      'claims-hub',
    ]);
  });

  it('gives every flag a German description and a default of its own type', () => {
    for (const key of FLAG_KEYS) {
      expect(FLAG_DEFINITIONS[key].description.length).toBeGreaterThan(10);
      expect(isValidFlagValue(key, DEFAULT_FLAG_VALUES[key])).toBe(true);
    }
  });

  it('keeps risky features off and disables no self-service page by default', () => {
    expect(DEFAULT_FLAG_VALUES['disabled-self-services']).toEqual([]);
    expect(DEFAULT_FLAG_VALUES['new-product-generations']).toBe(false);
    expect(DEFAULT_FLAG_VALUES['self-service-cancellation']).toBe(true);
  });

  it.each([
    ['feedback', true],
    ['feedback', false],
    ['disabled-self-services', []],
    ['disabled-self-services', ['zahlungsweise', 'kuendigen-widerrufen']],
  ] as const)('accepts %s = %j', (key, value) => {
    expect(isValidFlagValue(key, value)).toBe(true);
  });

  it.each([
    ['feedback', 'true'],
    ['feedback', 1],
    ['disabled-self-services', 'zahlungsweise'],
    ['disabled-self-services', ['unbekannt']],
    ['disabled-self-services', [1]],
  ] as const)('rejects %s = %j', (key, value) => {
    expect(isValidFlagValue(key, value)).toBe(false);
  });

  it('recognises flag keys', () => {
    expect(isFlagKey('claims-hub')).toBe(true);
    expect(isFlagKey('claims_hub')).toBe(false);
    expect(isFlagKey('toString')).toBe(false);
  });
});
