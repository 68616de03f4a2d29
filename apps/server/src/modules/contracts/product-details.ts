// The product details of a stored contract, with the spec's field names and nesting as the product
// tariffs define them (`<product>DetailsSchema` in packages/domain/src/products/<product>/tariff.ts).
// The jsonb column holds exactly that document; the product key comes from the `produkt` column and
// is added on read, so a contract's details are a union discriminated by `produktKey`.
import { z } from 'zod';
import type { ContractProductKey } from '@schirm/domain/contract/product-meta';
import { bhvDetailsSchema } from '@schirm/domain/products/bhv/tariff';
import { fahrradDetailsSchema } from '@schirm/domain/products/fahrrad/tariff';
import { hausratDetailsSchema } from '@schirm/domain/products/hausrat/tariff';
import { phvDetailsSchema } from '@schirm/domain/products/phv/tariff';
import { reiseDetailsSchema } from '@schirm/domain/products/reise/tariff';
import { siDetailsSchema } from '@schirm/domain/products/si/tariff';
import { thvDetailsSchema } from '@schirm/domain/products/thv/tariff';
import { vhDetailsSchema } from '@schirm/domain/products/vh/tariff';

/** The details schema of each product key (both SI products share one). */
export const PRODUCT_DETAILS_SCHEMAS = {
  BHV: bhvDetailsSchema,
  VH: vhDetailsSchema,
  SI_ALLGEFAHREN: siDetailsSchema,
  SI_MEHRGEFAHREN: siDetailsSchema,
  HAUSRAT: hausratDetailsSchema,
  PRIVATHAFTPFLICHT: phvDetailsSchema,
  TIERHALTERHAFTPFLICHT: thvDetailsSchema,
  FAHRRAD: fahrradDetailsSchema,
  REISE: reiseDetailsSchema,
} as const satisfies Record<ContractProductKey, z.ZodType>;

type DetailsOf<K extends ContractProductKey> = z.output<(typeof PRODUCT_DETAILS_SCHEMAS)[K]>;

/** Product details of a contract: the product's details document plus its product key. */
export type StoredProductDetails = {
  [K in ContractProductKey]: { produktKey: K } & DetailsOf<K>;
}[ContractProductKey];

const PRODUCT_KEYS = Object.keys(PRODUCT_DETAILS_SCHEMAS) as [ContractProductKey, ...ContractProductKey[]];

/** Parses a product's details document (without produktKey) with the product's schema. */
export function parseProductDetails(
  produktKey: ContractProductKey,
  document: unknown,
): { ok: true; details: StoredProductDetails } | { ok: false; issues: z.core.$ZodIssue[] } {
  const result = PRODUCT_DETAILS_SCHEMAS[produktKey].safeParse(document);
  if (!result.success) return { ok: false, issues: result.error.issues };
  return { ok: true, details: { produktKey, ...result.data } as StoredProductDetails };
}

/** Validates `{ produktKey, …details }` with the schema of that product. */
export const storedProductDetailsSchema = z
  .looseObject({ produktKey: z.enum(PRODUCT_KEYS) })
  .transform((value, ctx): StoredProductDetails => {
    const { produktKey, ...document } = value;
    const result = parseProductDetails(produktKey, document);
    if (result.ok) return result.details;
    for (const issue of result.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

/** The details document as stored in the jsonb column: the details without their produktKey. */
export function detailsDocument(details: StoredProductDetails): Record<string, unknown> {
  const { produktKey: _produktKey, ...document } = details;
  return document;
}
