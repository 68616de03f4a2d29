// Which products an agent may sell through the advice channels (issue 15, ADR 0034). Agents of the
// bank distribution path (Bankvertrieb) sell the private products at the bank counter; the business
// products need the underwriting knowledge of the exclusive agents, multi-tied agents and brokers.
import type { ApplicationSlug } from './product-application';

/** Business products: only agents outside Bankvertrieb sell them. */
export const BUSINESS_SLUGS: readonly ApplicationSlug[] = [
  'betriebshaftpflicht',
  'sachinhalt',
  'sachinhalt-mehrgefahren',
  'vermoegensschadenhaftpflicht',
];

/** The distribution path whose agents sell only private products. */
export const BANK_DISTRIBUTION = 'BANKVERTRIEB';

/** Whether an agent of this distribution path may sell the product. */
export function agentMaySell(vertriebsweg: string, slug: ApplicationSlug): boolean {
  return !(vertriebsweg === BANK_DISTRIBUTION && BUSINESS_SLUGS.includes(slug));
}
