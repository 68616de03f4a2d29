// Finders for the application forms' search fields. The lists themselves live with their
// products in packages/domain (the tariffs rate by them); this module only searches them.
import { FAHRRAD_HERSTELLER } from '@schirm/domain/products/fahrrad/manufacturers';
import { DOG_BREEDS } from '@schirm/domain/products/thv/dog-breeds';
import { rankByPattern } from './search-text';

/** Most entries one finder search returns. */
export const FINDER_LIMIT = 20;

export interface DogBreedHit {
  id: string;
  name: string;
  /** Listed as dangerous (Listenhund): the THV refuses it, the form explains why. */
  dangerous: boolean;
}

export interface ManufacturerHit {
  id: string;
  name: string;
}

/** The manufacturer offered when a brand is not in the list. */
export const OTHER_MANUFACTURER_ID = 'sonstiger-hersteller';

/** Dog breeds whose German name contains the pattern (umlaut-tolerant), prefix matches first. */
export function findDogBreeds(pattern: string): DogBreedHit[] {
  return rankByPattern(DOG_BREEDS, (breed) => breed.name, pattern, FINDER_LIMIT).map(
    ({ id, name, dangerous }) => ({
      id,
      name,
      dangerous,
    }),
  );
}

/**
 * Bicycle manufacturers whose name contains the pattern, prefix matches first. 'Sonstiger
 * Hersteller' always comes last, so a brand missing from the list can still be chosen.
 */
export function findBicycleManufacturers(pattern: string): ManufacturerHit[] {
  const other = FAHRRAD_HERSTELLER.find((entry) => entry.id === OTHER_MANUFACTURER_ID);
  const brands = FAHRRAD_HERSTELLER.filter((entry) => entry.id !== OTHER_MANUFACTURER_ID);
  const hits = rankByPattern(brands, (entry) => entry.name, pattern, other ? FINDER_LIMIT - 1 : FINDER_LIMIT);
  return [...hits, ...(other ? [other] : [])].map(({ id, name }) => ({ id, name }));
}
