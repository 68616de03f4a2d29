// Pricing use cases behind the tarifieren endpoints: add the facts the server decides (generation
// by flag, ZÜRS class by address), honour the flags that switch options off, call the product's
// pure price function and map its result to the response body.
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { generationForNewBusiness as bhvGenerationForNewBusiness } from '@schirm/domain/products/bhv/catalogue';
import { priceBhv } from '@schirm/domain/products/bhv/tariff';
import type { PricingResult } from '@schirm/domain/products/common/pricing';
import type { SummaryProdukt } from '@schirm/domain/products/enums';
import { generationForNewBusiness as fahrradGenerationForNewBusiness } from '@schirm/domain/products/fahrrad/catalogue';
import { priceFahrrad } from '@schirm/domain/products/fahrrad/tariff';
import { isElementarEinschliessbar, priceHausrat } from '@schirm/domain/products/hausrat/tariff';
import type { ZuersKlasse } from '@schirm/domain/products/hausrat/tariff-data';
import {
  findRegion,
  findVehicle,
  priceKfz,
  type KfzFahrzeug,
  type KfzRegion,
} from '@schirm/domain/products/kfz/tariff';
import { pricePhv } from '@schirm/domain/products/phv/tariff';
import { priceReise } from '@schirm/domain/products/reise/tariff';
import { priceSi } from '@schirm/domain/products/si/tariff';
import { priceThv } from '@schirm/domain/products/thv/tariff';
import { generationForNewBusiness as vhGenerationForNewBusiness } from '@schirm/domain/products/vh/catalogue';
import { priceVh } from '@schirm/domain/products/vh/tariff';
import { forbidden, validationFailed } from '../../platform/errors';
import { zuersClassFor } from '../reference/zuers';
import { currentKfzClassTable } from './kfz-classes';
import { centsToEuros, quoteHead, toUninsurableResponse, toVariantResponse } from './quote-response';
import type {
  BhvRequest,
  BhvWechselRequest,
  FahrradRequest,
  HausratRequest,
  KfzRequest,
  PhvRequest,
  ReiseRequest,
  SiRequest,
  ThvRequest,
  VhRequest,
} from './request-schemas';
import type {
  FahrradQuoteResponse,
  HausratQuoteResponse,
  KfzQuoteResponse,
  PricingResponse,
  ReiseQuoteResponse,
} from './response-schemas';

export const PRICING_TEXTS = {
  reisekrankenNichtVerfuegbar:
    'Die Auslandsreisekrankenversicherung können wir derzeit leider nicht anbieten. Bitte wählen Sie sie ab.',
  wechseltarifNichtVerfuegbar: 'Der Wechseltarif der Betriebshaftpflicht ist derzeit nicht verfügbar.',
};

interface PricingRequest<I> {
  input: I;
  /** Today in Germany, taken once per request: it judges purchase, travel and switch dates. */
  today: CalendarDate;
}

interface NewBusinessRequest<I> extends PricingRequest<I> {
  /** Value of the 'new-product-generations' flag: which generation new business gets. */
  newProductGenerations: boolean;
}

/**
 * A tariff's result with the facts the server added: the product with its generation, and for
 * Hausrat the ZÜRS class. The tarifieren answers and the application's offer are both built from
 * it, so the price shown and the price offered come from one computation.
 */
export interface Rated<R extends PricingResult = PricingResult> {
  produkt: SummaryProdukt;
  result: R;
  zuersKlasse?: ZuersKlasse;
  /** KFZ: the vehicle of HSN/TSN and the region of the postcode in the server's class table. */
  fahrzeug?: KfzFahrzeug;
  region?: KfzRegion;
}

export function rateFahrrad({
  input,
  today,
  newProductGenerations,
}: NewBusinessRequest<FahrradRequest>): Rated {
  const generation = fahrradGenerationForNewBusiness(newProductGenerations);
  return { produkt: generation, result: priceFahrrad({ ...input, generation }, { today }) };
}

export function rateHausrat({
  input,
  today,
}: PricingRequest<HausratRequest>): Rated & { zuersKlasse: ZuersKlasse } {
  const { ort, strasse, hausnummer, ...rating } = input;
  const zuersKlasse = zuersClassFor({ plz: rating.plz, ort, strasse, hausnummer });
  return { produkt: 'HAUSRAT', result: priceHausrat({ ...rating, zuersKlasse }, { today }), zuersKlasse };
}

export function rateBhv({ input, today, newProductGenerations }: NewBusinessRequest<BhvRequest>): Rated {
  const generation = bhvGenerationForNewBusiness(newProductGenerations);
  return { produkt: generation, result: priceBhv({ ...input, generation }, { today }) };
}

export function rateVh({ input, today, newProductGenerations }: NewBusinessRequest<VhRequest>): Rated {
  const generation = vhGenerationForNewBusiness(newProductGenerations);
  return { produkt: generation, result: priceVh({ ...input, generation }, { today }) };
}

export function rateReise({
  input,
  today,
  travelHealthInsurance,
}: PricingRequest<ReiseRequest> & { travelHealthInsurance: boolean }): Rated<ReturnType<typeof priceReise>> {
  if (input.reisekrankenversicherung && !travelHealthInsurance) {
    throw validationFailed(
      [{ path: 'reisekrankenversicherung', message: PRICING_TEXTS.reisekrankenNichtVerfuegbar }],
      'Travel health insurance requested while the flag travel-health-insurance is off',
    );
  }
  return { produkt: 'REISE', result: priceReise(input, { today }) };
}

/** KFZ: type and regional classes from the operator's class table (KFZ_CLASSES_FILE). */
export function rateKfz({ input, today }: PricingRequest<KfzRequest>): Rated {
  const classes = currentKfzClassTable();
  const fahrzeug = findVehicle(input.hsn, input.tsn, classes);
  const region = findRegion(input.plz, classes);
  return {
    produkt: 'KFZ',
    result: priceKfz(input, { today, classes }),
    ...(fahrzeug === undefined ? {} : { fahrzeug }),
    ...(region === undefined ? {} : { region }),
  };
}

function toQuoteResponse(product: SummaryProdukt, result: PricingResult): PricingResponse {
  if (result.kind === 'uninsurable') return toUninsurableResponse(result);
  return { ...quoteHead(product, result.tariffVersion), variants: result.variants.map(toVariantResponse) };
}

/** Bicycle: the generation comes from the flag; every variant also carries spec §3 pricing results. */
export function quoteFahrrad({
  input,
  today,
  newProductGenerations,
}: NewBusinessRequest<FahrradRequest>): PricingResponse<FahrradQuoteResponse> {
  const { produkt: generation, result } = rateFahrrad({ input, today, newProductGenerations });
  if (result.kind === 'uninsurable') return toUninsurableResponse(result);
  return {
    ...quoteHead(generation, result.tariffVersion),
    variants: result.variants.map((variant) => ({
      ...toVariantResponse(variant),
      pricingResults: variant.premiums.map((premium) => ({
        proportionalFee: centsToEuros(premium.grossCents),
        proportionalFeeCents: premium.grossCents,
        paymentPeriod: premium.zahlweise,
      })),
    })),
  };
}

export function quoteThv({ input, today }: PricingRequest<ThvRequest>): PricingResponse {
  return toQuoteResponse('TIERHALTERHAFTPFLICHT', priceThv(input, { today }));
}

export function quotePhv({ input, today }: PricingRequest<PhvRequest>): PricingResponse {
  return toQuoteResponse('PRIVATHAFTPFLICHT', pricePhv(input, { today }));
}

export function quoteSi({ input, today }: PricingRequest<SiRequest>): PricingResponse {
  return toQuoteResponse(input.produkt, priceSi(input, { today }));
}

/** Hausrat: the ZÜRS class is looked up from the address here, never taken from the client. */
export function quoteHausrat({
  input,
  today,
}: PricingRequest<HausratRequest>): PricingResponse<HausratQuoteResponse> {
  const { result, zuersKlasse } = rateHausrat({ input, today });
  if (result.kind === 'uninsurable') return toUninsurableResponse(result);
  return {
    ...quoteHead('HAUSRAT', result.tariffVersion),
    variants: result.variants.map(toVariantResponse),
    zuersKlasse,
    elementarEinschliessbar: isElementarEinschliessbar(zuersKlasse),
  };
}

export function quoteBhv({
  input,
  today,
  newProductGenerations,
}: NewBusinessRequest<BhvRequest>): PricingResponse {
  const { produkt, result } = rateBhv({ input, today, newProductGenerations });
  return toQuoteResponse(produkt, result);
}

/** BHV Wechseltarif, offered only while the 'bhv-tariff-change' flag is on. */
export function quoteBhvWechsel({
  bhvTariffChange,
  ...request
}: NewBusinessRequest<BhvWechselRequest> & { bhvTariffChange: boolean }): PricingResponse {
  if (!bhvTariffChange) {
    throw forbidden('BHV Wechseltarif requested while the flag bhv-tariff-change is off', {
      code: 'FEATURE_DISABLED',
      userMessage: PRICING_TEXTS.wechseltarifNichtVerfuegbar,
    });
  }
  return quoteBhv(request);
}

export function quoteVh({
  input,
  today,
  newProductGenerations,
}: NewBusinessRequest<VhRequest>): PricingResponse {
  const { produkt, result } = rateVh({ input, today, newProductGenerations });
  return toQuoteResponse(produkt, result);
}

/** Travel: the health option is refused (400 on the field) while 'travel-health-insurance' is off. */
export function quoteReise({
  input,
  today,
  travelHealthInsurance,
}: PricingRequest<ReiseRequest> & { travelHealthInsurance: boolean }): PricingResponse<ReiseQuoteResponse> {
  const { result } = rateReise({ input, today, travelHealthInsurance });
  if (result.kind === 'uninsurable') return toUninsurableResponse(result);
  return {
    ...quoteHead('REISE', result.tariffVersion),
    variants: result.variants.map((variant) => ({
      ...toVariantResponse(variant),
      reisekrankenNetto: centsToEuros(variant.reisekrankenNetCents),
      reisekrankenNettoCents: variant.reisekrankenNetCents,
    })),
  };
}

/** KFZ: every variant (the Vollkasko only for vehicles up to 12 years), with the vehicle found for HSN/TSN. */
export function quoteKfz({ input, today }: PricingRequest<KfzRequest>): PricingResponse<KfzQuoteResponse> {
  const { result, fahrzeug, region } = rateKfz({ input, today });
  if (result.kind === 'uninsurable') return toUninsurableResponse(result);
  // A quote exists only when the tariff found both in the table.
  if (!fahrzeug || !region) throw new Error('KFZ quote without vehicle or region');
  return {
    ...quoteHead('KFZ', result.tariffVersion),
    variants: result.variants.map(toVariantResponse),
    fahrzeug: {
      hsn: fahrzeug.hsn,
      tsn: fahrzeug.tsn,
      hersteller: fahrzeug.hersteller,
      modell: fahrzeug.modell,
      leistungKw: fahrzeug.leistungKw,
    },
    region: region.bezeichnung,
  };
}
