// Builds valid contracts for the contract rule tests: one realistic base contract per product,
// parsed through the real schema so every test starts from a consistent record.
import { contractRecordSchema } from './contract-record';
import type { ContractRecord } from './contract-record';
import type { ProduktDetails } from './product-details';
import type { SummaryProdukt } from '../products/enums';

export const VALID_IBAN = 'DE62370400440532013001';

const RISIKO_ORT = { plz: '50667', ort: 'Köln', strasse: 'Hohe Straße', hausnummer: '12a' };

/** Product details per product generation, as a new contract would carry them. */
export function detailsFor(produkt: SummaryProdukt): ProduktDetails {
  switch (produkt) {
    case 'BHV_1':
    case 'BHV_2':
      return {
        produktKey: 'BHV',
        versicherteGewerbe: { hauptgewerbe: 'bhv-tischlerei', nebengewerbe: ['bhv-maler'] },
        jahresumsatz: { value: 25_000_000, isAdjustable: true },
        jahresumsatzGemeldetAm: '2025-12-10',
        risikoOrt: RISIKO_ORT,
      };
    case 'VH':
    case 'VH_2':
      return {
        produktKey: 'VH',
        versicherteGewerbe: { hauptgewerbe: 'vh-steuerberatung', nebengewerbe: [] },
        jahresumsatz: { value: 18_000_000, isAdjustable: true },
        phvAnzahl: 'EINS',
        vh: { versicherteGefahren: { buerohaftpflicht: true, phv: true } },
        jahresumsatzGemeldetAm: '2025-12-10',
      };
    case 'SI_ALLGEFAHREN':
    case 'SI_MEHRGEFAHREN':
      return {
        produktKey: produkt,
        versicherteGewerbe: { hauptgewerbe: 'si-buero', nebengewerbe: [] },
        risikoOrt: RISIKO_ORT,
      };
    case 'HAUSRAT':
      return {
        produktKey: 'HAUSRAT',
        hausrat: {
          plz: RISIKO_ORT.plz,
          wohnflaeche: 75,
          hausratDeckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_GLASBRUCH_HAUSRAT'],
          elementarEinschliessbar: true,
          hfkVariante: 'HAUSRAT_KOMFORT',
          zuersKlasse: 1,
        },
        risikoOrt: RISIKO_ORT,
      };
    case 'PRIVATHAFTPFLICHT':
      return {
        produktKey: 'PRIVATHAFTPFLICHT',
        phv: { familienstand: 'PAAR' },
        diensthaftpflicht: { beruf: 'Lehrerin', eingeschlossen: true, einschlussZum: '2026-01-01' },
      };
    case 'TIERHALTERHAFTPFLICHT':
      return {
        produktKey: 'TIERHALTERHAFTPFLICHT',
        hunde: [
          {
            name: 'Bello',
            rasse: 'labrador-retriever',
            mischling: true,
            mischlingsRasse: 'pudel-gross',
            chipOrTattoo: '276098106543210',
          },
        ],
      };
    case 'FAHRRAD':
    case 'FAHRRAD_2':
      return {
        produktKey: 'FAHRRAD',
        fahrrad: {
          hersteller: 'Cube',
          rahmennummer: 'WBK123456',
          typ: 'MOUNTAINBIKE',
          versicherteRisiken: {
            diebstahl: true,
            reparatur: false,
            reparaturOhneVerschleiss: false,
            schutzbrief: true,
          },
          art: 'EBIKE',
          kaufpreisCents: 349_900,
          kaufdatum: '2025-11-20',
          zustand: 'NEU',
        },
      };
    case 'REISE':
      return {
        produktKey: 'REISE',
        reise: { personenkreis: 'FAMILIE', beginn: '2026-07-01', ende: '2026-07-21', dauer: 21 },
      };
    case 'KFZ':
      return {
        produktKey: 'KFZ',
        fahrzeug: {
          hsn: '0603',
          tsn: 'BJM',
          hersteller: 'Volkswagen',
          modell: 'Golf VII 1.6 TDI',
          erstzulassung: '2021-03-15',
          kennzeichen: 'K-SM 123',
          evbNummer: 'K7M2QXA',
        },
        nutzung: 'PRIVAT',
        jaehrlicheFahrleistungKm: 12_000,
        fahrerkreis: 'NUR_VN',
        juengsterFahrerAlter: 40,
        sfKlasseHaftpflicht: '10',
        garage: 'NEIN',
        plz: '50667',
        selbstbeteiligungTeilkasko: 'SB_150',
      };
  }
}

/**
 * A running contract concluded on 10.12.2025, starting 01.01.2026 for one year with tacit renewal,
 * main due date 01.01., annual premium 595,00 EUR (500,00 net + 19 % tax), deductible 250 EUR.
 */
export function makeContract(overrides: Partial<ContractRecord> = {}): ContractRecord {
  const produkt = overrides.produkt ?? 'BHV_2';
  return contractRecordSchema.parse({
    id: 'c-1',
    versicherungsNummer: '202612345',
    produkt,
    marke: 'SCHIRM',
    status: 'LAUFEND',
    partnerId: 'p-1',
    vermittlerNummer: '1234567890',
    deckungsVariante: 'KOMFORT',
    antragsdatum: '2025-12-10',
    abschlussdatum: '2025-12-10',
    vertragsBeginn: '2026-01-01',
    ablaufdatum: '2027-01-01',
    stillschweigendeVerlaengerung: true,
    taeglichKuendbar: false,
    hauptfaelligkeit: { day: 1, month: 1 },
    wirksamkeitsdatum: '2026-01-01',
    documentsReceivedOn: '2025-12-12',
    instructionsComplete: true,
    zahlweise: 'JAEHRLICH',
    beitrag: { nettoJahresbeitragCents: 50_000, bruttoBeitragProPeriodeCents: 59_500 },
    versicherungssummeCents: 300_000_000,
    selbstbeteiligung: { einheit: 'ABSOLUT', option: 'SB_250' },
    bankverbindung: {
      iban: VALID_IBAN,
      bic: 'COBADEFFXXX',
      kontoinhaber: 'Erika Mustermann',
      sepaMandat: {
        glaeubigerId: 'DE98ZZZ09999999999',
        mandatsreferenz: 'SCHIRM-202612345-1',
        erteiltAm: '2025-12-10',
      },
    },
    details: detailsFor(produkt),
    vorgemerkteAenderungen: [],
    offeneBeitraege: [],
    updatedAt: '2026-11-01T10:00:00+01:00',
    ...overrides,
  });
}
