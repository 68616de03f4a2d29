import { describe, expect, it } from 'vitest';
import { reformatKeepingCaret } from './masked-text';

const groupsOfFour = (raw: string) =>
  raw
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
const isAlphanumeric = (character: string) => /[A-Za-z0-9]/.test(character);

describe('reformatKeepingCaret', () => {
  it.each([
    // raw text, caret in raw, expected text, expected caret
    ['DE893', 5, 'DE89 3', 6],
    ['DE189 3704', 3, 'DE18 9370 4', 3],
    ['DE89 3704', 9, 'DE89 3704', 9],
    ['DE89 704', 5, 'DE89 704', 5],
    ['de89370400', 10, 'DE89 3704 00', 12],
    ['', 0, '', 0],
  ])('%s with caret %i becomes %s with caret %i', (raw, caret, text, expectedCaret) => {
    expect(reformatKeepingCaret(raw, caret, groupsOfFour, isAlphanumeric)).toEqual({
      text,
      caret: expectedCaret,
    });
  });
});
