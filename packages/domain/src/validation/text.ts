// Free-text rules and the default error texts of spec §5 / §8 (quoted verbatim, including the
// lower-case 'ihre' of the textarea default).
import { z } from 'zod';

/** Default error of a text input (spec §8). */
export const TEXT_INPUT_DEFAULT_ERROR = 'Leider ist ein Fehler aufgetreten';
/** Default error of a textarea (spec §8). */
export const TEXTAREA_DEFAULT_ERROR = 'Bitte machen Sie ihre Angaben';
/** Minimum word count the textarea placeholder asks for (spec §5). */
export const TEXTAREA_MIN_WORDS = 20;

/** Required text: trimmed and non-empty; the message defaults to the textarea default error. */
export function requiredTextSchema(message: string = TEXTAREA_DEFAULT_ERROR) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

/** Number of words: runs of non-whitespace characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}
