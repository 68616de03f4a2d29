// The Listenhunde table per Land: the federal list everywhere, the Länder's additions, mixes, and
// the tariff's refusal or conditions by Land and breed (prices unchanged where it insures).
import { describe, expect, it } from 'vitest';
import { DOG_BREEDS, dogBreedById } from './dog-breeds';
import {
  BUNDESLAENDER,
  BUNDESLAND_NAMEN,
  BUNDESWEIT_GELISTET,
  breedsListedAnywhere,
  kategorie1Reason,
  kategorie2Reason,
  listenhundKategorie,
  listingOfDog,
} from './listenhunde';
import { priceThv, thvRatingInputSchema } from './tariff';

const price = (input: unknown) => priceThv(thvRatingInputSchema.parse(input));

describe('Listenhunde data', () => {
  it('names the 16 Länder in German', () => {
    expect(BUNDESLAENDER).toHaveLength(16);
    expect(Object.keys(BUNDESLAND_NAMEN)).toEqual([...BUNDESLAENDER]);
    expect(BUNDESLAND_NAMEN.NW).toBe('Nordrhein-Westfalen');
  });

  it('lists the breeds of the federal import ban as Kategorie 1 in every Land', () => {
    for (const land of BUNDESLAENDER) {
      for (const id of BUNDESWEIT_GELISTET) expect(listenhundKategorie(land, id), `${land} ${id}`).toBe(1);
    }
  });

  it('knows every listed breed in the breed finder, and every breed marked dangerous is listed somewhere', () => {
    const listed = breedsListedAnywhere();
    for (const id of listed) expect(dogBreedById(id), id).toBeDefined();
    for (const breed of DOG_BREEDS.filter((entry) => entry.dangerous))
      expect(listed.has(breed.id), breed.id).toBe(true);
  });

  it('differs by Land: Rottweiler, Tosa Inu, Dobermann', () => {
    expect(listenhundKategorie('BY', 'rottweiler')).toBe(2);
    expect(listenhundKategorie('NI', 'rottweiler')).toBeUndefined();
    expect(listenhundKategorie('BY', 'tosa-inu')).toBe(1);
    expect(listenhundKategorie('NW', 'tosa-inu')).toBe(2);
    expect(listenhundKategorie('SH', 'tosa-inu')).toBeUndefined();
    expect(listenhundKategorie('BB', 'dobermann')).toBe(2);
    expect(listenhundKategorie('BY', 'dobermann')).toBeUndefined();
    expect(listenhundKategorie('BY', 'labrador-retriever')).toBeUndefined();
  });

  it('rates a mix by its strictest breed, and the crossed breed only for a mix', () => {
    expect(
      listingOfDog('BY', { rasse: 'rottweiler', mischling: true, mischlingsRasse: 'bandog' }),
    ).toMatchObject({
      kategorie: 1,
      breed: { name: 'Bandog' },
    });
    expect(
      listingOfDog('HE', { rasse: 'boxer', mischling: true, mischlingsRasse: 'kangal' })?.kategorie,
    ).toBe(2);
    expect(
      listingOfDog('HE', { rasse: 'boxer', mischling: false, mischlingsRasse: 'kangal' }),
    ).toBeUndefined();
  });
});

describe('THV tariff by Land and breed', () => {
  it('refuses a Kategorie 1 breed with the Land in the reason', () => {
    expect(price({ bundesland: 'BY', hunde: [{ rasse: 'tosa-inu' }] })).toEqual({
      kind: 'uninsurable',
      code: 'THV_DANGEROUS_BREED',
      reason: kategorie1Reason('Tosa Inu', 'BY'),
    });
    expect(kategorie1Reason('Tosa Inu', 'BY')).toContain('in Bayern');
  });

  it('refuses a mix with a federally listed breed in a Land without its own list', () => {
    const result = price({
      bundesland: 'NI',
      hunde: [{ rasse: 'dackel' }, { rasse: 'boxer', mischling: true, mischlingsRasse: 'pitbull-terrier' }],
    });
    expect(result).toMatchObject({ kind: 'uninsurable', code: 'THV_DANGEROUS_BREED' });
  });

  it('insures a Kategorie 2 dog only with the conditions confirmed', () => {
    expect(price({ bundesland: 'HH', hunde: [{ rasse: 'kangal' }] })).toEqual({
      kind: 'uninsurable',
      code: 'THV_LISTED_BREED_CONDITIONS',
      reason: kategorie2Reason('Kangal (Anatolischer Hirtenhund)', 'HH'),
    });
    expect(
      price({ bundesland: 'HH', hunde: [{ rasse: 'kangal' }], listenhundAuflagenErfuellt: true }).kind,
    ).toBe('quote');
  });

  it('prices an insurable listed breed like any dog of its size, and an unlisted breed as before', () => {
    const rottweilerNi = price({
      bundesland: 'NI',
      hunde: [{ rasse: 'rottweiler' }],
      zahlweise: 'JAEHRLICH',
    });
    const dogge = price({ hunde: [{ rasse: 'deutsche-dogge' }], zahlweise: 'JAEHRLICH' });
    const doggeBy = price({ bundesland: 'BY', hunde: [{ rasse: 'deutsche-dogge' }], zahlweise: 'JAEHRLICH' });
    expect(rottweilerNi.kind).toBe('quote');
    expect(rottweilerNi.kind === 'quote' && rottweilerNi.variants).toEqual(
      dogge.kind === 'quote' && dogge.variants,
    );
    expect(doggeBy).toEqual(dogge);
  });

  it('without a Land refuses every breed marked dangerous, as before', () => {
    expect(price({ hunde: [{ rasse: 'rottweiler' }] })).toMatchObject({ code: 'THV_DANGEROUS_BREED' });
  });

  it('refuses an unknown Land in German', () => {
    const result = thvRatingInputSchema.safeParse({ bundesland: 'XX', hunde: [{ rasse: 'beagle' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Bitte wählen Sie Ihr Bundesland aus der Liste.');
  });
});
