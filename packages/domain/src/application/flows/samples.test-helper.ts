// One complete, valid direct-channel application per product sold online, for a fixed day: the
// answers of the flows' own tests, with an IBAN the server accepts (the textbook test IBANs are
// refused as examples) and addresses whose postcodes the server's reference data knows. Tests
// across products (the server's all-products test) take them from here, so every product is
// bought with answers its flow test already proves valid.
import { addDays } from '../../dates/calendar-date';
import type { FlowAnswers } from '../flow';
import type { ApplicationSlug } from '../product-application';

/**
 * The day the samples are valid on: start dates and the trip lie after it. They are written for
 * the new product generations (flag 'new product generations' on, as in the server's test app):
 * the Komfort bicycle package and VH_1000 exist only there.
 */
export const SAMPLE_DAY = '2026-06-15';

const IBAN = 'DE44500105175407324931';

const tail = {
  beratungsverzicht: { beratungsverzicht: true },
  dokumente: {},
  erklaerung: { antragVerbindlich: true },
};

const erika = {
  vorname: 'Erika',
  nachname: 'Mustermann',
  geburtsdatum: '1985-04-12',
  email: 'erika@beispiel.de',
};
const berlin = { strasse: 'Hauptstraße', hausnummer: '12a', plz: '10115', ort: 'Berlin' };
const erikasKonto = { kontoinhaber: 'Erika Mustermann', iban: IBAN, sepaMandat: true };

const siAnswers: FlowAnswers = {
  betrieb: {
    hauptgewerbe: 'si-buero',
    hauptgewerbeSuche: 'Büro',
    nebengewerbe: [{ gewerbe: 'si-cafe-restaurant' }],
    versicherungssummeCents: 5_000_000,
    selbstbeteiligung: 'SB_500',
  },
  risikofragen: { 'si-vorschaeden': 'NEIN', 'si-leerstand': 'NEIN', 'si-bauweise': 'NEIN' },
  'risikofragen-si-cafe-restaurant': { 'si-cafe-restaurant-fritteuse': 'NEIN' },
  vorversicherung: {
    vorversicherung: 'JA',
    vorversicherer: 'Beispiel Versicherung AG',
    gekuendigt: 'JA',
    kuendigungsstatus: 'SCHIRM_KUENDIGUNGSSTATUS_HABE',
  },
  betriebsstaette: { strasse: 'Brandenburger Straße', hausnummer: '7', plz: '14467', ort: 'Potsdam' },
  tarif: { variante: 'SI_OPTIMAL' },
  beginn: { versicherungsbeginn: addDays(SAMPLE_DAY, 1), zahlweise: 'VIERTELJAEHRLICH' },
  antragsteller: {
    personArt: 'NatuerlichePersonDTO',
    ...erika,
    geburtsdatum: '1980-02-29',
  },
  adresse: berlin,
  sepa: erikasKonto,
  ...tail,
};

/** A complete direct application per product, valid on SAMPLE_DAY. */
export const SAMPLE_APPLICATIONS: Record<ApplicationSlug, FlowAnswers> = {
  // An e-bike bought three months ago, Komfort package.
  fahrrad: {
    fahrrad: {
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      hersteller: 'Riese & Müller',
      herstellerSuche: 'Riese',
      kaufpreisCents: 450_000,
      kaufdatum: '2026-03-01',
      zustand: 'NEU',
      rahmennummer: '',
    },
    tarif: { deckungsVariante: 'FAHRRAD_KOMFORT' },
    beginn: { versicherungsbeginn: addDays(SAMPLE_DAY, 1), zahlweise: 'MONATLICH' },
    person: { ...erika, telefon: '' },
    adresse: berlin,
    sepa: { ...erikasKonto, bankName: 'ING' },
    ...tail,
  },
  // Two dogs, one a mix, 250 EUR deductible.
  tierhalterhaftpflicht: {
    hunde: {
      bundesland: 'BY',
      hunde: [
        { name: 'Bello', rasse: 'labrador-retriever', chipOrTattoo: '276098106543210' },
        { name: 'Luna', rasse: 'pudel-zwerg', mischling: true, mischlingsRasse: 'beagle', chipOrTattoo: '' },
      ],
      selbstbeteiligung: 'SB_250',
    },
    tarif: { deckungsVariante: 'THV_KOMFORT' },
    beginn: { versicherungsbeginn: addDays(SAMPLE_DAY, 1), zahlweise: 'VIERTELJAEHRLICH' },
    person: erika,
    adresse: { strasse: 'Marienplatz', hausnummer: '8', plz: '80331', ort: 'München' },
    sepa: erikasKonto,
    ...tail,
  },
  // A family, civil-service liability, one claim in five years.
  privathaftpflicht: {
    haushalt: {
      familienstand: 'FAMILIE',
      diensthaftpflicht: true,
      beruf: 'Lehrerin',
      selbstbeteiligung: 'SB_250',
    },
    partner: { vorname: 'Max', name: 'Mustermann', geburtsdatum: '1983-09-30' },
    kinder: { kinder: [{ vorname: 'Lena', name: 'Mustermann', geburtsdatum: '2015-02-01' }] },
    vorschaeden: { schaedenLetzte5Jahre: 1 },
    tarif: { deckungsVariante: 'PHV_KOMFORT' },
    beginn: { versicherungsbeginn: addDays(SAMPLE_DAY, 1), zahlweise: 'JAEHRLICH' },
    person: erika,
    adresse: berlin,
    sepa: erikasKonto,
    ...tail,
  },
  // A flat in Passau's old town with elementary and bicycle cover. The server looks up ZÜRS class 3
  // for the address (elementary cover with a surcharge); the Inn bank (Innstraße) is class 4, where
  // elementary cover is refused.
  hausrat: {
    wohnung: { strasse: 'Ludwigstraße', hausnummer: '5', plz: '94032', ort: 'Passau', wohnflaeche: 85 },
    schutz: {
      deckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_ELEMENTAR_HAUSRAT', 'SCHIRM_FAHRRAD_HAUSRAT'],
      selbstbeteiligung: 'SB_500',
    },
    tarif: { deckungsVariante: 'HAUSRAT_KOMFORT' },
    beginn: { versicherungsbeginn: addDays(SAMPLE_DAY, 14), zahlweise: 'MONATLICH' },
    person: erika,
    adresse: { strasse: 'Ludwigstraße', hausnummer: '5', plz: '94032', ort: 'Passau' },
    sepa: erikasKonto,
    ...tail,
  },
  // A café with a caretaker service on the side, run by a company.
  betriebshaftpflicht: {
    betrieb: {
      hauptgewerbe: 'bhv-cafe-restaurant',
      hauptgewerbeSuche: 'Café',
      nebengewerbe: [{ gewerbe: 'bhv-hausmeisterservice' }],
      jahresumsatzCents: 25_000_000,
      selbstbeteiligung: 'SB_500',
      ihkNummer: '',
    },
    'risikofragen-bhv-cafe-restaurant': { 'bhv-cafe-restaurant-diskothek': 'NEIN' },
    'risikofragen-bhv-hausmeisterservice': { 'bhv-hausmeisterservice-winterdienst': 'JA' },
    vorversicherung: { vorversicherung: 'NEIN' },
    tarif: { variante: 'BHV_KOMFORT' },
    beginn: { versicherungsbeginn: addDays(SAMPLE_DAY, 1), zahlweise: 'JAEHRLICH' },
    antragsteller: {
      personArt: 'JuristischePersonDTO',
      firmenname: 'Café Sonne GmbH',
      rechtsform: 'GMBH',
      gruendungsdatum: '2021-03-01',
      email: 'info@cafe-sonne.de',
    },
    adresse: { strasse: 'Marktplatz', hausnummer: '3', plz: '10115', ort: 'Berlin' },
    sepa: { kontoinhaber: 'Café Sonne GmbH', iban: IBAN, sepaMandat: true },
    ...tail,
  },
  // An office with a café on the side, premises in Potsdam; the same answers for both SI products.
  sachinhalt: siAnswers,
  'sachinhalt-mehrgefahren': siAnswers,
  // An IT consultant with office liability and private liability for one person.
  vermoegensschadenhaftpflicht: {
    beruf: {
      beruf: 'vh-it-beratung',
      berufSuche: 'IT',
      jahresumsatzCents: 18_000_000,
      selbstbeteiligung: 'SB_KEINE',
      buerohaftpflicht: true,
      phvAnzahl: 'EINS',
      ihkNummer: '',
    },
    'risikofragen-vh-it-beratung': { 'vh-it-beratung-sicherheitskritisch': 'NEIN' },
    vorversicherung: { vorversicherung: 'NEIN' },
    tarif: { variante: 'VH_1000' },
    beginn: { versicherungsbeginn: addDays(SAMPLE_DAY, 14), zahlweise: 'MONATLICH' },
    antragsteller: {
      personArt: 'NatuerlichePersonDTO',
      vorname: 'Max',
      nachname: 'Mustermann',
      geburtsdatum: '1979-11-02',
      email: 'max@beispiel.de',
      telefon: '+49 151 12345678',
    },
    adresse: { strasse: 'Hauptstraße', hausnummer: '1', plz: '10115', ort: 'Berlin' },
    sepa: { kontoinhaber: 'Max Mustermann', iban: IBAN, sepaMandat: true },
    ...tail,
  },
  // A family's three-week trip, Komfort, without the health part (a single premium, no start page).
  reise: {
    reise: { personenkreis: 'FAMILIE', beginn: '2026-07-15', ende: '2026-08-04' },
    tarif: { deckungsVariante: 'REISE_KOMFORT' },
    person: erika,
    adresse: berlin,
    sepa: erikasKonto,
    ...tail,
  },
  // A five-year-old VW Golf in Berlin (synthetic class table), Teilkasko with 150 EUR deductible.
  kfz: {
    'allgemeine-versicherungsdaten': {
      hsn: '0603',
      tsn: 'BJM',
      erstzulassung: '2021-03-15',
      nutzung: 'PRIVAT',
      jaehrlicheFahrleistungKm: 12_000,
      garage: 'NEIN',
      plz: berlin.plz,
    },
    fahrer: { fahrerkreis: 'NUR_VN', juengsterFahrerAlter: 41, sfKlasseHaftpflicht: '10' },
    tarif: { deckungsVariante: 'KFZ_TEILKASKO', selbstbeteiligungTeilkasko: 'SB_150' },
    beginn: { versicherungsbeginn: addDays(SAMPLE_DAY, 1), zahlweise: 'JAEHRLICH' },
    person: erika,
    adresse: berlin,
    sepa: erikasKonto,
    ...tail,
  },
};
