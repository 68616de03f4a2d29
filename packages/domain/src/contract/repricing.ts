// Prices a contract as it stands: the product's rating inputs are rebuilt from the record (product
// details, variant, deductible, payment period, insured sum, generation) and run through the same
// rating schema and tariff as `POST /api/taa/…/tarifieren`. A self-service change is priced by
// pricing the record with the change applied, so preview, saved premium and tariff are one number.
//
// Products priced at the application day (the bike's age, the travel dates) are priced on
// `antragsdatum`, as they were when the contract was concluded; every other tariff has no date input.
import type { z } from 'zod';
import { bhvRatingInputSchema, priceBhv } from '../products/bhv/tariff';
import type { PricingResult } from '../products/common/pricing';
import {
  fahrradRatingInputSchema,
  deckungenFromVersicherteRisiken,
  priceFahrrad,
} from '../products/fahrrad/tariff';
import { hausratRatingInputSchema, priceHausrat } from '../products/hausrat/tariff';
import { phvRatingInputSchema, pricePhv } from '../products/phv/tariff';
import { priceReise, reiseRatingInputSchema } from '../products/reise/tariff';
import { priceSi, siRatingInputSchema } from '../products/si/tariff';
import { priceThv, thvRatingInputSchema } from '../products/thv/tariff';
import { priceVh, vhRatingInputSchema } from '../products/vh/tariff';
import type { Beitrag, ContractRecord } from './contract-record';
import { refuse, succeed } from './result';
import type { ContractResult } from './result';

/** The premium of a contract as the tariff prices it today. */
export interface ContractPrice {
  beitrag: Beitrag;
  /** Insured sum of the priced variant, where the product has one. */
  versicherungssummeCents?: number;
  tariffVersion: string;
}

export type RepricingErrorCode = 'INVALID_RATING_INPUT' | 'UNINSURABLE' | 'NOT_PRICEABLE';

type Priced = ContractResult<ContractPrice, RepricingErrorCode>;

function deductible(record: ContractRecord) {
  return record.selbstbeteiligung?.einheit === 'ABSOLUT' ? record.selbstbeteiligung.option : undefined;
}

function invalid(error: z.ZodError): Priced {
  const first = error.issues[0];
  return refuse(
    'INVALID_RATING_INPUT',
    `Rating input rejected: ${error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    first?.message ?? 'Die Angaben können so nicht versichert werden.',
  );
}

/** Runs raw inputs through the product's rating schema and price function. */
function rate<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  price: (input: z.output<S>) => PricingResult,
): ContractResult<PricingResult, RepricingErrorCode> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return invalid(parsed.error) as ContractResult<PricingResult, RepricingErrorCode>;
  return succeed(price(parsed.data));
}

function pricingResult(record: ContractRecord): ContractResult<PricingResult, RepricingErrorCode> {
  const { details } = record;
  const common = {
    variante: record.deckungsVariante,
    selbstbeteiligung: deductible(record),
    zahlweise: record.zahlweise === 'EINMALIG' ? undefined : record.zahlweise,
  };
  switch (details.produktKey) {
    case 'BHV':
      return rate(
        bhvRatingInputSchema,
        {
          ...common,
          generation: record.produkt,
          hauptgewerbe: details.versicherteGewerbe.hauptgewerbe,
          nebengewerbe: details.versicherteGewerbe.nebengewerbe,
          jahresumsatzCents: details.jahresumsatz.value,
        },
        (input) => priceBhv(input, { today: record.antragsdatum }),
      );
    case 'VH':
      return rate(
        vhRatingInputSchema,
        {
          ...common,
          generation: record.produkt,
          beruf: details.versicherteGewerbe.hauptgewerbe,
          jahresumsatzCents: details.jahresumsatz.value,
          phvAnzahl: details.phvAnzahl,
          buerohaftpflicht: details.vh.versicherteGefahren.buerohaftpflicht,
        },
        (input) => priceVh(input),
      );
    case 'SI_ALLGEFAHREN':
    case 'SI_MEHRGEFAHREN':
      return rate(
        siRatingInputSchema,
        {
          ...common,
          produkt: details.produktKey,
          versicherungssummeCents: record.versicherungssummeCents,
          hauptgewerbe: details.versicherteGewerbe.hauptgewerbe,
          nebengewerbe: details.versicherteGewerbe.nebengewerbe,
        },
        (input) => priceSi(input),
      );
    case 'HAUSRAT':
      return rate(
        hausratRatingInputSchema,
        {
          ...common,
          plz: details.hausrat.plz,
          wohnflaeche: details.hausrat.wohnflaeche,
          deckungen: details.hausrat.hausratDeckungen,
          zuersKlasse: details.hausrat.zuersKlasse,
        },
        (input) => priceHausrat(input),
      );
    case 'PRIVATHAFTPFLICHT':
      return rate(
        phvRatingInputSchema,
        {
          ...common,
          familienstand: details.phv.familienstand,
          diensthaftpflicht: details.diensthaftpflicht?.eingeschlossen ?? false,
        },
        (input) => pricePhv(input),
      );
    case 'TIERHALTERHAFTPFLICHT':
      return rate(
        thvRatingInputSchema,
        {
          ...common,
          hunde: details.hunde.map(({ rasse, mischling, mischlingsRasse }) => ({
            rasse,
            mischling,
            ...(mischlingsRasse === undefined ? {} : { mischlingsRasse }),
          })),
          ...(details.bundesland === undefined
            ? {}
            : {
                bundesland: details.bundesland,
                listenhundAuflagenErfuellt: details.listenhundAuflagenErfuellt === true,
              }),
        },
        (input) => priceThv(input),
      );
    case 'FAHRRAD':
      return rate(
        fahrradRatingInputSchema,
        {
          generation: record.produkt,
          art: details.fahrrad.art,
          typ: details.fahrrad.typ,
          kaufpreisCents: details.fahrrad.kaufpreisCents,
          kaufdatum: details.fahrrad.kaufdatum,
          zustand: details.fahrrad.zustand,
          deckungen: deckungenFromVersicherteRisiken(details.fahrrad.versicherteRisiken),
          zahlweise: common.zahlweise,
        },
        (input) => priceFahrrad(input, { today: record.antragsdatum }),
      );
    case 'REISE':
      return rate(
        reiseRatingInputSchema,
        {
          personenkreis: details.reise.personenkreis,
          beginn: details.reise.beginn,
          ende: details.reise.ende,
          reisekrankenversicherung: details.reise.reisekrankenversicherung,
          variante: record.deckungsVariante,
        },
        (input) => priceReise(input, { today: record.antragsdatum }),
      );
    case 'KFZ':
      // The motor tariff prices with the operator's class table, which the server holds: no
      // self-service change of a motor contract is offered, so nothing here reprices one.
      return refuse(
        'NOT_PRICEABLE',
        'KFZ contracts are not repriced in the domain (the class table is server data)',
        'Änderungen an Ihrer Kfz-Versicherung nehmen wir gern telefonisch oder per E-Mail entgegen.',
      );
  }
}

/**
 * The contract's premium for its variant and payment period as the tariff prices the record now,
 * or why it cannot be priced (the German reason of the tariff or of the rating schema).
 */
export function priceContract(record: ContractRecord): Priced {
  const result = pricingResult(record);
  if (!result.ok) return result;
  const quote = result.value;
  if (quote.kind === 'uninsurable')
    return refuse('UNINSURABLE', `${quote.code}: ${quote.reason}`, quote.reason);
  const variant =
    record.deckungsVariante === undefined
      ? quote.variants[0]
      : quote.variants.find((v) => v.variant === record.deckungsVariante);
  const premium = variant?.premiums.find((p) => p.zahlweise === record.zahlweise);
  if (!variant || !premium) {
    return refuse(
      'NOT_PRICEABLE',
      `Tariff ${quote.product} has no ${record.deckungsVariante ?? 'variant'} / ${record.zahlweise}`,
      'Für diese Auswahl gibt es keinen Beitrag. Bitte wählen Sie eine andere Option.',
    );
  }
  return succeed({
    beitrag: {
      nettoJahresbeitragCents: premium.netAnnualCents,
      bruttoBeitragProPeriodeCents: premium.grossCents,
    },
    ...(variant.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: variant.versicherungssummeCents }),
    tariffVersion: quote.tariffVersion,
  });
}
