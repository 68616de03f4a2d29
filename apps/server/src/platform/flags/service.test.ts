import { OpenFeature } from '@openfeature/server-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { FLAG_SETTINGS } from './definitions';
import { SchirmFlagProvider } from './provider';
import { createFlagService } from './service';

// The service's OpenFeature domain (service.ts).
const DOMAIN = 'schirm';

describe('flag evaluations (cached per flag, environment and brand)', () => {
  const flags = createFlagService();

  afterEach(async () => {
    await OpenFeature.setProviderAndWait(DOMAIN, new SchirmFlagProvider(FLAG_SETTINGS));
  });

  it('answers each environment and brand with its own setting, also when asked again', async () => {
    for (let round = 0; round < 2; round += 1) {
      const hfk = await flags.evaluate('bhv-tariff-change', { environment: 'production', brand: 'hfk' });
      const schirm = await flags.evaluate('bhv-tariff-change', {
        environment: 'production',
        brand: 'schirm',
      });
      const local = await flags.evaluate('bhv-tariff-change', { environment: 'localhost', brand: 'schirm' });
      expect([hfk.value, hfk.reason]).toEqual([true, 'TARGETING_MATCH']);
      expect([schirm.value, schirm.reason]).toEqual([false, 'STATIC']);
      expect(local.value).toBe(true);
      expect(hfk.metadata).toEqual({ environment: 'production', brand: 'hfk' });
    }
  });

  it('hands out answers that cannot be changed by the caller', async () => {
    const evaluation = await flags.evaluate('new-product-generations', {
      environment: 'production',
      brand: 'schirm',
    });
    expect(Object.isFrozen(evaluation)).toBe(true);
    expect(Object.isFrozen(evaluation.metadata)).toBe(true);
  });

  it('sees new settings as soon as the provider is replaced', async () => {
    const context = { environment: 'production', brand: 'schirm' } as const;
    expect((await flags.evaluate('claims-hub', context)).value).toBe(false);
    const changed = {
      ...FLAG_SETTINGS,
      production: { ...FLAG_SETTINGS.production, 'claims-hub': { value: true } },
    };
    await OpenFeature.setProviderAndWait(DOMAIN, new SchirmFlagProvider(changed));
    expect((await flags.evaluate('claims-hub', context)).value).toBe(true);
  });

  it('answers all values per environment and brand, frozen, and new ones after new settings', async () => {
    const context = { environment: 'production', brand: 'schirm' } as const;
    const before = await flags.values(context);
    expect(before['claims-hub']).toBe(false);
    expect(Object.isFrozen(before)).toBe(true);
    expect((await flags.values({ environment: 'production', brand: 'hfk' }))['bhv-tariff-change']).toBe(true);
    expect(before['bhv-tariff-change']).toBe(false);
    const changed = {
      ...FLAG_SETTINGS,
      production: { ...FLAG_SETTINGS.production, 'claims-hub': { value: true } },
    };
    await OpenFeature.setProviderAndWait(DOMAIN, new SchirmFlagProvider(changed));
    expect((await flags.values(context))['claims-hub']).toBe(true);
  });
});
