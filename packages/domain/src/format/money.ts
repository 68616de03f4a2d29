// Money in German format (spec §5): '1.234,56 EUR' — '.' thousands, ',' decimals, always two
// decimals, a plain space before EUR, '-' for negative amounts.
//
// Formatting works on integer cents (safe integers, up to about 90 trillion EUR; beyond that a
// RangeError), so no float artefact can show
// (formatMoney(0.1 + 0.2) → '0,30 EUR'). Euro amounts are converted to cents by decimal rounding
// half away from zero (1.005 → 101 cents, as the amount was typed, not as the binary float is).
//
// Compact form: amounts of at least 1,000,000 EUR (by absolute value) show as millions with up to
// two decimals, rounded half away from zero, trailing zeros dropped: 1,000,000 → '1 Mio. EUR',
// 1,500,000 → '1,5 Mio. EUR', 1,234,567 → '1,23 Mio. EUR'. Smaller amounts keep the full form.
//
// Currency input mask: signed, '.' thousands, at most two decimals. parseMoneyInput returns
// integer cents, undefined for an empty entry and null for text the mask does not allow.

const CENTS_PER_EURO = 100;
const COMPACT_THRESHOLD_CENTS = 100_000_000;
// One hundredth of a million euros, in cents: the step of the compact form.
const COMPACT_STEP_CENTS = 1_000_000;

export interface MoneyOptions {
  /** Show amounts of a million or more as 'Mio. EUR' (default false). */
  compact?: boolean;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

function divRound(numerator: number, denominator: number): number {
  const quotient = Math.floor(Math.abs(numerator) / denominator);
  const remainder = Math.abs(numerator) - quotient * denominator;
  const magnitude = remainder * 2 >= denominator ? quotient + 1 : quotient;
  return numerator < 0 ? -magnitude : magnitude;
}

/** Euros to integer cents, rounding the decimal value half away from zero (1.005 → 101). */
export function eurosToCents(euros: number): number {
  if (!Number.isFinite(euros)) throw new RangeError(`Not a finite amount: ${euros}`);
  const text = String(Math.abs(euros));
  // Shifting the decimal point in the text avoids 1.005 * 100 = 100.49999…
  const shifted = text.includes('e') ? Math.abs(euros) * CENTS_PER_EURO : Number(`${text}e2`);
  const cents = roundHalfAwayFromZero(Math.sign(euros) * shifted);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount outside the exact range: ${euros}`);
  return cents;
}

function formatCentsPlain(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = Math.floor(absolute / CENTS_PER_EURO);
  const rest = absolute - euros * CENTS_PER_EURO;
  return `${sign}${groupThousands(String(euros))},${String(rest).padStart(2, '0')}`;
}

function formatMillions(cents: number): string {
  const hundredths = divRound(cents, COMPACT_STEP_CENTS);
  const sign = hundredths < 0 ? '-' : '';
  const absolute = Math.abs(hundredths);
  const whole = Math.floor(absolute / 100);
  const fraction = String(absolute - whole * 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${groupThousands(String(whole))}${fraction ? `,${fraction}` : ''} Mio. EUR`;
}

/** Integer cents as money: formatCents(123456) → '1.234,56 EUR'; non-integers are rounded. */
export function formatCents(cents: number, { compact = false }: MoneyOptions = {}): string {
  const whole = roundHalfAwayFromZero(cents);
  if (!Number.isSafeInteger(whole)) throw new RangeError(`Amount outside the exact range: ${cents}`);
  if (compact && Math.abs(whole) >= COMPACT_THRESHOLD_CENTS) return formatMillions(whole);
  return `${formatCentsPlain(whole)} EUR`;
}

/** Euros as money: formatMoney(1234.56) → '1.234,56 EUR'; compact: '1,5 Mio. EUR'. */
export function formatMoney(euros: number, options: MoneyOptions = {}): string {
  return formatCents(eurosToCents(euros), options);
}

const MONEY_INPUT = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{0,2}))?$/;

/** Parses currency input ('-1.234,5') to integer cents; '' → undefined, not allowed → null. */
export function parseMoneyInput(value: string): number | undefined | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === '-') return undefined;
  const match = MONEY_INPUT.exec(trimmed);
  if (!match) return null;
  const [, sign, integer = '', fraction = ''] = match;
  const cents = Number(integer.replace(/\./g, '')) * CENTS_PER_EURO + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign && cents !== 0 ? -cents : cents;
}

/** Cents as the currency input shows them, without unit: formatMoneyInput(-123450) → '-1.234,50'. */
export function formatMoneyInput(cents: number): string {
  return formatCentsPlain(roundHalfAwayFromZero(cents));
}

/**
 * Keeps typed currency text inside the mask while the person types: an optional leading '-',
 * digits regrouped with '.', one ',' and at most two decimals ('-12345,678' → '-12.345,67').
 */
export function maskMoneyInput(raw: string): string {
  const isNegative = raw.trim().startsWith('-');
  const comma = raw.indexOf(',');
  const integerPart = (comma === -1 ? raw : raw.slice(0, comma)).replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  const fraction =
    comma === -1
      ? undefined
      : raw
          .slice(comma + 1)
          .replace(/\D/g, '')
          .slice(0, 2);
  const integer = integerPart === '' && fraction !== undefined ? '0' : integerPart;
  return `${isNegative ? '-' : ''}${groupThousands(integer)}${fraction === undefined ? '' : `,${fraction}`}`;
}
