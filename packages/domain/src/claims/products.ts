// The eight products a customer can report a claim for (spec §2 'schaden-melden'), with their URL
// slug, the contract's product key(s), the German name and the kind of claim flow they share.
import type { ProductKey } from '../products/enums';

/** Claim products as the URL names them (`/kunden/schaden-melden/<produkt>/:contractIndex`). */
export const CLAIM_PRODUCTS = ['thv', 'phv', 'bhv', 'si', 'vh', 'fahrrad', 'hausrat', 'reise'] as const;
/** One of the eight claim products. */
export type ClaimProduct = (typeof CLAIM_PRODUCTS)[number];

/** What kind of loss a product covers: liability, property (contents), bicycle or travel. */
export type ClaimKind = 'haftpflicht' | 'sach' | 'fahrrad' | 'reise';

/** The facts of one claim product. */
export interface ClaimProductInfo {
  produkt: ClaimProduct;
  /** Contract product keys whose contracts this product's claims are reported against. */
  productKeys: readonly ProductKey[];
  /** German name as the claim pages and the receipt show it. */
  name: string;
  kind: ClaimKind;
}

/** Every claim product's facts, in the order of CLAIM_PRODUCTS. */
export const CLAIM_PRODUCT_INFO: Readonly<Record<ClaimProduct, ClaimProductInfo>> = {
  thv: {
    produkt: 'thv',
    productKeys: ['TIERHALTERHAFTPFLICHT'],
    name: 'Tierhalterhaftpflicht',
    kind: 'haftpflicht',
  },
  phv: { produkt: 'phv', productKeys: ['PRIVATHAFTPFLICHT'], name: 'Privathaftpflicht', kind: 'haftpflicht' },
  bhv: { produkt: 'bhv', productKeys: ['BHV'], name: 'Betriebshaftpflicht', kind: 'haftpflicht' },
  si: {
    produkt: 'si',
    productKeys: ['SI_ALLGEFAHREN', 'SI_MEHRGEFAHREN'],
    name: 'Sachinhaltsversicherung',
    kind: 'sach',
  },
  vh: { produkt: 'vh', productKeys: ['VH'], name: 'Vermögensschadenhaftpflicht', kind: 'haftpflicht' },
  fahrrad: {
    produkt: 'fahrrad',
    productKeys: ['FAHRRAD'],
    name: 'Fahrrad- und E-Bike-Versicherung',
    kind: 'fahrrad',
  },
  hausrat: { produkt: 'hausrat', productKeys: ['HAUSRAT'], name: 'Hausratversicherung', kind: 'sach' },
  reise: { produkt: 'reise', productKeys: ['REISE'], name: 'Reiseversicherung', kind: 'reise' },
};

/** True when the value is one of the eight claim products. */
export function isClaimProduct(value: unknown): value is ClaimProduct {
  return typeof value === 'string' && (CLAIM_PRODUCTS as readonly string[]).includes(value);
}

/** The claim product for a contract's product key, or undefined (KFZ claims are not reported here). */
export function claimProductOf(productKey: ProductKey): ClaimProduct | undefined {
  return CLAIM_PRODUCTS.find((produkt) => CLAIM_PRODUCT_INFO[produkt].productKeys.includes(productKey));
}
