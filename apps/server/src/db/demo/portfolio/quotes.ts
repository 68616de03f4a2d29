// Demo contracts get their premiums from the domain tariffs, never invented: each helper prices the
// rating facts with the product's `price<Product>` function and returns the priced variant together
// with the product details document the contract stores (the tariff's `<product>DetailsSchema`).
import type { Beitrag, SelbstbeteiligungStand } from '@schirm/domain/contract/contract-record';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { priceBhv, type BhvRatingInput } from '@schirm/domain/products/bhv/tariff';
import type { PeriodPremium, PricingResult } from '@schirm/domain/products/common/pricing';
import type {
  FahrradDeckung,
  Selbstbeteiligung,
  SummaryProdukt,
  Zahlweise,
} from '@schirm/domain/products/enums';
import {
  priceFahrrad,
  versicherteRisikenFromDeckungen,
  type FahrradRatingInput,
} from '@schirm/domain/products/fahrrad/tariff';
import {
  isElementarEinschliessbar,
  priceHausrat,
  type HausratRatingInput,
} from '@schirm/domain/products/hausrat/tariff';
import { pricePhv, type PhvRatingInput } from '@schirm/domain/products/phv/tariff';
import { priceReise, reiseDauer, type ReiseRatingInput } from '@schirm/domain/products/reise/tariff';
import { priceSi, type SiRatingInput } from '@schirm/domain/products/si/tariff';
import { priceThv, type ThvRatingInput } from '@schirm/domain/products/thv/tariff';
import { priceVh, type VhRatingInput } from '@schirm/domain/products/vh/tariff';
import type { ProduktDetails } from '@schirm/domain/contract/product-details';

/** What a priced product contributes to a contract. */
export interface ProductQuote {
  produkt: SummaryProdukt;
  details: ProduktDetails;
  deckungsVariante: string;
  versicherungssummeCents?: number;
  selbstbeteiligung?: SelbstbeteiligungStand;
  zahlweise: Zahlweise;
  beitrag: Beitrag;
  /** Last travel day of a REISE contract (its term ends the day after). */
  reiseEnde?: CalendarDate;
}

/** One priced variant and payment period of a quote. */
export interface Priced {
  variant: string;
  versicherungssummeCents?: number;
  premium: PeriodPremium;
}

/** The chosen variant and payment period of a quote; demo data must be insurable, so a refusal throws. */
export function pricedVariant(result: PricingResult, zahlweise: Zahlweise, variant?: string): Priced {
  if (result.kind === 'uninsurable')
    throw new Error(`Demo risk refused by the tariff: ${result.code} ${result.reason}`);
  const quoted =
    variant === undefined ? result.variants[0] : result.variants.find((v) => v.variant === variant);
  const premium = quoted?.premiums.find((p) => p.zahlweise === zahlweise);
  if (!quoted || !premium)
    throw new Error(`Tariff ${result.product} has no ${variant ?? 'variant'} / ${zahlweise}`);
  return {
    variant: quoted.variant,
    ...(quoted.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: quoted.versicherungssummeCents }),
    premium,
  };
}

/** The contract premium of a period premium. */
export function beitragOf(premium: PeriodPremium): Beitrag {
  return {
    nettoJahresbeitragCents: premium.netAnnualCents,
    bruttoBeitragProPeriodeCents: premium.grossCents,
  };
}

function absolut(option: Selbstbeteiligung): SelbstbeteiligungStand {
  return { einheit: 'ABSOLUT', option };
}

type Recurring = Exclude<Zahlweise, 'EINMALIG'>;

/** Private liability (PHV). */
export function quotePhv(
  input: Omit<PhvRatingInput, 'zahlweise' | 'variante'> & {
    variante: NonNullable<PhvRatingInput['variante']>;
  },
  zahlweise: Recurring,
  diensthaftpflichtBeruf?: string,
): ProductQuote {
  const priced = pricedVariant(pricePhv({ ...input, zahlweise }), zahlweise, input.variante);
  return {
    produkt: 'PRIVATHAFTPFLICHT',
    details: {
      produktKey: 'PRIVATHAFTPFLICHT',
      phv: { familienstand: input.familienstand, hfkVariante: input.variante },
      ...(input.diensthaftpflicht && diensthaftpflichtBeruf
        ? { diensthaftpflicht: { beruf: diensthaftpflichtBeruf, eingeschlossen: true } }
        : {}),
    },
    deckungsVariante: priced.variant,
    ...(priced.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: priced.versicherungssummeCents }),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: beitragOf(priced.premium),
  };
}

/** Dog owner's liability (THV); each dog with its name and chip number. */
export function quoteThv(
  input: Omit<ThvRatingInput, 'zahlweise' | 'variante'> & {
    variante: NonNullable<ThvRatingInput['variante']>;
  },
  namen: readonly { name: string; chipOrTattoo?: string }[],
  zahlweise: Recurring,
): ProductQuote {
  const priced = pricedVariant(priceThv({ ...input, zahlweise }), zahlweise, input.variante);
  return {
    produkt: 'TIERHALTERHAFTPFLICHT',
    details: {
      produktKey: 'TIERHALTERHAFTPFLICHT',
      hunde: input.hunde.map((hund, index) => ({
        name: namen[index]?.name ?? `Hund ${index + 1}`,
        rasse: hund.rasse,
        mischling: hund.mischling,
        ...(hund.mischlingsRasse === undefined ? {} : { mischlingsRasse: hund.mischlingsRasse }),
        ...(namen[index]?.chipOrTattoo === undefined ? {} : { chipOrTattoo: namen[index]?.chipOrTattoo }),
      })),
    },
    deckungsVariante: priced.variant,
    ...(priced.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: priced.versicherungssummeCents }),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: beitragOf(priced.premium),
  };
}

/** Household contents (HAUSRAT); the ZÜRS class decides whether elementary cover can be included. */
export function quoteHausrat(
  input: Omit<HausratRatingInput, 'zahlweise' | 'variante' | 'zuersKlasse'> & {
    variante: NonNullable<HausratRatingInput['variante']>;
    zuersKlasse: NonNullable<HausratRatingInput['zuersKlasse']>;
  },
  zahlweise: Recurring,
): ProductQuote {
  const priced = pricedVariant(priceHausrat({ ...input, zahlweise }), zahlweise, input.variante);
  return {
    produkt: 'HAUSRAT',
    details: {
      produktKey: 'HAUSRAT',
      hausrat: {
        plz: input.plz,
        wohnflaeche: input.wohnflaeche,
        hausratDeckungen: [...input.deckungen],
        elementarEinschliessbar: isElementarEinschliessbar(input.zuersKlasse),
        hfkVariante: input.variante,
        zuersKlasse: input.zuersKlasse,
      },
    },
    deckungsVariante: priced.variant,
    ...(priced.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: priced.versicherungssummeCents }),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: beitragOf(priced.premium),
  };
}

/** Bicycle (FAHRRAD generations); priced on the application day, as the bike's age counts. */
export function quoteFahrrad(
  input: Omit<FahrradRatingInput, 'zahlweise' | 'deckungen' | 'generation'> & {
    generation: 'FAHRRAD' | 'FAHRRAD_2';
    deckungen: FahrradDeckung[];
  },
  bike: { hersteller: string; rahmennummer?: string },
  zahlweise: Recurring,
  antragsdatum: CalendarDate,
): ProductQuote {
  const priced = pricedVariant(priceFahrrad({ ...input, zahlweise }, { today: antragsdatum }), zahlweise);
  return {
    produkt: input.generation,
    details: {
      produktKey: 'FAHRRAD',
      fahrrad: {
        hersteller: bike.hersteller,
        ...(bike.rahmennummer === undefined ? {} : { rahmennummer: bike.rahmennummer }),
        typ: input.typ,
        versicherteRisiken: versicherteRisikenFromDeckungen(input.deckungen),
        art: input.art,
        kaufpreisCents: input.kaufpreisCents,
        kaufdatum: input.kaufdatum,
        zustand: input.zustand,
      },
    },
    deckungsVariante: priced.variant,
    ...(priced.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: priced.versicherungssummeCents }),
    zahlweise,
    beitrag: beitragOf(priced.premium),
  };
}

/** Travel (REISE): a single premium, priced on the application day. */
export function quoteReise(
  input: Omit<ReiseRatingInput, 'dauer' | 'variante'> & {
    variante: NonNullable<ReiseRatingInput['variante']>;
  },
  antragsdatum: CalendarDate,
): ProductQuote {
  const priced = pricedVariant(priceReise(input, { today: antragsdatum }), 'EINMALIG', input.variante);
  return {
    produkt: 'REISE',
    details: {
      produktKey: 'REISE',
      reise: {
        personenkreis: input.personenkreis,
        beginn: input.beginn,
        ende: input.ende,
        dauer: reiseDauer(input.beginn, input.ende),
        reisekrankenversicherung: input.reisekrankenversicherung,
      },
    },
    deckungsVariante: priced.variant,
    ...(priced.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: priced.versicherungssummeCents }),
    zahlweise: 'EINMALIG',
    beitrag: beitragOf(priced.premium),
    reiseEnde: input.ende,
  };
}

/** Commercial liability (BHV generations); revenue can be adjusted every year. */
export function quoteBhv(
  input: Omit<BhvRatingInput, 'zahlweise' | 'variante'> & {
    variante: NonNullable<BhvRatingInput['variante']>;
  },
  zahlweise: Recurring,
): ProductQuote {
  const priced = pricedVariant(priceBhv({ ...input, zahlweise }), zahlweise, input.variante);
  return {
    produkt: input.generation,
    details: {
      produktKey: 'BHV',
      versicherteGewerbe: { hauptgewerbe: input.hauptgewerbe, nebengewerbe: [...input.nebengewerbe] },
      jahresumsatz: { value: input.jahresumsatzCents, isAdjustable: true },
    },
    deckungsVariante: priced.variant,
    ...(priced.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: priced.versicherungssummeCents }),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: beitragOf(priced.premium),
  };
}

/** Financial loss liability (VH generations). */
export function quoteVh(
  input: Omit<VhRatingInput, 'zahlweise' | 'variante'> & { variante: NonNullable<VhRatingInput['variante']> },
  zahlweise: Recurring,
): ProductQuote {
  const priced = pricedVariant(priceVh({ ...input, zahlweise }), zahlweise, input.variante);
  return {
    produkt: input.generation,
    details: {
      produktKey: 'VH',
      versicherteGewerbe: { hauptgewerbe: input.beruf, nebengewerbe: [] },
      jahresumsatz: { value: input.jahresumsatzCents, isAdjustable: true },
      phvAnzahl: input.phvAnzahl,
      vh: {
        versicherteGefahren: { buerohaftpflicht: input.buerohaftpflicht, phv: input.phvAnzahl !== 'KEINE' },
      },
    },
    deckungsVariante: priced.variant,
    ...(priced.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: priced.versicherungssummeCents }),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: beitragOf(priced.premium),
  };
}

/** Contents of business premises (SI_ALLGEFAHREN or SI_MEHRGEFAHREN) at the risk address. */
export function quoteSi(
  input: Omit<SiRatingInput, 'zahlweise' | 'variante'> & { variante: NonNullable<SiRatingInput['variante']> },
  risikoOrt: { plz: string; ort: string; strasse: string; hausnummer: string },
  zahlweise: Recurring,
): ProductQuote {
  const priced = pricedVariant(priceSi({ ...input, zahlweise }), zahlweise, input.variante);
  return {
    produkt: input.produkt,
    details: {
      produktKey: input.produkt,
      versicherteGewerbe: { hauptgewerbe: input.hauptgewerbe, nebengewerbe: [...input.nebengewerbe] },
      risikoOrt,
    },
    deckungsVariante: priced.variant,
    ...(priced.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: priced.versicherungssummeCents }),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: beitragOf(priced.premium),
  };
}
