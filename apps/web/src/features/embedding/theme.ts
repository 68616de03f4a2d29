// The host's theme (getTheme, issue 16) as design tokens: only the documented fields, and only
// values that are plain colours, lengths or font names. The host is another party: a value that
// could carry more than its one property (url(), expressions, ';') is ignored.
import { applyBrand, BRANDS, type Brand } from '../../ui/theme/brands';

export interface HostTheme {
  brand?: unknown;
  colors?: { primary?: unknown; primaryContrast?: unknown; background?: unknown; text?: unknown } | null;
  fontFamily?: unknown;
  radius?: unknown;
}

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(?:rgba?|hsla?)\(\s*[0-9.%\s,/deg+-]{1,60}\)$/i;
const LENGTH = /^(?:0|\d{1,3}(?:\.\d{1,3})?(?:px|rem|em))$/;
const FONT_FAMILY = /^[\p{L}\p{N} ,'"-]{1,200}$/u;

export function isCssColor(value: unknown): value is string {
  return typeof value === 'string' && (HEX.test(value.trim()) || FUNCTIONAL.test(value.trim()));
}

export function isCssLength(value: unknown): value is string {
  return typeof value === 'string' && LENGTH.test(value.trim());
}

export function isFontFamily(value: unknown): value is string {
  return typeof value === 'string' && FONT_FAMILY.test(value.trim());
}

/** The design-token values a theme sets (token name → value); invalid fields are left out. */
export function themeTokens(theme: HostTheme | null | undefined): Record<string, string> {
  const tokens: Record<string, string> = {};
  if (!theme || typeof theme !== 'object') return tokens;
  const colors = theme.colors && typeof theme.colors === 'object' ? theme.colors : {};
  if (isCssColor(colors.primary)) {
    tokens['--color-primary'] = colors.primary.trim();
    tokens['--color-primary-hover'] = `color-mix(in srgb, ${colors.primary.trim()} 80%, black)`;
  }
  if (isCssColor(colors.primaryContrast)) tokens['--color-primary-contrast'] = colors.primaryContrast.trim();
  if (isCssColor(colors.background)) tokens['--color-bg'] = colors.background.trim();
  if (isCssColor(colors.text)) tokens['--color-text'] = colors.text.trim();
  if (isFontFamily(theme.fontFamily)) tokens['--font-family'] = theme.fontFamily.trim();
  if (isCssLength(theme.radius)) tokens['--radius'] = theme.radius.trim();
  return tokens;
}

function knownBrand(value: unknown): Brand | null {
  return typeof value === 'string' && (BRANDS as readonly string[]).includes(value) ? (value as Brand) : null;
}

/**
 * Applies the host's theme to the document: its brand when it is one of ours (else the partner's
 * configured brand when it is one), then its token values on top.
 */
export function applyHostTheme(
  theme: HostTheme | null | undefined,
  partnerBrand: string | null | undefined,
  root: HTMLElement = document.documentElement,
): void {
  const brand = knownBrand(theme?.brand) ?? knownBrand(partnerBrand);
  if (brand) applyBrand(brand, root);
  for (const [name, value] of Object.entries(themeTokens(theme))) root.style.setProperty(name, value);
}
