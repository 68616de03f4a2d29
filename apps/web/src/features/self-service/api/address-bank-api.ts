// Reference look-ups of the address and bank pages (spec §7 'Zip search', 'Address', 'IBAN
// validation'): whether a postcode exists, the places of a postcode with their flood class (ZÜRS),
// the streets the ZÜRS data knows for a place, and the bank of an IBAN. All without sign-in.
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';
import type { SearchOption } from '../../../ui/forms/searchable-select';
import type { BankInfo } from '../../../ui/forms/iban-input';

/** A place of a postcode as GET /api/zuers/zuers/orte/{postcode} answers it. */
export interface PostcodePlace {
  plz: string;
  ort: string;
  zuersKlasse: 1 | 2 | 3 | 4;
  /** The ZÜRS data has streets for the place: the street is chosen from them. */
  strassenVorhanden: boolean;
}

function cancelledOrFailed(result: { ok: boolean; canceled?: boolean; errorMessage?: string }): never {
  if (result.ok && result.canceled) throw new DOMException(result.errorMessage, 'AbortError');
  throw new Error(result.errorMessage ?? 'Request failed');
}

/** Whether the five-digit postcode exists (for PostalCodeInput). */
export async function checkPostalCode(code: string, signal: AbortSignal): Promise<boolean> {
  const result = await request<{ valid: boolean }>({
    path: '/api/fragebogen/validate/zip/{zipcode}',
    pathParams: { zipcode: code },
    authenticated: false,
    cancelPrevious: false,
    signal,
  });
  if (!result.ok || result.canceled) cancelledOrFailed(result);
  return result.data.valid;
}

/** The places of a postcode; only asked once the postcode is known to exist. */
export function usePostcodePlaces(plz: string, enabled: boolean) {
  return useQuery({
    queryKey: ['reference', 'postcode-places', plz],
    enabled,
    staleTime: Infinity,
    queryFn: async ({ signal }) =>
      unwrapResult(
        await request<PostcodePlace[]>({
          path: '/api/zuers/zuers/orte/{postcode}',
          pathParams: { postcode: plz },
          authenticated: false,
          cancelPrevious: false,
          signal,
        }),
      ) ?? [],
  });
}

/**
 * Street suggestions of a place for the typed pattern. The ZÜRS data need not know every street,
 * so the typed name itself is offered too, unless it is one of the suggestions.
 */
export async function loadStreets(
  { plz, ort }: { plz: string; ort: string },
  pattern: string,
  signal: AbortSignal,
): Promise<SearchOption[]> {
  const result = await request<{ strasse: string }[]>({
    path: '/api/zuers/zuers/strassen',
    query: { plz, ort, pattern },
    authenticated: false,
    cancelPrevious: false,
    signal,
  });
  if (!result.ok || result.canceled) cancelledOrFailed(result);
  const names = [...new Set(result.data.map((street) => street.strasse))];
  const typed = pattern.trim();
  const known = names.some((name) => name.toLocaleLowerCase('de-DE') === typed.toLocaleLowerCase('de-DE'));
  return [...names, ...(typed === '' || known ? [] : [typed])].map((name) => ({ value: name, label: name }));
}

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
