// Product details of a contract: one document per product, exactly the shape the product's tariff
// defines as `<product>DetailsSchema` (packages/domain/src/products/<product>/tariff.ts) — the
// spec §3 product blocks ('Contract (customer view)') with catalogue ids where the view shows
// references, plus the rating facts a contract needs to be priced again. The database stores this
// document (jsonb) and the product key separately; in the contract record it is a union
// discriminated by `produktKey` (ADR 0007: one shape for storage, rules, pricing and views).
import { z } from 'zod';
import { isCalendarDate } from '../dates/calendar-date';
import { bhvDetailsSchema } from '../products/bhv/tariff';
import { OPERATOR_BRAND_KEY } from '../products/enums';
import type { HausratDeckung } from '../products/enums';
import { fahrradDetailsSchema } from '../products/fahrrad/tariff';
import { hausratDetailsSchema } from '../products/hausrat/tariff';
import { kfzDetailsSchema } from '../products/kfz/details';
import { phvDetailsSchema } from '../products/phv/tariff';
import { reiseDetailsSchema } from '../products/reise/tariff';
import { siDetailsSchema } from '../products/si/tariff';
import { thvDetailsSchema } from '../products/thv/tariff';
import { vhDetailsSchema } from '../products/vh/tariff';
import type { ContractProductKey } from './product-meta';

/** The Hausrat base cover, always part of a Hausrat contract. */
export const HAUSRAT_BASISDECKUNG: HausratDeckung = `${OPERATOR_BRAND_KEY}_BASISDECKUNG_HAUSRAT`;
/** The Hausrat elementary cover (natural hazards). */
export const HAUSRAT_ELEMENTARDECKUNG: HausratDeckung = `${OPERATOR_BRAND_KEY}_ELEMENTAR_HAUSRAT`;

/** A calendar date 'yyyy-MM-dd' that exists. */
export const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, { message: 'Bitte geben Sie ein gültiges Datum an.' });

/** Non-negative whole cents. */
export const centsSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** Insured business types by catalogue id: one main business and any number of additional ones. */
export const versicherteGewerbeSchema = z.object({
  hauptgewerbe: z.string().min(1),
  nebengewerbe: z.array(z.string().min(1)),
});
export type VersicherteGewerbe = z.infer<typeof versicherteGewerbeSchema>;

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
  KFZ: kfzDetailsSchema,
} as const satisfies Record<ContractProductKey, z.ZodType>;

type DetailsOf<K extends ContractProductKey> = z.output<(typeof PRODUCT_DETAILS_SCHEMAS)[K]>;

/** Product details of a contract: the product's details document plus its product key. */
export type ProduktDetails = {
  [K in ContractProductKey]: { produktKey: K } & DetailsOf<K>;
}[ContractProductKey];

const PRODUCT_KEYS = Object.keys(PRODUCT_DETAILS_SCHEMAS) as [ContractProductKey, ...ContractProductKey[]];

/** Parses a product's details document (without produktKey) with the product's schema. */
export function parseProductDetails(
  produktKey: ContractProductKey,
  document: unknown,
): { ok: true; details: ProduktDetails } | { ok: false; issues: z.core.$ZodIssue[] } {
  const result = PRODUCT_DETAILS_SCHEMAS[produktKey].safeParse(document);
  if (!result.success) return { ok: false, issues: result.error.issues };
  return { ok: true, details: { produktKey, ...result.data } as ProduktDetails };
}

/** Validates `{ produktKey, …details }` with the schema of that product. */
export const produktDetailsSchema = z
  .looseObject({ produktKey: z.enum(PRODUCT_KEYS) })
  .transform((value, ctx): ProduktDetails => {
    const { produktKey, ...document } = value;
    const result = parseProductDetails(produktKey, document);
    if (result.ok) return result.details;
    for (const issue of result.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

/** The details document as stored (jsonb): the details without their produktKey. */
export function detailsDocument(details: ProduktDetails): Record<string, unknown> {
  const { produktKey: _produktKey, ...document } = details;
  return document;
}

/** The details of one product key. */
export type DetailsFor<K extends ContractProductKey> = Extract<ProduktDetails, { produktKey: K }>;
