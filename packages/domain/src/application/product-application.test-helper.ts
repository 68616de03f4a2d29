// The checks every product application must pass, shared by the flows' tests: a complete answer
// set validates, its pricing request prices a quote with the chosen variant and payment period
// (every period the product sells), and the contract terms are a valid details document.
import { expect } from 'vitest';
import { produktDetailsSchema } from '../contract/product-details';
import type { PricingResult } from '../products/common/pricing';
import type { ApplicationChannel, FlowAnswers } from './flow';
import type { ApplicationContext, PricedVariant, ProductApplication } from './product-application';
import { validateSubmission } from './submission';

/** Checks a product application end to end on one complete answer set. */
export function expectCompleteApplication({
  application,
  context,
  answers,
  price,
  channel = 'antrag',
  serverFacts = {},
}: {
  application: ProductApplication;
  context: ApplicationContext;
  answers: FlowAnswers;
  /** The product's domain tariff applied to a pricing request (with the server's facts added). */
  price: (request: Record<string, unknown>) => PricingResult;
  channel?: ApplicationChannel;
  /** What the server adds to the priced variant (the ZÜRS class, the vehicle of HSN/TSN). */
  serverFacts?: Partial<PricedVariant>;
}) {
  const flow = application.createFlow(context);
  const result = validateSubmission(flow, answers, channel);
  if (!result.ok) throw new Error(`expected a valid submission: ${JSON.stringify(result.errors)}`);
  const variantRequest = application.pricingRequest(answers);
  expect(variantRequest, 'pricing request of the variant table').toBeDefined();
  const table = price(variantRequest ?? {});
  expect(table.kind).toBe('quote');
  const choice = application.choice(result.data);
  const offerRequest = application.pricingRequest(result.data as FlowAnswers, choice);
  expect(offerRequest, 'pricing request of the offer').toBeDefined();
  const offer = price(offerRequest ?? {});
  if (offer.kind !== 'quote') throw new Error(`offer refused: ${offer.reason}`);
  const priced = offer.variants.find((variant) => variant.variant === choice.variante) ?? offer.variants[0];
  expect(priced?.premiums.some((premium) => premium.zahlweise === choice.zahlweise)).toBe(true);
  const terms = application.contractTerms(result.data, {
    ...serverFacts,
    produkt: offer.product as never,
    variant: priced?.variant ?? '',
  });
  const details = produktDetailsSchema.safeParse(terms.details);
  expect(details.success, JSON.stringify(details.error?.issues)).toBe(true);
  expect(terms.details.produktKey).toBe(application.productKey);
  return { flow, data: result.data, choice, offer, terms };
}
