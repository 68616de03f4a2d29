// Control characters in text input. A NUL in a sign-in name, a nickname or a filter reached
// PostgreSQL, which refuses it in text columns, and the request ended in 500 (issue 11). Every
// string of every request (path parameters, query, JSON body at any depth) is checked before
// validation: C0 controls other than tab, line feed and carriage return (text areas keep their
// lines), DEL and the C1 controls are refused with 400 and a German message for the field.
import type { FastifyInstance } from 'fastify';
import { validationFailed, type FieldError } from './errors';

// eslint-disable-next-line no-control-regex -- the point of this pattern
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTER_MESSAGE =
  'Dieses Feld enthält ein unzulässiges Steuerzeichen. Bitte geben Sie den Text ohne Sonderzeichen erneut ein.';

/** True when the text holds a control character other than tab, line feed or carriage return. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

const MAX_DEPTH = 32;

/** Paths (dot-separated, like the validation errors) of the strings with control characters. */
export function findControlCharacters(
  value: unknown,
  base: string,
  found: FieldError[] = [],
  depth = 0,
): FieldError[] {
  if (typeof value === 'string') {
    if (hasControlCharacter(value)) found.push({ path: base, message: CONTROL_CHARACTER_MESSAGE });
  } else if (Array.isArray(value)) {
    if (depth < MAX_DEPTH)
      for (let index = 0; index < value.length; index += 1)
        findControlCharacters(value[index], `${base}.${index}`, found, depth + 1);
  } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
    if (depth < MAX_DEPTH)
      for (const key of Object.keys(value)) {
        const path = `${base}.${key}`;
        if (hasControlCharacter(key)) found.push({ path, message: CONTROL_CHARACTER_MESSAGE });
        findControlCharacters((value as Record<string, unknown>)[key], path, found, depth + 1);
      }
  }
  return found;
}

function fieldErrorsOf(part: 'params' | 'querystring' | 'body', value: unknown): FieldError[] {
  const errors = findControlCharacters(value, part);
  // 'body.name' as the other validation errors write it; a whole-body string stays 'body'.
  return errors.map((error) => ({ ...error, path: error.path.slice(part.length + 1) || part }));
}

/** Refuses control characters in any request's parameters, query and body with 400 VALIDATION_FAILED. */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  // Callback style: an async hook costs a promise and a microtask turn on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const fieldErrors = [
      ...fieldErrorsOf('params', request.params),
      ...fieldErrorsOf('querystring', request.query),
      ...fieldErrorsOf('body', request.body),
    ];
    if (fieldErrors.length === 0) {
      done();
      return;
    }
    done(validationFailed(fieldErrors, `Control characters in ${fieldErrors.map((e) => e.path).join(', ')}`));
  });
}
