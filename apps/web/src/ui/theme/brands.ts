/** Brands accepted in `?brand=` (spec §1); unknown values fall back to the operator brand. */
export const BRANDS = ['schirm', 'hfk', 's-direkt', 'protect', 'protect-ch'] as const;
export type Brand = (typeof BRANDS)[number];
export const DEFAULT_BRAND: Brand = 'schirm';

export function parseBrand(value: string | null | undefined): Brand {
  const normalized = value?.trim().toLowerCase();
  return (BRANDS as readonly string[]).includes(normalized ?? '') ? (normalized as Brand) : DEFAULT_BRAND;
}

/** Display names of the brands (proper names, not translated). */
export const BRAND_NAMES: Record<Brand, string> = {
  schirm: 'Schirm',
  hfk: 'HFK',
  's-direkt': 'S-Direkt',
  protect: 'Protect',
  'protect-ch': 'Protect CH',
};

/** Applies a brand's design tokens to the document (tokens.css keys them on data-brand). */
export function applyBrand(brand: Brand, root: HTMLElement = document.documentElement): void {
  // Unchanged (a prerendered page carries the default brand): setting it again would still
  // invalidate the style of the whole document.
  if (root.dataset.brand !== brand) root.dataset.brand = brand;
}
