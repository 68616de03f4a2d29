// Words and signs that mark a message as English or technical: zod's English defaults ('Too big:
// expected string to have exactly 0 characters', 'Invalid input', 'Required'), type names,
// comparison signs and patterns. A message a person can read contains none of them.
export const ENGLISH_OR_TECHNICAL =
  /\b(expected|received|invalid|too big|too small|required|must|should|string|number|boolean|undefined|null|NaN|object|array|input|characters?|error|failed|unknown|not found|instanceof)\b|[<>]=?|\/\^|\$\/|Ungültiger String|Ungültige Eingabe: erwartet|Zu (groß|klein): erwartet/i;

/** Whether a message shown to a person is English or technical. */
export function notGerman(message: string): boolean {
  return ENGLISH_OR_TECHNICAL.test(message);
}
