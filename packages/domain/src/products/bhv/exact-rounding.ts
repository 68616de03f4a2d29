// The commercial tariffs (BHV, VH) multiply a revenue-based amount by four basis-point factors; the
// exact numerator of that product exceeds 2^53, so it is formed as a bigint and rounded once here,
// with the same rule as divRound in common/pricing.ts (half away from zero).

/** Divides two bigints, rounds half away from zero and returns safe-integer cents. */
export function divRoundBig(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) throw new RangeError('divRoundBig needs a non-zero denominator');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const rounded = (n % d) * 2n >= d ? quotient + 1n : quotient;
  const result = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Rounded amount exceeds safe integers: ${result}`);
  return result;
}
