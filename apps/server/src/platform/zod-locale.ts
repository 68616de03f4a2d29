import { installGermanZodMessages } from '@schirm/domain/validation/german-messages';
import { ERROR_TEXTS } from './error-texts';

/**
 * Makes zod's built-in messages German for the whole server process with the one error map the
 * web app uses too (packages/domain/src/validation/german-messages.ts): request validation answers
 * people, and schemas from packages/domain keep their own German messages (schema messages win).
 * A missing value gets the plain text of errors.json ("Bitte machen Sie eine Angabe.").
 */
export function useGermanZodMessages(): void {
  installGermanZodMessages(ERROR_TEXTS.validation.required);
}
