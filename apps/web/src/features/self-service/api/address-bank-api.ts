// Reference look-ups of the address and bank pages (spec §7 'Zip search', 'Address', 'IBAN
// validation'): the address look-ups (lib/address-lookup, shared with reporting a move) and the bank
// of an IBAN. All without sign-in.
import { request } from '../../../lib/api';
import type { BankInfo } from '../../../ui/forms/iban-input';

export {
  checkPostalCode,
  loadStreets,
  usePostcodePlaces,
  type PostcodePlace,
} from '../../../lib/address-lookup';

/** Bank name and BIC of a valid German IBAN, or null. */
export async function lookupBank(iban: string): Promise<BankInfo | null> {
  const result = await request<{ valid: boolean; bankData?: { name: string; bic: string | null } }>({
    path: '/api/openiban-validator/validate/{iban}',
    pathParams: { iban },
    query: { getBIC: true },
    authenticated: false,
    cancelPrevious: false,
  });
  if (!result.ok || result.canceled || !result.data.valid || !result.data.bankData) return null;
  return { bankName: result.data.bankData.name, bic: result.data.bankData.bic ?? '' };
}
