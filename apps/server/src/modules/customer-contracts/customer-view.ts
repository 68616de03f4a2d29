// The customer view (spec §3 'Contract (customer view)') of a stored contract. The stored product
// details are the tariffs' documents (contracts/product-details.ts): the spec's product blocks with
// ids where the view shows references, and without some fields the domain record's details carry
// (e.g. the BHV risk address). So the product blocks are built here from the stored document; the
// rest follows the domain's toCustomerView field by field with the same domain rules.
import type { ContractRecord } from '@schirm/domain/contract/contract-record';
import { isFixedTerm } from '@schirm/domain/contract/contract-record';
import { centsToEuro, SELBSTBETEILIGUNG_EURO } from '@schirm/domain/contract/amounts';
import type { ContractCustomerView, CustomerViewContext } from '@schirm/domain/contract/customer-view';
import { nextMainDueDate } from '@schirm/domain/contract/main-due-date';
import { mahnung } from '@schirm/domain/contract/overdue';
import { pendingChangeOf } from '@schirm/domain/contract/pending-changes';
import { CONTRACT_PRODUCT_META } from '@schirm/domain/contract/product-meta';
import { widerrufbar } from '@schirm/domain/contract/revocation';
import { isActive } from '@schirm/domain/contract/status';
import { kuendbar } from '@schirm/domain/contract/termination';
import { compareDates, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { bhvBusinessTypeById } from '@schirm/domain/products/bhv/business-types';
import { PERIODS_PER_YEAR } from '@schirm/domain/products/common/pricing';
import { PHV_FAMILIENSTAND_OPTIONS } from '@schirm/domain/products/phv/catalogue';
import { siBusinessTypeById } from '@schirm/domain/products/si/business-types';
import { dogBreedById } from '@schirm/domain/products/thv/dog-breeds';
import { vhProfessionById } from '@schirm/domain/products/vh/professions';
import { maskIban } from '@schirm/domain/validation/iban';
import type { StoredContract } from '../contracts/contract-mapping';

type Lookup = (id: string) => { id: string; name: string } | undefined;

// An id the catalogue no longer knows is still shown, by its id, rather than hiding the contract.
function referenz(lookup: Lookup, id: string) {
  const found = lookup(id);
  return { id, name: found?.name ?? id };
}

function gewerbe(lookup: Lookup, g: { hauptgewerbe: string; nebengewerbe: string[] }) {
  return {
    hauptgewerbe: referenz(lookup, g.hauptgewerbe),
    nebengewerbe: g.nebengewerbe.map((id) => referenz(lookup, id)),
  };
}

function productBlocks(contract: StoredContract): Partial<ContractCustomerView> {
  const d = contract.details;
  switch (d.produktKey) {
    case 'BHV':
      return {
        versicherteGewerbe: gewerbe(bhvBusinessTypeById, d.versicherteGewerbe),
        jahresumsatz: { value: centsToEuro(d.jahresumsatz.value), isAdjustable: d.jahresumsatz.isAdjustable },
      };
    case 'VH':
      return {
        versicherteGewerbe: gewerbe(vhProfessionById, d.versicherteGewerbe),
        jahresumsatz: { value: centsToEuro(d.jahresumsatz.value), isAdjustable: d.jahresumsatz.isAdjustable },
        phvAnzahl: d.phvAnzahl,
        buerohaftpflicht: d.vh.versicherteGefahren.buerohaftpflicht,
        vh: { versicherteGefahren: { ...d.vh.versicherteGefahren } },
      };
    case 'SI_ALLGEFAHREN':
    case 'SI_MEHRGEFAHREN':
      return {
        versicherteGewerbe: gewerbe(siBusinessTypeById, d.versicherteGewerbe),
        risikoOrt: { ...d.risikoOrt },
      };
    case 'HAUSRAT': {
      const { zuersKlasse: _zuers, ...hausrat } = d.hausrat;
      return {
        elementar: d.hausrat.hausratDeckungen.some((deckung) => deckung.endsWith('_ELEMENTAR_HAUSRAT')),
        hausrat: { ...hausrat, hausratDeckungen: [...hausrat.hausratDeckungen] },
      };
    }
    case 'PRIVATHAFTPFLICHT':
      return {
        phv: {
          familienstand: {
            current: d.phv.familienstand,
            options: PHV_FAMILIENSTAND_OPTIONS.map((o) => ({ ...o })),
          },
          ...(d.phv.hfkVariante ? { hfkVariante: d.phv.hfkVariante } : {}),
        },
        ...(d.diensthaftpflicht ? { diensthaftpflicht: { ...d.diensthaftpflicht } } : {}),
      };
    case 'TIERHALTERHAFTPFLICHT':
      return {
        hunde: d.hunde.map((hund) => ({
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
          hersteller: d.fahrrad.hersteller,
          ...(d.fahrrad.rahmennummer ? { rahmennummer: d.fahrrad.rahmennummer } : {}),
          typ: d.fahrrad.typ,
          versicherteRisiken: { ...d.fahrrad.versicherteRisiken },
        },
      };
    case 'REISE':
      return {
        reise: {
          personenkreis: d.reise.personenkreis,
          beginn: d.reise.beginn,
          ende: d.reise.ende,
          dauer: d.reise.dauer,
        },
      };
  }
}

function currentTermEnd(contract: StoredContract, today: CalendarDate): CalendarDate | undefined {
  const { ablaufdatum } = contract;
  if (ablaufdatum === undefined) return undefined;
  if (isFixedTerm(contract) || compareDates(today, ablaufdatum) < 0) return ablaufdatum;
  return nextMainDueDate(contract.hauptfaelligkeit, today);
}

function pending<V>(
  change: { value: V; wirksamkeitsdatum: CalendarDate } | undefined,
): { value: V; wirksamkeitsdatum: CalendarDate } | undefined {
  return change ? { value: change.value, wirksamkeitsdatum: change.wirksamkeitsdatum } : undefined;
}

/** The customer view of a stored contract; fields that do not apply are left out. */
export function customerViewOf(contract: StoredContract, context: CustomerViewContext): ContractCustomerView {
  const { today } = context;
  // kuendbar and widerrufbar read dates, status and the end, never `details` (the one field in
  // which the stored contract differs from the domain record).
  const record = contract as unknown as ContractRecord;
  const meta = CONTRACT_PRODUCT_META[contract.produkt];
  const sb = contract.selbstbeteiligung;
  const optional: Partial<ContractCustomerView> = {
    deckungsIdentifier: contract.deckungsVariante,
    versicherungsSumme:
      contract.versicherungssummeCents === undefined
        ? undefined
        : centsToEuro(contract.versicherungssummeCents),
    vermittler: context.vermittler ? { ...context.vermittler } : undefined,
    bankverbindung: contract.bankverbindung
      ? {
          iban: maskIban(contract.bankverbindung.iban),
          kontoinhaber: contract.bankverbindung.kontoinhaber,
          ...(contract.bankverbindung.bic ? { swiftBic: contract.bankverbindung.bic } : {}),
        }
      : undefined,
    ablaufdatum: currentTermEnd(contract, today),
    beendigungsdatum: contract.beendigung?.zum,
    beginnverlegung: contract.beginnverlegung,
    hauptfaelligkeit: isActive(contract.status)
      ? nextMainDueDate(contract.hauptfaelligkeit, today)
      : undefined,
    neueSelbstbeteiligung: sb?.einheit === 'ABSOLUT' ? sb.option : undefined,
    selbstBeteiligung: sb
      ? sb.einheit === 'ABSOLUT'
        ? { value: SELBSTBETEILIGUNG_EURO[sb.option], unit: 'ABSOLUT' }
        : { value: sb.prozent, unit: 'PERCENT' }
      : undefined,
    vorgemerktePhvAnzahl: pending(pendingChangeOf(contract, 'phvAnzahl')),
    vorgemerkteBuerohaftpflicht: pending(pendingChangeOf(contract, 'buerohaftpflicht')),
    vorgemerkteSelbstBeteiligung: pending(pendingChangeOf(contract, 'selbstbeteiligung')),
    vorgemerkteZahlweise: pending(pendingChangeOf(contract, 'zahlweise')),
    vorgemerkteElementar: pending(pendingChangeOf(contract, 'elementar')),
  };
  const defined = Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined));
  return {
    versicherungsNummer: contract.versicherungsNummer,
    vertragsArt: meta.vertragsArtCode,
    vertragsstatus: contract.status,
    versicherungsTyp: meta.versicherungsTyp,
    versicherungsName: context.versicherungsName,
    produktIdentifier: contract.produkt,
    marke: contract.marke,
    kuendbar: kuendbar(record, today),
    widerrufbar: widerrufbar(record, today),
    dokumente: context.dokumente.map((d) => ({ name: d.name, typ: d.typ, url: d.url })),
    versicherungsPraemie: centsToEuro(contract.beitrag.bruttoBeitragProPeriodeCents),
    jahresVersicherungsPraemie: centsToEuro(
      contract.beitrag.bruttoBeitragProPeriodeCents * PERIODS_PER_YEAR[contract.zahlweise],
    ),
    zahlweise: contract.zahlweise,
    antragsdatum: contract.antragsdatum,
    vertragsBeginn: contract.vertragsBeginn,
    wirksamkeitsdatum: contract.wirksamkeitsdatum,
    mahnung: mahnung(contract, today),
    deckungsVarianten: context.deckungsVarianten.map((v) => ({
      deckungsVarianteIdentifier: v.deckungsVarianteIdentifier,
      deckungsVarianteName: v.deckungsVarianteName,
      ...(v.versicherungssumme === undefined
        ? {}
        : { versicherungssumme: centsToEuro(v.versicherungssumme) }),
    })),
    ...defined,
    ...productBlocks(contract),
  };
}
