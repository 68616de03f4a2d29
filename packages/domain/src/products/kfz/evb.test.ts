import { describe, expect, it } from 'vitest';
import { createEvbNumber, EVB_ALPHABET, isEvbNumber, normaliseEvbNumber } from './evb';

/** A random source that returns the given values in turn. */
function sequence(values: readonly number[]) {
  let index = 0;
  const bounds: number[] = [];
  const randomInt = (bound: number) => {
    bounds.push(bound);
    const value = values[index % values.length] ?? 0;
    index += 1;
    return value;
  };
  return { randomInt, bounds };
}

describe('eVB number', () => {
  it('draws 7 characters from the alphabet, each with the alphabet size as bound', () => {
    const source = sequence([0, 1, 8, 9, 20, 29, 30]);
    expect(createEvbNumber(source.randomInt)).toBe('23ABPYZ');
    expect(source.bounds).toEqual([31, 31, 31, 31, 31, 31, 31]);
  });

  it('leaves out characters people confuse', () => {
    expect(EVB_ALPHABET).toHaveLength(31);
    for (const confusable of ['0', 'O', '1', 'I', 'L']) expect(EVB_ALPHABET).not.toContain(confusable);
  });

  it('refuses a random source that leaves the range', () => {
    expect(() => createEvbNumber(() => 31)).toThrow(RangeError);
    expect(() => createEvbNumber(() => 1.5)).toThrow(RangeError);
  });

  it('recognises well-formed numbers, also as typed', () => {
    expect(isEvbNumber('23ABPYZ')).toBe(true);
    expect(isEvbNumber('23ABPY')).toBe(false);
    expect(isEvbNumber('23ABPY0')).toBe(false);
    expect(isEvbNumber('23abpyz')).toBe(false);
    expect(isEvbNumber(normaliseEvbNumber(' 23a-bpy z'))).toBe(true);
  });
});
