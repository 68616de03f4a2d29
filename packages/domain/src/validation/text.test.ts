import { describe, expect, it } from 'vitest';
import { TEXTAREA_DEFAULT_ERROR, TEXT_INPUT_DEFAULT_ERROR, countWords, requiredTextSchema } from './text';

describe('required text', () => {
  it('keeps the spec texts verbatim', () => {
    expect(TEXT_INPUT_DEFAULT_ERROR).toBe('Leider ist ein Fehler aufgetreten');
    expect(TEXTAREA_DEFAULT_ERROR).toBe('Bitte machen Sie ihre Angaben');
  });

  it.each([
    ['a', 'a'],
    ['  Hallo Welt  ', 'Hallo Welt'],
  ])('accepts %j as %j', (value, parsed) => {
    expect(requiredTextSchema().parse(value)).toBe(parsed);
  });

  it.each([[''], ['   '], ['\n\t'], [undefined]])('rejects %j with the default message', (value) => {
    const result = requiredTextSchema().safeParse(value);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([TEXTAREA_DEFAULT_ERROR]);
  });

  it('uses a given message', () => {
    const result = requiredTextSchema('Bitte geben Sie Ihren Namen ein.').safeParse(' ');
    expect(result.error?.issues[0]?.message).toBe('Bitte geben Sie Ihren Namen ein.');
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['Wasserschaden', 1],
    ['  Der Keller  ist\nnass. ', 4],
    ['Schaden\u00a0am Dach', 3],
  ])('%j has %i words', (text, count) => {
    expect(countWords(text)).toBe(count);
  });
});
