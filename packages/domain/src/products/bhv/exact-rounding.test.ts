import { describe, expect, it } from 'vitest';
import { divRound } from '../common/pricing';
import { divRoundBig } from './exact-rounding';

describe('divRoundBig', () => {
  it.each([
    [5n, 2n, 3],
    [-5n, 2n, -3],
    [5n, -2n, -3],
    [7n, 3n, 2],
    [8n, 3n, 3],
    [0n, 7n, 0],
  ])('%s / %s = %i', (n, d, expected) => {
    expect(divRoundBig(n, d)).toBe(expected);
  });

  it('agrees with divRound wherever both apply', () => {
    for (let n = -1_000; n <= 1_000; n += 7) {
      for (const d of [1, 2, 3, 4, 100, 10_000]) {
        // + 0 turns divRound's -0 for small negative quotients into 0; both mean zero cents.
        expect(divRoundBig(BigInt(n), BigInt(d))).toBe(divRound(n, d) + 0);
      }
    }
  });

  it('is exact beyond 2^53 in the numerator', () => {
    // 4,5 × 10^20 / 10^16 = 45 000,5 → 45 001
    expect(divRoundBig(450_005_000_000_000_000_000n, 10_000_000_000_000_000n)).toBe(45_001);
  });

  it('rejects a zero denominator and results beyond safe integers', () => {
    expect(() => divRoundBig(1n, 0n)).toThrow(RangeError);
    expect(() => divRoundBig(2n ** 60n, 1n)).toThrow(RangeError);
  });
});
