import type { Environment } from '@schirm/domain/environment';
import type { FlagKey, FlagValue } from '@schirm/domain/flags';
import type { BrandValue } from '@schirm/domain/products/enums';

/** A flag's value in one environment, optionally different for some brands (brand targeting). */
export interface FlagSetting<V> {
  value: V;
  brands?: Partial<Record<BrandValue, V>>;
}

export type EnvironmentFlagSettings = { readonly [K in FlagKey]: FlagSetting<FlagValue<K>> };

// Local machines and the development stage show every feature, so nothing is hidden from the
// people (and end-to-end tests) building it.
const allFeaturesOn: EnvironmentFlagSettings = {
  'self-service-cancellation': { value: true },
  'contract-holder-change': { value: true },
  'insured-amount-change': { value: true },
  'claims-page': { value: true },
  feedback: { value: true },
  'services-widget': { value: true },
  'relocation-service': { value: true },
  'help-button': { value: true },
  'mfa-code-autocomplete': { value: true },
  'travel-health-insurance': { value: true },
  'bhv-tariff-change': { value: true },
  'new-product-generations': { value: true },
  'disabled-self-services': { value: [] },
  'claims-hub': { value: true },
};

// The rollout in production: finished features on, brand-specific products only where the
// brand sells them. Changing a value here is a release decision, reviewed like code.
const production: EnvironmentFlagSettings = {
  'self-service-cancellation': { value: true },
  'contract-holder-change': { value: false },
  'insured-amount-change': { value: true, brands: { 'protect-ch': false } },
  'claims-page': { value: true },
  feedback: { value: true },
  'services-widget': { value: true, brands: { hfk: false } },
  'relocation-service': { value: false, brands: { schirm: true } },
  'help-button': { value: true },
  'mfa-code-autocomplete': { value: true },
  'travel-health-insurance': { value: false, brands: { schirm: true } },
  'bhv-tariff-change': { value: false, brands: { hfk: true } },
  'new-product-generations': { value: false },
  'disabled-self-services': { value: [], brands: { 'protect-ch': ['elementar'] } },
  'claims-hub': { value: false },
};

/** Flag settings per environment (spec §9 environments, spec §6 flags). */
export const FLAG_SETTINGS: Readonly<Record<Environment, EnvironmentFlagSettings>> = {
  localhost: allFeaturesOn,
  development: allFeaturesOn,
  integration: {
    ...production,
    'contract-holder-change': { value: true },
    'new-product-generations': { value: true },
  },
  // Acceptance mirrors production plus the features awaiting sign-off.
  accept: {
    ...production,
    'contract-holder-change': { value: true },
    'new-product-generations': { value: true },
    'claims-hub': { value: true },
  },
  production,
};
