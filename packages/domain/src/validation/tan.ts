// One-time codes for MFA and signing (spec §5: exactly 6 digits).
import { z } from 'zod';

/** Number of digits of a TAN / MFA code (spec §9). */
export const TAN_LENGTH = 6;

/** Message shown when the code is not six digits. */
export const TAN_MESSAGE = 'Bitte geben Sie den 6-stelligen Code ein.';

const TAN_PATTERN = new RegExp(`^\\d{${TAN_LENGTH}}$`);

/** True when the value is exactly six digits. */
export function isTan(value: string): boolean {
  return TAN_PATTERN.test(value);
}

/** TAN / MFA code: surrounding spaces are ignored, then exactly six digits. */
export const tanSchema = z.string().trim().regex(TAN_PATTERN, { error: TAN_MESSAGE });
