// Dog breeds for the THV (finder /api/finder/hunderasse and the tariff's size classes), data version 2026-01.
//
// Source: breed names follow the FCI nomenclature with the German names in use at the VDH; size
// classes by usual shoulder height (KLEIN up to about 40 cm, MITTEL 40–60 cm, GROSS above 60 cm).
// `dangerous` marks breeds listed as dangerous dogs (Listenhunde) in German law: § 2 Abs. 1
// HundVerbrEinfG (federal import ban), Bayern KampfhundeV Kategorie 1 and 2, Hamburg HundeG § 2.
// Laws are official works without copyright (§ 5 UrhG); the list itself is our own compilation and
// falls under the project's licence. Mixes of unknown parentage are rated by their size.

/** Size class of a dog, the tariff's rating factor. */
export const HUNDE_GROESSEN = ['KLEIN', 'MITTEL', 'GROSS'] as const;
export type HundeGroesse = (typeof HUNDE_GROESSEN)[number];

/** A dog breed of the finder: stable id, German name, listed as dangerous or not. */
export interface DogBreed {
  id: string;
  name: string;
  dangerous: boolean;
  groesse: HundeGroesse;
}

function breed(id: string, name: string, groesse: HundeGroesse, dangerous = false): DogBreed {
  return { id, name, dangerous, groesse };
}

/** Data version of the breed list. */
export const DOG_BREEDS_VERSION = '2026-01';

/** All breeds, sorted by id. */
export const DOG_BREEDS: readonly DogBreed[] = [
  breed('akita-inu', 'Akita Inu', 'GROSS'),
  breed('alano', 'Alano', 'GROSS', true),
  breed('american-bulldog', 'American Bulldog', 'GROSS', true),
  breed('american-staffordshire-terrier', 'American Staffordshire Terrier', 'MITTEL', true),
  breed('australian-cattle-dog', 'Australian Cattle Dog', 'MITTEL'),
  breed('australian-shepherd', 'Australian Shepherd', 'MITTEL'),
  breed('bandog', 'Bandog', 'GROSS', true),
  breed('basset-hound', 'Basset Hound', 'MITTEL'),
  breed('beagle', 'Beagle', 'MITTEL'),
  breed('bearded-collie', 'Bearded Collie', 'MITTEL'),
  breed('belgischer-schaeferhund-malinois', 'Belgischer Schäferhund (Malinois)', 'GROSS'),
  breed('berner-sennenhund', 'Berner Sennenhund', 'GROSS'),
  breed('bernhardiner', 'Bernhardiner', 'GROSS'),
  breed('bichon-frise', 'Bichon Frisé', 'KLEIN'),
  breed('border-collie', 'Border Collie', 'MITTEL'),
  breed('border-terrier', 'Border Terrier', 'KLEIN'),
  breed('boxer', 'Deutscher Boxer', 'GROSS'),
  breed('bullmastiff', 'Bullmastiff', 'GROSS', true),
  breed('bullterrier', 'Bullterrier', 'MITTEL', true),
  breed('cane-corso', 'Cane Corso Italiano', 'GROSS', true),
  breed('cavalier-king-charles-spaniel', 'Cavalier King Charles Spaniel', 'KLEIN'),
  breed('chihuahua', 'Chihuahua', 'KLEIN'),
  breed('collie', 'Collie (Langhaar)', 'GROSS'),
  breed('dackel', 'Dackel (Teckel)', 'KLEIN'),
  breed('dalmatiner', 'Dalmatiner', 'GROSS'),
  breed('deutsch-kurzhaar', 'Deutsch Kurzhaar', 'GROSS'),
  breed('deutsche-dogge', 'Deutsche Dogge', 'GROSS'),
  breed('deutscher-schaeferhund', 'Deutscher Schäferhund', 'GROSS'),
  breed('dobermann', 'Dobermann', 'GROSS'),
  breed('dogo-argentino', 'Dogo Argentino', 'GROSS', true),
  breed('dogue-de-bordeaux', 'Dogue de Bordeaux', 'GROSS', true),
  breed('englische-bulldogge', 'Englische Bulldogge', 'MITTEL'),
  breed('englischer-cocker-spaniel', 'Englischer Cocker Spaniel', 'MITTEL'),
  breed('eurasier', 'Eurasier', 'MITTEL'),
  breed('fila-brasileiro', 'Fila Brasileiro', 'GROSS', true),
  breed('franzoesische-bulldogge', 'Französische Bulldogge', 'KLEIN'),
  breed('golden-retriever', 'Golden Retriever', 'GROSS'),
  breed('havaneser', 'Havaneser', 'KLEIN'),
  breed('hovawart', 'Hovawart', 'GROSS'),
  breed('irischer-wolfshund', 'Irischer Wolfshund', 'GROSS'),
  breed('jack-russell-terrier', 'Jack Russell Terrier', 'KLEIN'),
  breed('kangal', 'Kangal (Anatolischer Hirtenhund)', 'GROSS', true),
  breed('kaukasischer-owtscharka', 'Kaukasischer Owtscharka', 'GROSS', true),
  breed('kromfohrlaender', 'Kromfohrländer', 'MITTEL'),
  breed('labradoodle', 'Labradoodle', 'MITTEL'),
  breed('labrador-retriever', 'Labrador Retriever', 'GROSS'),
  breed('leonberger', 'Leonberger', 'GROSS'),
  breed('lhasa-apso', 'Lhasa Apso', 'KLEIN'),
  breed('magyar-vizsla', 'Magyar Vizsla', 'GROSS'),
  breed('malteser', 'Malteser', 'KLEIN'),
  breed('mastiff', 'Mastiff', 'GROSS', true),
  breed('mastin-espanol', 'Mastín Español', 'GROSS', true),
  breed('mastino-napoletano', 'Mastino Napoletano', 'GROSS', true),
  breed('mischling-gross', 'Mischling, groß (über 60 cm Schulterhöhe)', 'GROSS'),
  breed('mischling-klein', 'Mischling, klein (bis 40 cm Schulterhöhe)', 'KLEIN'),
  breed('mischling-mittel', 'Mischling, mittel (40 bis 60 cm Schulterhöhe)', 'MITTEL'),
  breed('mittelschnauzer', 'Mittelschnauzer', 'MITTEL'),
  breed('mops', 'Mops', 'KLEIN'),
  breed('neufundlaender', 'Neufundländer', 'GROSS'),
  breed('papillon', 'Papillon', 'KLEIN'),
  breed('perro-de-presa-canario', 'Perro de Presa Canario', 'GROSS', true),
  breed('perro-de-presa-mallorquin', 'Perro de Presa Mallorquin', 'GROSS', true),
  breed('pitbull-terrier', 'Pitbull-Terrier', 'MITTEL', true),
  breed('pudel-gross', 'Pudel (Großpudel)', 'GROSS'),
  breed('pudel-zwerg', 'Pudel (Zwergpudel)', 'KLEIN'),
  breed('rhodesian-ridgeback', 'Rhodesian Ridgeback', 'GROSS'),
  breed('riesenschnauzer', 'Riesenschnauzer', 'GROSS'),
  breed('rottweiler', 'Rottweiler', 'GROSS', true),
  breed('samojede', 'Samojede', 'MITTEL'),
  breed('shetland-sheepdog', 'Shetland Sheepdog', 'KLEIN'),
  breed('shiba-inu', 'Shiba Inu', 'MITTEL'),
  breed('shih-tzu', 'Shih Tzu', 'KLEIN'),
  breed('sibirischer-husky', 'Sibirischer Husky', 'MITTEL'),
  breed('staffordshire-bullterrier', 'Staffordshire Bullterrier', 'MITTEL', true),
  breed('tosa-inu', 'Tosa Inu', 'GROSS', true),
  breed('weimaraner', 'Weimaraner', 'GROSS'),
  breed('west-highland-white-terrier', 'West Highland White Terrier', 'KLEIN'),
  breed('whippet', 'Whippet', 'MITTEL'),
  breed('yorkshire-terrier', 'Yorkshire Terrier', 'KLEIN'),
  breed('zwergschnauzer', 'Zwergschnauzer', 'KLEIN'),
  breed('zwergspitz', 'Zwergspitz (Pomeranian)', 'KLEIN'),
];

const BY_ID = new Map(DOG_BREEDS.map((entry) => [entry.id, entry]));

/** The breed with this id, or undefined. */
export function dogBreedById(id: string): DogBreed | undefined {
  return BY_ID.get(id);
}
