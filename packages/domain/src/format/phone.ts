// Phone numbers as people read them: stored in E.164 ('+4915200000101'), shown in the
// international format with spaces ('+49 1520 0000101'), grouped as libphonenumber-js groups them.
import { parsePhoneNumberWithError } from 'libphonenumber-js/max';

/** The stored number in international format; a number the library cannot read stays as it is. */
export function formatPhone(e164: string): string {
  try {
    return parsePhoneNumberWithError(e164).formatInternational();
  } catch {
    return e164;
  }
}
