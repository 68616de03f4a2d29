// A small seeded pseudo-random generator (mulberry32) so the volume portfolio is the same for the
// same seed on every machine. Not for anything secret.

const VARIANT = ['8', '9', 'a', 'b'];

/** Seeded random numbers with the helpers the portfolio generator needs. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The next number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick needs a non-empty list');
    return item;
  }

  /** One value by weight, e.g. [['LAUFEND', 75], ['BEENDET', 9]]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries.at(-1);
    if (!last) throw new RangeError('weighted needs entries');
    return last[0];
  }

  /** A version-4-shaped UUID from this sequence, so generated rows keep their ids per seed. */
  uuid(): string {
    const a = this.word();
    const b = this.word();
    const c = this.word();
    const d = this.word();
    return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${VARIANT[c.charCodeAt(0) & 3]}${c.slice(1, 4)}-${c.slice(4)}${d}`;
  }

  private word(): string {
    return (Math.floor(this.next() * 4_294_967_296) + 4_294_967_296).toString(16).slice(1);
  }
}
