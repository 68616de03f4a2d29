// Postcode → tariff zone rule of the Hausrat tariff 2026-01. The zone expresses the burglary risk
// (Einbruchdiebstahl is the largest claims driver of household contents after water). It is set per
// Leitregion (the first two digits of the postcode), an approximation of the police crime statistics
// (Polizeiliche Kriminalstatistik, Wohnungseinbruchdiebstahl per 100,000 inhabitants): highest in the
// city states and the Rhine-Ruhr area, lowest in rural Bavaria, Baden-Württemberg and Thuringia.
// It is synthetic tariff data of this project, not an insurer's zoning; licence: project licence.

/** Tariff zone 1 (lowest risk) to 4 (highest risk). */
export type HausratTarifzone = 1 | 2 | 3 | 4;

/** Zone of a Leitregion that the tables below do not name. */
export const DEFAULT_TARIFZONE: HausratTarifzone = 2;

/** Leitregionen per zone other than the default. */
export const TARIFZONEN_LEITREGIONEN: Record<Exclude<HausratTarifzone, 2>, readonly string[]> = {
  // Berlin, Hamburg, Bremen, Leipzig and the Rhine-Ruhr cities Düsseldorf, Dortmund/Bochum, Essen,
  // Duisburg, Köln.
  4: ['04', '10', '12', '13', '20', '22', '28', '40', '44', '45', '47', '50', '51'],
  // Other large cities and their commuter belts: Dresden, Halle, Potsdam, Hannover, Bielefeld,
  // Braunschweig, Wuppertal, Oberhausen, Münster, Aachen, Bonn, Frankfurt, Offenbach, Wiesbaden,
  // Mainz, Mannheim, Stuttgart, München, Nürnberg.
  3: [
    '01',
    '06',
    '14',
    '30',
    '33',
    '38',
    '42',
    '46',
    '48',
    '52',
    '53',
    '55',
    '60',
    '63',
    '65',
    '68',
    '70',
    '80',
    '81',
    '90',
  ],
  // Rural Baden-Württemberg, Bavaria and Thuringia.
  1: ['07', '72', '73', '78', '84', '87', '88', '89', '92', '93', '94', '95', '96', '97', '98'],
};

const ZONE_BY_LEITREGION = new Map<string, HausratTarifzone>();
for (const zone of [1, 3, 4] as const) {
  for (const leitregion of TARIFZONEN_LEITREGIONEN[zone]) ZONE_BY_LEITREGION.set(leitregion, zone);
}

/** The tariff zone of a five-digit German postcode. */
export function tariffZoneForPostcode(plz: string): HausratTarifzone {
  return ZONE_BY_LEITREGION.get(plz.slice(0, 2)) ?? DEFAULT_TARIFZONE;
}
