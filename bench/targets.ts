// The routes measured besides /api/health. Each later module adds its hot read routes here.
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { LoadTarget } from './http';

// The pricing routes allow 300 requests per minute and client address. Each request therefore
// claims its own client address: autocannon's idReplacement fills in [<id>], and a bench server
// that trusts X-Forwarded-For (TRUST_PROXY) keys the limit on it. Without both, the run measures
// 429 answers after the first 300 requests (visible in the non-2xx column).
const distinctClient = { 'x-forwarded-for': 'bench-[<id>]' };

export async function benchTargets(baseUrl: string): Promise<LoadTarget[]> {
  return [
    {
      name: 'POST /api/taa/phv/v2/tarifieren',
      url: `${baseUrl}/api/taa/phv/v2/tarifieren`,
      method: 'POST',
      body: JSON.stringify({ familienstand: 'FAMILIE' }),
      headers: distinctClient,
    },
    {
      name: 'POST /api/taa/fahrrad2/tarifieren',
      url: `${baseUrl}/api/taa/fahrrad2/tarifieren`,
      method: 'POST',
      body: JSON.stringify({
        art: 'EBIKE',
        typ: 'SONSTIGES_RAD',
        kaufpreisCents: 279_999,
        // Inside the three-year age limit whenever the bench runs.
        kaufdatum: addDays(todayInGermany(), -90),
        zustand: 'NEU',
      }),
      headers: distinctClient,
    },
  ];
}
