// What the application engine needs to know about one product besides its flow: the URL segment,
// the pricing endpoint, how the answers become a pricing request (the live price of the variant
// step and the binding offer use the same one), the comparison table, and what the priced
// application contributes to the contract. Browser and server use the same definition, so the
// premium shown is the premium offered is the premium saved (issue 13).
import type { SelbstbeteiligungStand } from '../contract/contract-record';
import type { ProduktDetails } from '../contract/product-details';
import type { CalendarDate } from '../dates/calendar-date';
import type { ProductKey, SummaryProdukt, Zahlweise } from '../products/enums';
import type { Flow, FlowAnswers } from './flow';
import type { SubmissionData } from './submission';

/**
 * URL segments of the products sold online (spec §2 'Application flows'). Each product's pages
 * live under `/<slug>/antrag/<step>/`, except motor ('kfz'): spec §2 starts it at
 * `/antrag/allgemeine-versicherungsdaten`, so its base route is `/antrag/` and its first step
 * `allgemeine-versicherungsdaten` (see `baseRoute`).
 */
export const APPLICATION_SLUGS = [
  'fahrrad',
  'tierhalterhaftpflicht',
  'privathaftpflicht',
  'hausrat',
  'betriebshaftpflicht',
  'sachinhalt',
  'sachinhalt-mehrgefahren',
  'vermoegensschadenhaftpflicht',
  'reise',
  'kfz',
] as const;
export type ApplicationSlug = (typeof APPLICATION_SLUGS)[number];

/** Facts besides the answers that shape a flow: the day and the flags (spec §6). */
export interface ApplicationContext {
  today: CalendarDate;
  /** Flag 'new product generations': which generation new business gets. */
  newProductGenerations: boolean;
  /** Flag 'travel health insurance': whether Reise offers the health part. */
  travelHealthInsurance: boolean;
}

/** A variant as the comparison table names it (spec §3 product variant option). */
export interface VariantOption {
  value: string;
  label: string;
  recommended: boolean;
}

/** One row of the comparison table (spec §3 feature row); relations keyed by variant value. */
export interface FeatureRowData {
  label: string;
  helpText?: string;
  description?: string;
  variantOptionRelation: Readonly<Record<string, { included: boolean; text?: string }>>;
}

/** The comparison table of a product's variants. */
export interface Comparison {
  variants: readonly VariantOption[];
  features: readonly FeatureRowData[];
}

/** What the binding choice is: variant, payment period, start. */
export interface ApplicationChoice {
  variante: string;
  zahlweise: Zahlweise;
  versicherungsbeginn: CalendarDate;
}

/** The priced variant as the server's quote carries it. */
export interface PricedVariant {
  /** The summary product with its generation (FAHRRAD_2, BHV_1, …): what the contract carries. */
  produkt: SummaryProdukt;
  variant: string;
  versicherungssummeCents?: number;
  /** Hausrat: the ZÜRS class the server looked up for the address. */
  zuersKlasse?: number;
  /** KFZ: the vehicle the server's class table names for HSN/TSN. */
  fahrzeug?: { hersteller: string; modell: string };
}

/** What an application contributes to a contract besides partner, premium and dates. */
export interface ApplicationContractTerms {
  details: ProduktDetails;
  selbstbeteiligung?: SelbstbeteiligungStand;
  /** Last travel day of a REISE contract (its term ends the day after). */
  reiseEnde?: CalendarDate;
}

/** One product's application: flow, pricing and contract mapping. */
export interface ProductApplication {
  slug: ApplicationSlug;
  /**
   * Where the product's pages live, with leading and trailing slash: a step is
   * `<baseRoute><step id>/`. Default (absent) `/<slug>/antrag/`; motor: `/antrag/`.
   */
  baseRoute?: string;
  productKey: ProductKey;
  /** German product name as the pages and documents show it. */
  name: string;
  /** Path segment of the tarifieren endpoint under /api/taa/ (spec §7). */
  pricingPath: string;
  /** The step whose 'variants' field shows the comparison with live prices. */
  variantStep: string;
  createFlow(context: ApplicationContext): Flow;
  /** The comparison table for the generation the context sells. */
  comparison(context: ApplicationContext): Comparison;
  /**
   * The tarifieren request for the answers so far (every variant, every payment period), or
   * undefined while a question the price needs is open. `choice` narrows it to the chosen variant
   * and payment period (the binding offer).
   */
  pricingRequest(
    answers: FlowAnswers,
    choice?: Pick<ApplicationChoice, 'variante' | 'zahlweise'>,
  ): Record<string, unknown> | undefined;
  /** Variant, payment period and start of a validated submission. */
  choice(data: SubmissionData): ApplicationChoice;
  /**
   * The risk check after the questions (spec §2 /antrag/check-failed/): a refusal names the reason
   * the application cannot be accepted online; undefined when it may be.
   */
  riskCheck?(data: SubmissionData): RiskCheckRefusal | undefined;
  /** The contract's product facts of a validated, priced submission. */
  contractTerms(data: SubmissionData, priced: PricedVariant): ApplicationContractTerms;
}

/** Flows built per product, kept for the few contexts (day and flags) in use at a time. */
const builtFlows = new WeakMap<ProductApplication, Map<string, Flow>>();
const FLOWS_PER_PRODUCT = 8;

/**
 * The product's flow for a context, built once per product, day and flags: a flow is immutable
 * data, and building one (its zod page schemas) cost the server about 2 ms per call, three times
 * per application (ADR 0023).
 */
export function flowFor(application: ProductApplication, context: ApplicationContext): Flow {
  let flows = builtFlows.get(application);
  if (!flows) {
    flows = new Map();
    builtFlows.set(application, flows);
  }
  const key = JSON.stringify(context);
  let flow = flows.get(key);
  if (!flow) {
    // A new day: the flows of days gone are dropped.
    if (flows.size >= FLOWS_PER_PRODUCT) flows.clear();
    flow = application.createFlow(context);
    flows.set(key, flow);
  }
  return flow;
}

/** The base route of a product's application pages: its own, or `/<slug>/antrag/`. */
export function applicationBaseRoute(application: Pick<ProductApplication, 'slug' | 'baseRoute'>): string {
  return application.baseRoute ?? `/${application.slug}/antrag/`;
}

/** Why an application cannot be accepted online (the check-failed page shows the reason). */
export interface RiskCheckRefusal {
  code: string;
  reason: string;
}

/** The page data of a step of a validated submission (empty when the step is not on the path). */
export function stepData(data: SubmissionData, stepId: string): Record<string, unknown> {
  return data[stepId] ?? {};
}
