// The product catalogue: one entry per product key of spec §3, in the spec's order. Each product
// folder owns its entry (variants, covers, deductibles, payment periods, editable fields,
// cancellation reasons); this module lists them under one common shape and answers the look-ups the
// server and the web app need. Product-specific extras (covers, generation rules, Wechseltarif) stay
// on the product's own export.
import { bhvDeckungsVarianten, bhvProduct } from './bhv/catalogue';
import type {
  BrandValue,
  ContractTypeCode,
  EditableField,
  Marke,
  ProductKey,
  ProductTypeName,
  Selbstbeteiligung,
  SummaryProdukt,
  Zahlweise,
} from './enums';
import { fahrradDeckungsVarianten, fahrradProduct } from './fahrrad/catalogue';
import { hausratProduct } from './hausrat/catalogue';
import { kfzProduct } from './kfz/catalogue';
import { phvProduct } from './phv/catalogue';
import { reiseProduct } from './reise/catalogue';
import type { ReasonOption } from './revocation-reasons';
import { siAllgefahrenProduct, siMehrgefahrenProduct } from './si/catalogue';
import { thvProduct } from './thv/catalogue';
import { vhDeckungsVarianten, vhProduct } from './vh/catalogue';

/**
 * Pricing endpoints under /api/taa/{path}/tarifieren (spec §7; 'kfz' is the project's own, the spec
 * shows no motor endpoint).
 */
export type PricingPath =
  'fahrrad2' | 'thv/v2' | 'phv/v2' | 'si' | 'hausrat/v2' | 'bhv' | 'vh2' | 'reise' | 'kfz';

/** A coverage variant as every product describes it; versicherungssumme in cents where it applies. */
export interface CatalogueDeckungsVariante {
  deckungsVarianteIdentifier: string;
  deckungsVarianteName: string;
  versicherungssumme?: number;
}

/** What every catalogue entry offers. */
export interface ProductCatalogueEntry {
  productKey: ProductKey;
  typeName: ProductTypeName;
  /** Contract-type code; the spec shows none for KFZ, whose code 'KFZ' is the project's own. */
  contractTypeCode: ContractTypeCode | null;
  /** German product name and one-line description. */
  name: string;
  description: string;
  /** Summary products (with generation) this product is sold as. */
  generations: readonly SummaryProdukt[];
  /** Present where the product has generations: the 'new product generations' flag chooses. */
  generationForNewBusiness?: (newProductGenerations: boolean) => SummaryProdukt;
  marken: readonly Marke[];
  brandValues: readonly BrandValue[];
  /** Route segment of the application flow (antrag, beratung). */
  applicationRoute: string;
  /** Pricing endpoint; null when the product has no tariff. */
  pricingPath: PricingPath | null;
  /** Document key under /api/druck/pdf/kundeninformation/{key}; null when none exists. */
  kundeninformationDokument: string | null;
  deckungsVarianten: readonly CatalogueDeckungsVariante[];
  selbstbeteiligungen: readonly Selbstbeteiligung[];
  zahlweisen: readonly Zahlweise[];
  /** Default configuration of the editable fields (spec §3, configurable). */
  editableFields: readonly EditableField[];
  cancellationReasons: readonly ReasonOption[];
}

/** All products in the order of the spec's product keys. */
export const PRODUCT_CATALOGUE: readonly ProductCatalogueEntry[] = [
  vhProduct,
  siAllgefahrenProduct,
  siMehrgefahrenProduct,
  reiseProduct,
  hausratProduct,
  fahrradProduct,
  phvProduct,
  thvProduct,
  bhvProduct,
  kfzProduct,
];

const BY_KEY = new Map(PRODUCT_CATALOGUE.map((entry) => [entry.productKey, entry]));

/** The catalogue entry of a product key; every key of spec §3 has one. */
export function catalogueEntry(productKey: ProductKey): ProductCatalogueEntry {
  const entry = BY_KEY.get(productKey);
  if (!entry) throw new RangeError(`No catalogue entry for product key ${productKey}`);
  return entry;
}

/** The product a back-office summary product (with generation) belongs to. */
export function catalogueEntryForSummaryProdukt(produkt: SummaryProdukt): ProductCatalogueEntry {
  const entry = PRODUCT_CATALOGUE.find((candidate) => candidate.generations.includes(produkt));
  if (!entry) throw new RangeError(`No catalogue entry sells ${produkt}`);
  return entry;
}

/**
 * The coverage variants a contract of this product generation can have: those its tariff prices.
 * The catalogue entry lists every variant of the product; older generations offer fewer.
 */
export function deckungsVariantenFor(produkt: SummaryProdukt): readonly CatalogueDeckungsVariante[] {
  switch (produkt) {
    case 'VH':
    case 'VH_2':
      return vhDeckungsVarianten(produkt);
    case 'BHV_1':
    case 'BHV_2':
      return bhvDeckungsVarianten(produkt);
    case 'FAHRRAD':
    case 'FAHRRAD_2':
      return fahrradDeckungsVarianten(produkt);
    case 'SI_ALLGEFAHREN':
    case 'SI_MEHRGEFAHREN':
    case 'REISE':
    case 'HAUSRAT':
    case 'PRIVATHAFTPFLICHT':
    case 'TIERHALTERHAFTPFLICHT':
    case 'KFZ':
      return catalogueEntryForSummaryProdukt(produkt).deckungsVarianten;
  }
}

/** Cancellation reasons of a product (GET /api/vertrag/vertrag/kuendigungsgruende/{productKey}). */
export function cancellationReasonsFor(productKey: ProductKey): readonly ReasonOption[] {
  return catalogueEntry(productKey).cancellationReasons;
}

/** The generation new business of a product gets; products without generations keep their only one. */
export function generationForNewBusiness(
  productKey: ProductKey,
  newProductGenerations: boolean,
): SummaryProdukt | undefined {
  const entry = catalogueEntry(productKey);
  return entry.generationForNewBusiness?.(newProductGenerations) ?? entry.generations[0];
}
