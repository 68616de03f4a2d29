// Maps the domain's pricing results (integer cents) to the response bodies of the tarifieren
// endpoints (EUR numbers plus the exact cents).
import { PERIODS_PER_YEAR } from '@schirm/domain/products/common/pricing';
import type { PeriodPremium, Uninsurable, VariantQuote } from '@schirm/domain/products/common/pricing';
import type { SummaryProdukt } from '@schirm/domain/products/enums';
import type { PremiumResponse, UninsurableResponse, VariantResponse } from './response-schemas';

/** EUR number of a cent amount; exact for every amount the tariffs produce (integers below 2^53). */
export function centsToEuros(cents: number): number {
  return cents / 100;
}

export function toPremiumResponse(premium: PeriodPremium): PremiumResponse {
  const periods = PERIODS_PER_YEAR[premium.zahlweise];
  const nettoJahrCents = premium.netCents * periods;
  const versicherungsteuerJahrCents = premium.taxCents * periods;
  return {
    zahlweise: premium.zahlweise,
    ratenzahlungszuschlagBp: premium.surchargeBp,
    netto: centsToEuros(premium.netCents),
    nettoCents: premium.netCents,
    versicherungsteuer: centsToEuros(premium.taxCents),
    versicherungsteuerCents: premium.taxCents,
    brutto: centsToEuros(premium.grossCents),
    bruttoCents: premium.grossCents,
    nettoJahr: centsToEuros(nettoJahrCents),
    nettoJahrCents,
    versicherungsteuerJahr: centsToEuros(versicherungsteuerJahrCents),
    versicherungsteuerJahrCents,
    bruttoJahr: centsToEuros(premium.grossAnnualCents),
    bruttoJahrCents: premium.grossAnnualCents,
  };
}

export function toVariantResponse(variant: VariantQuote): VariantResponse {
  const summeCents = variant.versicherungssummeCents ?? null;
  return {
    deckungsVarianteIdentifier: variant.variant,
    deckungsVarianteName: variant.name,
    versicherungssumme: summeCents === null ? null : centsToEuros(summeCents),
    versicherungssummeCents: summeCents,
    premiums: variant.premiums.map(toPremiumResponse),
  };
}

export function toUninsurableResponse({ code, reason }: Uninsurable): UninsurableResponse {
  return { kind: 'uninsurable', code, reason };
}

/** The common head of every quote answer. */
export function quoteHead(product: SummaryProdukt, tariffVersion: string) {
  return { kind: 'quote' as const, product, tariffVersion };
}
