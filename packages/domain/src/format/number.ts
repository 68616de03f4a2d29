// German number text: '.' groups thousands, ',' separates decimals ('1.234,56').
//
// parseGermanNumber returns undefined for an empty entry (spec §5: empty becomes undefined) and
// null for text that is not a German number, so a form can tell "nothing entered" from "wrong".
// Thousands dots are optional but, when present, must group exactly three digits.
// formatGermanNumber formats with Intl ('de-DE'), which rounds half away from zero; for money use
// format/money, which works on integer cents.

const GERMAN_NUMBER = /^-?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/;

/** Parses '1.234,56' → 1234.56; '' → undefined; not a German number → null. */
export function parseGermanNumber(value: string): number | undefined | null {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (!GERMAN_NUMBER.test(trimmed)) return null;
  const parsed = Number(trimmed.replace(/\./g, '').replace(',', '.'));
  return Object.is(parsed, -0) ? 0 : parsed;
}

export interface GermanNumberOptions {
  /** Exactly this many decimals (overrides min/max). */
  decimals?: number;
  /** At least this many decimals (default 0). */
  minDecimals?: number;
  /** At most this many decimals (default 2). */
  maxDecimals?: number;
  /** Group thousands with '.' (default true). */
  grouping?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(min: number, max: number, grouping: boolean): Intl.NumberFormat {
  const key = `${min}/${max}/${grouping}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: grouping,
    });
    formatters.set(key, cached);
  }
  return cached;
}

/** Formats a number the German way: formatGermanNumber(1234.5, { decimals: 2 }) → '1.234,50'. */
export function formatGermanNumber(value: number, options: GermanNumberOptions = {}): string {
  const { decimals, grouping = true } = options;
  const min = decimals ?? options.minDecimals ?? 0;
  const max = decimals ?? Math.max(min, options.maxDecimals ?? 2);
  const text = formatter(min, max, grouping).format(value);
  return /^-0(?:,0*)?$/.test(text) ? text.slice(1) : text;
}
