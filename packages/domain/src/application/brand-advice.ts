// The brand-specific public advice paths (spec §2 'Brand-specific public advice paths for private
// liability, household, business liability'; ADR 0034): a partner brand's agent link
// `/<brand>/<produkt>/beratung/?vmr=…` for the three products, where the product's catalogue sells
// it under that brand. The contract's brand (marke, spec §3: HFK or the operator's) follows from
// the brand: HFK for hfk, the operator's for every other partner brand.
import { catalogueEntry } from '../products/catalogue';
import { BRAND_VALUES, OPERATOR_BRAND_KEY, type BrandValue, type Marke } from '../products/enums';
import { productApplication } from './applications';

/** The products with a brand-specific advice path (spec §2). */
export const BRAND_ADVICE_SLUGS = ['privathaftpflicht', 'hausrat', 'betriebshaftpflicht'] as const;

/** The partner brands: every accepted brand but the operator's own, whose link is `/<produkt>/beratung/`. */
export const PARTNER_BRANDS = BRAND_VALUES.filter(
  (brand): brand is Exclude<BrandValue, 'schirm'> => brand !== OPERATOR_BRAND_KEY.toLowerCase(),
);
export type PartnerBrand = (typeof PARTNER_BRANDS)[number];

/** A brand path that exists: the brand and the contract brand its contracts are concluded with. */
export interface BrandAdvicePath {
  brand: PartnerBrand;
  marke: Marke;
}

/** The contract brand of a partner brand (spec §3: marke is HFK or the operator's). */
export function markeOfBrand(brand: PartnerBrand): Marke {
  return brand === 'hfk' ? 'HFK' : OPERATOR_BRAND_KEY;
}

/**
 * The brand path `/<brand>/<slug>/beratung/`, or undefined where none exists: an unknown or the
 * operator's brand, a product outside the three, or a product the catalogue does not sell under
 * the brand (e.g. hausrat under s-direkt exists, privathaftpflicht under protect does not).
 */
export function brandAdvicePath(brand: string, slug: string): BrandAdvicePath | undefined {
  if (!(PARTNER_BRANDS as readonly string[]).includes(brand)) return undefined;
  if (!(BRAND_ADVICE_SLUGS as readonly string[]).includes(slug)) return undefined;
  const application = productApplication(slug);
  if (!application) return undefined;
  const entry = catalogueEntry(application.productKey);
  const partnerBrand = brand as PartnerBrand;
  const marke = markeOfBrand(partnerBrand);
  return entry.brandValues.includes(partnerBrand) && entry.marken.includes(marke)
    ? { brand: partnerBrand, marke }
    : undefined;
}

/** Every brand path that exists, e.g. for the agent's links. */
export function brandAdvicePaths(): (BrandAdvicePath & { slug: (typeof BRAND_ADVICE_SLUGS)[number] })[] {
  return PARTNER_BRANDS.flatMap((brand) =>
    BRAND_ADVICE_SLUGS.flatMap((slug) => {
      const path = brandAdvicePath(brand, slug);
      return path ? [{ ...path, slug }] : [];
    }),
  );
}
