import { z } from 'zod';
import { ERROR_TEXTS } from './error-texts';

const german = z.locales.de();

/**
 * Makes zod's built-in messages German for the whole server process: request validation answers
 * people, and schemas from packages/domain keep their own German messages (schema messages win).
 * A missing value gets the plain "Bitte machen Sie eine Angabe." instead of a type description.
 */
export function useGermanZodMessages(): void {
  z.config({
    localeError: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined
        ? ERROR_TEXTS.validation.required
        : german.localeError(issue),
  });
}
