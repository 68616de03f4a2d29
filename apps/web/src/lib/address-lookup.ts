// Reference look-ups of postal addresses (spec §7 'Zip search', 'Address'): whether a postcode
// exists, the places of a postcode with their flood class (ZÜRS) and the streets the ZÜRS data knows
// for a place. All without sign-in; shared by the risk-address change and reporting a move.
import { useQuery } from '@tanstack/react-query';
import type { SearchOption } from '../ui/forms/searchable-select';
import { request } from './api';
import { unwrapResult } from './query-client';

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
