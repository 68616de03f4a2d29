// The facts of a contract as the letters print them (policy, confirmation, receipts): who holds
// it, what it covers and what it costs per payment period with the insurance tax shown apart.
// They are read from the customer view (spec §3), so a letter says what the portal shows.
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { formatDate } from '@schirm/domain/format/date';
import { formatCents, formatMoney } from '@schirm/domain/format/money';
import { formatGermanNumber } from '@schirm/domain/format/number';
import { premiumForPeriod } from '@schirm/domain/products/common/pricing';
import { HAUSRAT_COVERS } from '@schirm/domain/products/hausrat/catalogue';
import type { Partner } from '../contracts/partners-repository';
import type { StoredContract } from '../contracts/contract-mapping';
import type { PdfFact, PdfSection } from './pdf';
import { DOCUMENT_TEXTS as T } from './texts';

/** 'Dr. Sophie Lehmann' or 'Weber Digitalagentur GmbH'. */
export function holderName(partner: Partner): string {
  if (partner.personArt === 'JuristischePersonDTO') return partner.firmenname;
  return [partner.titel, partner.vorname, partner.nachname].filter(Boolean).join(' ');
}

/** Address block of a letter to the partner. */
export function recipientLines(partner: Partner): string[] {
  const lines = [holderName(partner)];
  if (partner.personArt === 'NatuerlichePersonDTO' && partner.anrede) lines.unshift(partner.anrede);
  if (partner.adresse) {
    lines.push(`${partner.adresse.strasse} ${partner.adresse.hausnummer}`);
    lines.push(`${partner.adresse.plz} ${partner.adresse.ort}`);
  }
  return lines;
}

const fact = (label: string, value: string | undefined): PdfFact[] =>
  value === undefined || value === '' ? [] : [{ label, value }];

const day = (value: string | undefined) => (value ? formatDate(value) : undefined);

/** Product, number, holder and the dates of the contract. */
export function contractSection(view: ContractCustomerView, partner: Partner): PdfSection {
  return {
    headline: T.sections.contract,
    facts: [
      ...fact(T.labels.product, view.versicherungsName),
      ...fact(T.labels.number, view.versicherungsNummer),
      ...fact(T.labels.holder, holderName(partner)),
      ...fact(T.labels.start, day(view.vertragsBeginn)),
      ...fact(T.labels.expiry, day(view.ablaufdatum)),
      ...fact(T.labels.mainDueDate, day(view.hauptfaelligkeit)),
    ],
  };
}

/** The premium of one payment period: net, 19 % insurance tax, gross; and the year's total. */
export function premiumSection(contract: StoredContract, view: ContractCustomerView): PdfSection {
  const gross = contract.beitrag.bruttoBeitragProPeriodeCents;
  const { netCents } = premiumForPeriod(contract.beitrag.nettoJahresbeitragCents, contract.zahlweise);
  // The stored gross is what is billed; the tax is what it holds beyond the net (REISE taxes
  // only the travel share, so the tax is not always 19 % of the whole net).
  const tax = Math.max(0, gross - netCents);
  const period = T.zahlweise[contract.zahlweise];
  return {
    headline: T.sections.premium,
    facts: [
      { label: T.labels.zahlweise, value: period },
      { label: T.labels.net(period), value: formatCents(gross - tax) },
      { label: T.labels.tax, value: formatCents(tax) },
      { label: T.labels.gross(period), value: formatCents(gross) },
      // A single premium (EINMALIG) has no yearly premium; the view leaves it out.
      ...(view.jahresVersicherungsPraemie === undefined
        ? []
        : [{ label: T.labels.annual, value: formatMoney(view.jahresVersicherungsPraemie) }]),
    ],
  };
}

function risksOf(view: ContractCustomerView): string | undefined {
  const risks = view.fahrrad?.versicherteRisiken;
  if (!risks) return undefined;
  return (Object.keys(T.fahrradRisiken) as (keyof typeof T.fahrradRisiken)[])
    .filter((key) => risks[key])
    .map((key) => T.fahrradRisiken[key])
    .join(', ');
}

function hausratCovers(view: ContractCustomerView): string | undefined {
  if (!view.hausrat) return undefined;
  return HAUSRAT_COVERS.filter((cover) => view.hausrat?.hausratDeckungen.includes(cover.key))
    .map((cover) => cover.label)
    .join(', ');
}

function deductible(view: ContractCustomerView): string | undefined {
  const sb = view.selbstBeteiligung;
  if (!sb) return undefined;
  return sb.unit === 'ABSOLUT' ? formatMoney(sb.value) : `${formatGermanNumber(sb.value)} %`;
}

const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : value ? T.yes : T.no);

/** What the contract covers: variant, sums, deductible and the product's own covers. */
export function coverSection(view: ContractCustomerView): PdfSection {
  return {
    headline: T.sections.cover,
    facts: [
      ...view.deckungsVarianten.flatMap((variant) =>
        fact(
          T.labels.variant,
          variant.versicherungssumme === undefined
            ? variant.deckungsVarianteName
            : `${variant.deckungsVarianteName} (${formatMoney(variant.versicherungssumme)})`,
        ),
      ),
      ...fact(
        T.labels.sum,
        view.versicherungsSumme === undefined ? undefined : formatMoney(view.versicherungsSumme),
      ),
      ...fact(T.labels.deductible, deductible(view)),
      ...fact(T.labels.hausratCovers, hausratCovers(view)),
      ...fact(
        T.labels.livingSpace,
        view.hausrat ? `${formatGermanNumber(view.hausrat.wohnflaeche)} m²` : undefined,
      ),
      ...fact(T.labels.elementar, yesNo(view.elementar)),
      ...fact(T.labels.buerohaftpflicht, yesNo(view.buerohaftpflicht)),
      ...fact(T.labels.phvAnzahl, view.phvAnzahl ? T.phvAnzahl[view.phvAnzahl] : undefined),
      ...fact(T.labels.mainBusiness, view.versicherteGewerbe?.hauptgewerbe.name),
      ...fact(T.labels.otherBusinesses, view.versicherteGewerbe?.nebengewerbe.map((g) => g.name).join(', ')),
      ...fact(
        T.labels.familienstand,
        view.phv?.familienstand.options.find((o) => o.key === view.phv?.familienstand.current)?.label,
      ),
      ...(view.mitversichertePersonen ?? []).flatMap((person) =>
        fact(
          T.labels.coInsured[person.art],
          `${person.vorname} ${person.name}, geboren am ${formatDate(person.geburtsdatum)}`,
        ),
      ),
      ...fact(T.labels.bike, view.fahrrad ? `${view.fahrrad.hersteller}` : undefined),
      ...fact(T.labels.frameNumber, view.fahrrad?.rahmennummer),
      ...fact(T.labels.bikeRisks, risksOf(view)),
      ...fact(
        T.labels.riskAddress,
        view.risikoOrt
          ? `${view.risikoOrt.strasse} ${view.risikoOrt.hausnummer}, ${view.risikoOrt.plz} ${view.risikoOrt.ort}`
          : undefined,
      ),
      ...(view.hunde ?? []).flatMap((hund) => fact(T.labels.dog(hund.name), hund.rasse.name)),
      ...kfzFacts(view.kfz),
      ...fact(T.labels.travellers, view.reise ? T.personenkreis[view.reise.personenkreis] : undefined),
      ...fact(
        T.labels.travel,
        view.reise ? `${formatDate(view.reise.beginn)} bis ${formatDate(view.reise.ende)}` : undefined,
      ),
    ],
  };
}

const KFZ_SB: Readonly<Record<string, string>> = {
  SB_KEINE: 'keine',
  SB_150: '150 EUR',
  SB_300: '300 EUR',
  SB_500: '500 EUR',
  SB_1000: '1.000 EUR',
};

/** The vehicle, its eVB number, the no-claims classes and the motor deductibles. */
function kfzFacts(kfz: ContractCustomerView['kfz']) {
  if (!kfz) return [];
  const { fahrzeug } = kfz;
  const sf = [
    `Haftpflicht ${kfz.sfKlasseHaftpflicht}`,
    ...(kfz.sfKlasseVollkasko ? [`Vollkasko ${kfz.sfKlasseVollkasko}`] : []),
  ].join(', ');
  const sb = [
    ...(kfz.selbstbeteiligungTeilkasko ? [`Teilkasko ${KFZ_SB[kfz.selbstbeteiligungTeilkasko]}`] : []),
    ...(kfz.selbstbeteiligungVollkasko
      ? [`Vollkasko ${KFZ_SB[kfz.selbstbeteiligungVollkasko]}, bei Teilkasko-Schäden 150 EUR`]
      : []),
  ].join('; ');
  return [
    ...fact(T.labels.vehicle, `${fahrzeug.hersteller} ${fahrzeug.modell}`),
    ...fact(T.labels.vehicleKeys, `${fahrzeug.hsn}/${fahrzeug.tsn}`),
    ...fact(T.labels.firstRegistration, formatDate(fahrzeug.erstzulassung)),
    ...fact(T.labels.plate, fahrzeug.kennzeichen),
    ...fact(T.labels.evb, fahrzeug.evbNummer),
    ...fact(T.labels.sfKlassen, sf),
    ...fact(T.labels.kfzDeductibles, sb === '' ? undefined : sb),
  ];
}
