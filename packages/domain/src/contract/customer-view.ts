// The contract as the customer portal receives it: spec §3 'Contract (customer view)', field names
// exactly as the spec writes them. Amounts are numbers in EUR, dates 'yyyy-MM-dd'. Product-specific
// blocks appear only for the product they belong to. The IBAN is masked (ADR 0004): the view is
// shown on screens and cached in browsers, and the customer does not need the full number to
// recognise the account; changing it means entering a new one.
import { z } from 'zod';
import { compareDates } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import { PERIODS_PER_YEAR } from '../products/common/pricing';
import {
  CONTRACT_TYPE_CODES,
  DOKUMENT_TYPEN,
  FAHRRAD_TYPEN,
  HAUSRAT_DECKUNGEN,
  KUENDBAR,
  MARKEN,
  MITVERSICHERTE_ARTEN,
  PERSONENKREISE,
  PHV_ANZAHL,
  PRODUCT_TYPE_NAMES,
  SELBSTBETEILIGUNG_EINHEITEN,
  SELBSTBETEILIGUNGEN,
  SUMMARY_PRODUKTE,
  VERTRAGSSTATUS,
  ZAHLWEISEN,
} from '../products/enums';
import type { DokumentTyp } from '../products/enums';
import {
  KFZ_SELBSTBETEILIGUNGEN_TEILKASKO,
  KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO,
} from '../products/kfz/catalogue';
import { FAHRERKREISE, KFZ_NUTZUNGEN, SF_KLASSEN } from '../products/kfz/tariff-data';
import { PHV_FAMILIENSTAND_OPTIONS } from '../products/phv/catalogue';
import { maskIban } from '../validation/iban';
import { centsToEuro, SELBSTBETEILIGUNG_EURO } from './amounts';
import type { ContractRecord, SelbstbeteiligungStand } from './contract-record';
import { contractEnd, isFixedTerm } from './contract-record';
import { nextMainDueDate, nextMainDueDateBefore } from './main-due-date';
import { mahnstufe, MAHNSTUFEN, mahnung, overdueItems } from './overdue';
import { effectiveDate, pendingChangeOf } from './pending-changes';
import { revenueReportDueBy } from './task';
import { bhvBusinessTypeById } from '../products/bhv/business-types';
import { siBusinessTypeById } from '../products/si/business-types';
import { dogBreedById } from '../products/thv/dog-breeds';
import { BUNDESLAND_NAMEN } from '../products/thv/listenhunde';
import { vhProfessionById } from '../products/vh/professions';
import { HAUSRAT_ELEMENTARDECKUNG } from './product-details';
import type { ProduktDetails } from './product-details';
import { CONTRACT_PRODUCT_META } from './product-meta';
import { widerrufbar } from './revocation';
import { isActive } from './status';
import { kuendbar } from './termination';

const date = z.iso.date();
const euro = z.number().nonnegative();
const referenzSchema = z.strictObject({ id: z.string(), name: z.string() });
const pending = <T extends z.ZodType>(value: T) =>
  z.strictObject({ value, wirksamkeitsdatum: date }).optional();

/** Spec §3 'Contract (customer view)'. */
export const contractCustomerViewSchema = z.strictObject({
  versicherungsNummer: z.string(),
  vertragsArt: z.enum(CONTRACT_TYPE_CODES),
  vertragsstatus: z.enum(VERTRAGSSTATUS),
  versicherungsTyp: z.enum(PRODUCT_TYPE_NAMES),
  versicherungsName: z.string(),
  produktIdentifier: z.enum(SUMMARY_PRODUKTE),
  deckungsIdentifier: z.string().optional(),
  marke: z.enum(MARKEN),
  kuendbar: z.enum(KUENDBAR),
  widerrufbar: z.boolean(),
  dokumente: z.array(z.strictObject({ name: z.string(), typ: z.enum(DOKUMENT_TYPEN), url: z.string() })),
  versicherungsSumme: euro.optional(),
  versicherungsPraemie: euro,
  /** Left out for a single premium (EINMALIG): it is paid once, there is no yearly premium. */
  jahresVersicherungsPraemie: euro.optional(),
  zahlweise: z.enum(ZAHLWEISEN),
  vermittler: z
    .strictObject({
      email: z.string(),
      name: z.string(),
      vertriebsweg: z.string(),
      vermittlerNummer: z.string(),
    })
    .optional(),
  bankverbindung: z
    .strictObject({ iban: z.string(), swiftBic: z.string().optional(), kontoinhaber: z.string() })
    .optional(),
  diensthaftpflicht: z
    .strictObject({
      beruf: z.string(),
      eingeschlossen: z.boolean(),
      einschlussZum: date.optional(),
      ausschlussZum: date.optional(),
    })
    .optional(),
  jahresumsatz: z.strictObject({ value: euro, isAdjustable: z.boolean() }).optional(),
  /** Beyond the spec: the day by which the customer is asked to report the annual revenue, while asked (ADR 0004). */
  jahresumsatzMeldenBis: date.optional(),
  ablaufdatum: date.optional(),
  beendigungsdatum: date.optional(),
  antragsdatum: date,
  vertragsBeginn: date,
  beginnverlegung: date.optional(),
  hauptfaelligkeit: date.optional(),
  wirksamkeitsdatum: date,
  mahnung: z.boolean(),
  /** Beyond the spec: the overdue premiums behind `mahnung`, oldest first; only while there are any. */
  ueberfaelligeBeitraege: z
    .array(
      z.strictObject({
        art: z.enum(['ERSTBEITRAG', 'FOLGEBEITRAG']),
        betrag: euro,
        faelligAm: date,
        mahnstufe: z.enum(MAHNSTUFEN),
        gemahntAm: date.optional(),
        zahlungsfristBis: date.optional(),
      }),
    )
    .optional(),
  phvAnzahl: z.enum(PHV_ANZAHL).optional(),
  neueSelbstbeteiligung: z.enum(SELBSTBETEILIGUNGEN).optional(),
  deckungsVarianten: z.array(
    z.strictObject({
      deckungsVarianteIdentifier: z.string(),
      deckungsVarianteName: z.string(),
      versicherungssumme: euro.optional(),
    }),
  ),
  selbstBeteiligung: z
    .strictObject({ value: z.number(), unit: z.enum(SELBSTBETEILIGUNG_EINHEITEN) })
    .optional(),
  elementar: z.boolean().optional(),
  buerohaftpflicht: z.boolean().optional(),
  vorgemerktePhvAnzahl: pending(z.enum(PHV_ANZAHL)),
  vorgemerkteBuerohaftpflicht: pending(z.boolean()),
  vorgemerkteSelbstBeteiligung: pending(z.enum(SELBSTBETEILIGUNGEN)),
  vorgemerkteZahlweise: pending(z.enum(ZAHLWEISEN)),
  vorgemerkteElementar: pending(z.boolean()),
  fahrrad: z
    .strictObject({
      hersteller: z.string(),
      rahmennummer: z.string().optional(),
      typ: z.enum(FAHRRAD_TYPEN),
      versicherteRisiken: z.strictObject({
        diebstahl: z.boolean(),
        reparatur: z.boolean(),
        reparaturOhneVerschleiss: z.boolean(),
        schutzbrief: z.boolean(),
      }),
    })
    .optional(),
  risikoOrt: z
    .strictObject({ plz: z.string(), ort: z.string(), hausnummer: z.string(), strasse: z.string() })
    .optional(),
  /** THV: the Land whose listed-dog rules priced the contract, with its German name (absent before 2026-11). */
  bundesland: referenzSchema.optional(),
  hunde: z
    .array(
      z.strictObject({
        name: z.string(),
        rasse: referenzSchema,
        mischling: z.boolean(),
        mischlingsRasse: referenzSchema.optional(),
        chipOrTattoo: z.string().optional(),
      }),
    )
    .optional(),
  versicherteGewerbe: z
    .strictObject({ hauptgewerbe: referenzSchema, nebengewerbe: z.array(referenzSchema) })
    .optional(),
  phv: z
    .strictObject({
      familienstand: z.strictObject({
        current: z.string(),
        options: z.array(z.strictObject({ key: z.string(), label: z.string() })),
      }),
      hfkVariante: z.string().optional(),
    })
    .optional(),
  /** PHV: the co-insured partner and children by name (spec §3 co-insured kinds). */
  mitversichertePersonen: z
    .array(
      z.strictObject({
        art: z.enum(MITVERSICHERTE_ARTEN),
        vorname: z.string(),
        name: z.string(),
        geburtsdatum: z.string(),
      }),
    )
    .optional(),
  hausrat: z
    .strictObject({
      plz: z.string(),
      wohnflaeche: z.number(),
      hausratDeckungen: z.array(z.enum(HAUSRAT_DECKUNGEN)),
      elementarEinschliessbar: z.boolean(),
      hfkVariante: z.string().optional(),
    })
    .optional(),
  reise: z
    .strictObject({
      personenkreis: z.enum(PERSONENKREISE),
      beginn: date,
      ende: date,
      /** Travel days, first and last included. */
      dauer: z.number().int().positive(),
    })
    .optional(),
  vh: z
    .strictObject({
      versicherteGefahren: z.strictObject({ buerohaftpflicht: z.boolean(), phv: z.boolean() }),
    })
    .optional(),
  /** Beyond the spec (which shows no motor contract): the vehicle and its rating facts. */
  kfz: z
    .strictObject({
      fahrzeug: z.strictObject({
        hsn: z.string(),
        tsn: z.string(),
        hersteller: z.string(),
        modell: z.string(),
        erstzulassung: date,
        kennzeichen: z.string().optional(),
        evbNummer: z.string().optional(),
      }),
      nutzung: z.enum(KFZ_NUTZUNGEN),
      jaehrlicheFahrleistungKm: z.number().int(),
      fahrerkreis: z.enum(FAHRERKREISE),
      sfKlasseHaftpflicht: z.enum(SF_KLASSEN),
      sfKlasseVollkasko: z.enum(SF_KLASSEN).optional(),
      garage: z.boolean(),
      selbstbeteiligungTeilkasko: z.enum(KFZ_SELBSTBETEILIGUNGEN_TEILKASKO).optional(),
      selbstbeteiligungVollkasko: z.enum(KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO).optional(),
    })
    .optional(),
});
export type ContractCustomerView = z.infer<typeof contractCustomerViewSchema>;

/** What the view needs beyond the record: catalogue data, documents and the agent, looked up by the service. */
export interface CustomerViewContext {
  today: CalendarDate;
  /** German product name from the product catalogue. */
  versicherungsName: string;
  /** Coverage variants from the product catalogue; `versicherungssumme` in cents as the catalogues keep it. */
  deckungsVarianten: readonly {
    deckungsVarianteIdentifier: string;
    deckungsVarianteName: string;
    versicherungssumme?: number;
  }[];
  dokumente: readonly { name: string; typ: DokumentTyp; url: string }[];
  vermittler?: { email: string; name: string; vertriebsweg: string; vermittlerNummer: string };
}

function deductibleView(stand: SelbstbeteiligungStand): ContractCustomerView['selbstBeteiligung'] {
  return stand.einheit === 'ABSOLUT'
    ? { value: SELBSTBETEILIGUNG_EURO[stand.option], unit: 'ABSOLUT' }
    : { value: stand.prozent, unit: 'PERCENT' };
}

/**
 * End of the running term: the fixed end, the agreed end, or the end of the current renewal year;
 * a declared end (cancellation, rescission) before it ends the term there.
 */
function currentTermEnd(record: ContractRecord, today: CalendarDate): CalendarDate | undefined {
  const { ablaufdatum } = record;
  if (ablaufdatum === undefined) return undefined;
  const termEnd =
    isFixedTerm(record) || compareDates(today, ablaufdatum) < 0
      ? ablaufdatum
      : nextMainDueDate(record.hauptfaelligkeit, today);
  const declared = record.beendigung?.zum;
  return declared !== undefined && compareDates(declared, termEnd) < 0 ? declared : termEnd;
}

/**
 * The next main due date while the contract runs on it: none once it no longer runs, none for a
 * single premium (nothing falls due again), none on or after the contract's end.
 */
function nextDueDate(record: ContractRecord, today: CalendarDate): CalendarDate | undefined {
  if (!isActive(record.status) || record.zahlweise === 'EINMALIG') return undefined;
  return nextMainDueDateBefore(record.hauptfaelligkeit, today, contractEnd(record));
}

function pendingView<C extends { value: unknown; wirksamkeitsdatum: CalendarDate }>(
  change: C | undefined,
): { value: C['value']; wirksamkeitsdatum: CalendarDate } | undefined {
  return change ? { value: change.value, wirksamkeitsdatum: change.wirksamkeitsdatum } : undefined;
}

type Lookup = (id: string) => { id: string; name: string } | undefined;

// An id the catalogue no longer knows is still shown, by its id, rather than hiding the contract.
function referenz(lookup: Lookup, id: string): { id: string; name: string } {
  return { id, name: lookup(id)?.name ?? id };
}

function gewerbeView(lookup: Lookup, g: { hauptgewerbe: string; nebengewerbe: readonly string[] }) {
  return {
    versicherteGewerbe: {
      hauptgewerbe: referenz(lookup, g.hauptgewerbe),
      nebengewerbe: g.nebengewerbe.map((id) => referenz(lookup, id)),
    },
  };
}

type ProductBlocks = Partial<
  Pick<
    ContractCustomerView,
    | 'diensthaftpflicht'
    | 'jahresumsatz'
    | 'phvAnzahl'
    | 'elementar'
    | 'buerohaftpflicht'
    | 'fahrrad'
    | 'risikoOrt'
    | 'hunde'
    | 'bundesland'
    | 'versicherteGewerbe'
    | 'phv'
    | 'hausrat'
    | 'reise'
    | 'vh'
    | 'kfz'
  >
>;

// Revenue can be adjusted when the contract allows it and a change could take effect now. A
// module-level function, not a closure per call: tsx names every such closure (keepNames), which
// cost a customer view about as much as the revenue block itself.
function revenueBlock(
  record: ContractRecord,
  today: CalendarDate,
  jahresumsatz: { value: number; isAdjustable: boolean },
): Pick<ProductBlocks, 'jahresumsatz'> {
  return {
    jahresumsatz: {
      value: centsToEuro(jahresumsatz.value),
      isAdjustable: jahresumsatz.isAdjustable && effectiveDate(record, 'jahresumsatz', today).ok,
    },
  };
}

function productBlocks(record: ContractRecord, today: CalendarDate): ProductBlocks {
  const details: ProduktDetails = record.details;
  switch (details.produktKey) {
    case 'BHV':
      return {
        ...gewerbeView(bhvBusinessTypeById, details.versicherteGewerbe),
        ...(details.risikoOrt ? { risikoOrt: { ...details.risikoOrt } } : {}),
        ...revenueBlock(record, today, details.jahresumsatz),
      };
    case 'VH':
      return {
        ...gewerbeView(vhProfessionById, details.versicherteGewerbe),
        ...revenueBlock(record, today, details.jahresumsatz),
        phvAnzahl: details.phvAnzahl,
        buerohaftpflicht: details.vh.versicherteGefahren.buerohaftpflicht,
        vh: { versicherteGefahren: { ...details.vh.versicherteGefahren } },
      };
    case 'SI_ALLGEFAHREN':
    case 'SI_MEHRGEFAHREN':
      return {
        ...gewerbeView(siBusinessTypeById, details.versicherteGewerbe),
        risikoOrt: { ...details.risikoOrt },
      };
    case 'HAUSRAT': {
      const { zuersKlasse: _zuers, ...hausrat } = details.hausrat;
      return {
        ...(details.risikoOrt ? { risikoOrt: { ...details.risikoOrt } } : {}),
        elementar: hausrat.hausratDeckungen.includes(HAUSRAT_ELEMENTARDECKUNG),
        hausrat: { ...hausrat, hausratDeckungen: [...hausrat.hausratDeckungen] },
      };
    }
    case 'PRIVATHAFTPFLICHT':
      return {
        phv: {
          familienstand: {
            current: details.phv.familienstand,
            options: PHV_FAMILIENSTAND_OPTIONS.map((o) => ({ ...o })),
          },
          ...(details.phv.hfkVariante ? { hfkVariante: details.phv.hfkVariante } : {}),
        },
        ...(details.diensthaftpflicht ? { diensthaftpflicht: { ...details.diensthaftpflicht } } : {}),
        ...(details.mitversichertePersonen?.length
          ? { mitversichertePersonen: details.mitversichertePersonen.map((person) => ({ ...person })) }
          : {}),
      };
    case 'TIERHALTERHAFTPFLICHT':
      return {
        ...(details.bundesland
          ? { bundesland: { id: details.bundesland, name: BUNDESLAND_NAMEN[details.bundesland] } }
          : {}),
        hunde: details.hunde.map((hund) => ({
          name: hund.name,
          rasse: referenz(dogBreedById, hund.rasse),
          mischling: hund.mischling,
          ...(hund.mischlingsRasse ? { mischlingsRasse: referenz(dogBreedById, hund.mischlingsRasse) } : {}),
          ...(hund.chipOrTattoo ? { chipOrTattoo: hund.chipOrTattoo } : {}),
        })),
      };
    case 'FAHRRAD':
      return {
        fahrrad: {
          hersteller: details.fahrrad.hersteller,
          ...(details.fahrrad.rahmennummer ? { rahmennummer: details.fahrrad.rahmennummer } : {}),
          typ: details.fahrrad.typ,
          versicherteRisiken: { ...details.fahrrad.versicherteRisiken },
        },
      };
    case 'REISE':
      return {
        reise: {
          personenkreis: details.reise.personenkreis,
          beginn: details.reise.beginn,
          ende: details.reise.ende,
          dauer: details.reise.dauer,
        },
      };
    case 'KFZ':
      return {
        kfz: {
          fahrzeug: { ...details.fahrzeug },
          nutzung: details.nutzung,
          jaehrlicheFahrleistungKm: details.jaehrlicheFahrleistungKm,
          fahrerkreis: details.fahrerkreis,
          sfKlasseHaftpflicht: details.sfKlasseHaftpflicht,
          ...(details.sfKlasseVollkasko === undefined
            ? {}
            : { sfKlasseVollkasko: details.sfKlasseVollkasko }),
          garage: details.garage === 'JA',
          ...(details.selbstbeteiligungTeilkasko === undefined
            ? {}
            : { selbstbeteiligungTeilkasko: details.selbstbeteiligungTeilkasko }),
          ...(details.selbstbeteiligungVollkasko === undefined
            ? {}
            : { selbstbeteiligungVollkasko: details.selbstbeteiligungVollkasko }),
        },
      };
  }
}

function definedEntries<T extends object>(value: T): Partial<T> {
  // A loop, not Object.entries/fromEntries: this runs for every contract of every list.
  const defined: Partial<T> = {};
  for (const key in value) {
    if (value[key] !== undefined) defined[key] = value[key];
  }
  return defined;
}

function overduePremiumsView(
  record: ContractRecord,
  today: CalendarDate,
): ContractCustomerView['ueberfaelligeBeitraege'] {
  const items = overdueItems(record, today);
  if (items.length === 0) return undefined;
  return items
    .toSorted((a, b) => compareDates(a.faelligAm, b.faelligAm))
    .map((item) => ({
      art: item.art,
      betrag: centsToEuro(item.betragCents),
      faelligAm: item.faelligAm,
      mahnstufe: mahnstufe(item, today),
      ...(item.gemahnt
        ? { gemahntAm: item.gemahnt.am, zahlungsfristBis: item.gemahnt.zahlungsfristBis }
        : {}),
    }));
}

/** Maps a contract to the customer view; fields that do not apply are left out. */
export function toCustomerView(record: ContractRecord, context: CustomerViewContext): ContractCustomerView {
  const { today } = context;
  const meta = CONTRACT_PRODUCT_META[record.produkt];
  const periods = PERIODS_PER_YEAR[record.zahlweise];
  const sb = record.selbstbeteiligung;
  const optional = definedEntries({
    deckungsIdentifier: record.deckungsVariante,
    versicherungsSumme:
      record.versicherungssummeCents === undefined ? undefined : centsToEuro(record.versicherungssummeCents),
    vermittler: context.vermittler ? { ...context.vermittler } : undefined,
    bankverbindung: record.bankverbindung
      ? {
          iban: maskIban(record.bankverbindung.iban),
          kontoinhaber: record.bankverbindung.kontoinhaber,
          ...(record.bankverbindung.bic ? { swiftBic: record.bankverbindung.bic } : {}),
        }
      : undefined,
    ablaufdatum: currentTermEnd(record, today),
    beendigungsdatum: record.beendigung?.zum,
    beginnverlegung: record.beginnverlegung,
    ueberfaelligeBeitraege: overduePremiumsView(record, today),
    jahresumsatzMeldenBis: revenueReportDueBy(record, today),
    hauptfaelligkeit: nextDueDate(record, today),
    neueSelbstbeteiligung: sb?.einheit === 'ABSOLUT' ? sb.option : undefined,
    selbstBeteiligung: sb ? deductibleView(sb) : undefined,
    vorgemerktePhvAnzahl: pendingView(pendingChangeOf(record, 'phvAnzahl')),
    vorgemerkteBuerohaftpflicht: pendingView(pendingChangeOf(record, 'buerohaftpflicht')),
    vorgemerkteSelbstBeteiligung: pendingView(pendingChangeOf(record, 'selbstbeteiligung')),
    vorgemerkteZahlweise: pendingView(pendingChangeOf(record, 'zahlweise')),
    vorgemerkteElementar: pendingView(pendingChangeOf(record, 'elementar')),
  });
  return {
    versicherungsNummer: record.versicherungsNummer,
    vertragsArt: meta.vertragsArtCode,
    vertragsstatus: record.status,
    versicherungsTyp: meta.versicherungsTyp,
    versicherungsName: context.versicherungsName,
    produktIdentifier: record.produkt,
    marke: record.marke,
    kuendbar: kuendbar(record, today),
    widerrufbar: widerrufbar(record, today),
    dokumente: context.dokumente.map((d) => ({ name: d.name, typ: d.typ, url: d.url })),
    versicherungsPraemie: centsToEuro(record.beitrag.bruttoBeitragProPeriodeCents),
    ...(record.zahlweise === 'EINMALIG'
      ? {}
      : { jahresVersicherungsPraemie: centsToEuro(record.beitrag.bruttoBeitragProPeriodeCents * periods) }),
    zahlweise: record.zahlweise,
    antragsdatum: record.antragsdatum,
    vertragsBeginn: record.vertragsBeginn,
    wirksamkeitsdatum: record.wirksamkeitsdatum,
    mahnung: mahnung(record, today),
    deckungsVarianten: context.deckungsVarianten.map((v) => ({
      deckungsVarianteIdentifier: v.deckungsVarianteIdentifier,
      deckungsVarianteName: v.deckungsVarianteName,
      ...(v.versicherungssumme === undefined
        ? {}
        : { versicherungssumme: centsToEuro(v.versicherungssumme) }),
    })),
    ...optional,
    ...productBlocks(record, today),
  };
}
