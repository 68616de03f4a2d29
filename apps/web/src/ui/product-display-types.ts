import type { ReactNode } from 'react';
import type { Zahlweise } from '@schirm/domain/products/enums';

// The shapes of spec §3 'Pricing and product display', as the display components take them.

/** A price as the tariff call returns it: the fee per payment period, in euros incl. insurance tax. */
export interface PricingResult {
  proportionalFee: number;
  paymentPeriod: Zahlweise;
}

/** One selectable product variant (e.g. 'Basis', 'Komfort'). */
export interface ProductVariantOption {
  value: string;
  label: string;
  /** Decorative picture next to the label; the label carries the name. */
  icon?: ReactNode;
  recommended?: boolean;
}

/** Whether a variant includes a feature; text replaces the ✓/✗ (e.g. 'bis 5.000 EUR'). */
export interface VariantOptionRelation {
  included: boolean;
  text?: string;
}

/** One feature row of a product: its relation per variant, keyed by the variant's value. */
export interface FeatureRow {
  label: string;
  helpText?: string;
  description?: string;
  variantOptionRelation: Record<string, VariantOptionRelation>;
}
