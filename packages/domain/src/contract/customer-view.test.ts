import { describe, expect, it } from 'vitest';
import { SUMMARY_PRODUKTE } from '../products/enums';
import type { SummaryProdukt } from '../products/enums';
import type { ContractRecord } from './contract-record';
import { makeContract } from './contract-fixture.test-helper';
import { contractCustomerViewSchema, toCustomerView } from './customer-view';
import type { CustomerViewContext } from './customer-view';
import { schedulePendingChange } from './pending-changes';

const context: CustomerViewContext = {
  today: '2026-11-22',
  versicherungsName: 'Betriebshaftpflichtversicherung',
  deckungsVarianten: [
    {
      deckungsVarianteIdentifier: 'KOMFORT',
      deckungsVarianteName: 'Komfort',
      versicherungssumme: 300_000_000,
    },
    {
      deckungsVarianteIdentifier: 'PREMIUM',
      deckungsVarianteName: 'Premium',
      versicherungssumme: 500_000_000,
    },
  ],
  dokumente: [
    { name: 'Versicherungsschein', typ: 'default', url: '/api/dokument/download-bereich/dokumente/d-1' },
  ],
  vermittler: {
    email: 'agentur@example.de',
    name: 'Agentur Sommer',
    vertriebsweg: 'AGENTUR',
    vermittlerNummer: '1234567890',
  },
};

const COMMON_KEYS = [
  'versicherungsNummer',
  'vertragsArt',
  'vertragsstatus',
  'versicherungsTyp',
  'versicherungsName',
  'produktIdentifier',
  'deckungsIdentifier',
  'marke',
  'kuendbar',
  'widerrufbar',
  'dokumente',
  'versicherungsSumme',
  'versicherungsPraemie',
  'jahresVersicherungsPraemie',
  'zahlweise',
  'vermittler',
  'bankverbindung',
  'ablaufdatum',
  'antragsdatum',
  'vertragsBeginn',
  'hauptfaelligkeit',
  'wirksamkeitsdatum',
  'mahnung',
  'neueSelbstbeteiligung',
  'deckungsVarianten',
  'selbstBeteiligung',
];

const PRODUCT_KEYS: Record<SummaryProdukt, string[]> = {
  // 22.11.2026 lies in the revenue report period before the main due date 01.01.2027.
  BHV_1: ['versicherteGewerbe', 'risikoOrt', 'jahresumsatz', 'jahresumsatzMeldenBis'],
  BHV_2: ['versicherteGewerbe', 'risikoOrt', 'jahresumsatz', 'jahresumsatzMeldenBis'],
  VH: ['versicherteGewerbe', 'jahresumsatz', 'jahresumsatzMeldenBis', 'phvAnzahl', 'buerohaftpflicht', 'vh'],
  VH_2: [
    'versicherteGewerbe',
    'jahresumsatz',
    'jahresumsatzMeldenBis',
    'phvAnzahl',
    'buerohaftpflicht',
    'vh',
  ],
  SI_ALLGEFAHREN: ['versicherteGewerbe', 'risikoOrt'],
  SI_MEHRGEFAHREN: ['versicherteGewerbe', 'risikoOrt'],
  HAUSRAT: ['risikoOrt', 'elementar', 'hausrat'],
  KFZ: ['kfz'],
  PRIVATHAFTPFLICHT: ['phv', 'diensthaftpflicht'],
  TIERHALTERHAFTPFLICHT: ['hunde'],
  FAHRRAD: ['fahrrad'],
  FAHRRAD_2: ['fahrrad'],
  REISE: ['reise'],
};

describe('toCustomerView', () => {
  it.each(SUMMARY_PRODUKTE)('%s: valid spec shape with only its own product blocks', (produkt) => {
    const view = toCustomerView(makeContract({ produkt }), context);
    expect(contractCustomerViewSchema.safeParse(view).error).toBeUndefined();
    expect(Object.keys(view).sort()).toEqual([...COMMON_KEYS, ...PRODUCT_KEYS[produkt]].sort());
  });

  it('maps a business liability contract field by field', () => {
    expect(toCustomerView(makeContract(), context)).toEqual({
      versicherungsNummer: '202612345',
      vertragsArt: 'BHV',
      vertragsstatus: 'LAUFEND',
      versicherungsTyp: 'BHV',
      versicherungsName: 'Betriebshaftpflichtversicherung',
      produktIdentifier: 'BHV_2',
      deckungsIdentifier: 'KOMFORT',
      marke: 'SCHIRM',
      kuendbar: 'VERTRAGSENDE',
      widerrufbar: false,
      dokumente: [
        { name: 'Versicherungsschein', typ: 'default', url: '/api/dokument/download-bereich/dokumente/d-1' },
      ],
      versicherungsSumme: 3_000_000,
      versicherungsPraemie: 595,
      jahresVersicherungsPraemie: 595,
      zahlweise: 'JAEHRLICH',
      vermittler: {
        email: 'agentur@example.de',
        name: 'Agentur Sommer',
        vertriebsweg: 'AGENTUR',
        vermittlerNummer: '1234567890',
      },
      bankverbindung: {
        iban: 'DE62 **** **** **** **30 01',
        swiftBic: 'COBADEFFXXX',
        kontoinhaber: 'Erika Mustermann',
      },
      jahresumsatz: { value: 250_000, isAdjustable: true },
      jahresumsatzMeldenBis: '2026-12-17',
      ablaufdatum: '2027-01-01',
      antragsdatum: '2025-12-10',
      vertragsBeginn: '2026-01-01',
      hauptfaelligkeit: '2027-01-01',
      wirksamkeitsdatum: '2026-01-01',
      mahnung: false,
      neueSelbstbeteiligung: 'SB_250',
      deckungsVarianten: [
        {
          deckungsVarianteIdentifier: 'KOMFORT',
          deckungsVarianteName: 'Komfort',
          versicherungssumme: 3_000_000,
        },
        {
          deckungsVarianteIdentifier: 'PREMIUM',
          deckungsVarianteName: 'Premium',
          versicherungssumme: 5_000_000,
        },
      ],
      selbstBeteiligung: { value: 250, unit: 'ABSOLUT' },
      versicherteGewerbe: {
        hauptgewerbe: { id: 'bhv-tischlerei', name: 'Tischlerei und Schreinerei' },
        nebengewerbe: [{ id: 'bhv-maler', name: 'Maler und Lackierer' }],
      },
      risikoOrt: { plz: '50667', ort: 'Köln', strasse: 'Hohe Straße', hausnummer: '12a' },
    });
  });

  it('shows instalments, the running renewal year and pending changes with their dates', () => {
    const monthly = makeContract({
      zahlweise: 'MONATLICH',
      beitrag: { nettoJahresbeitragCents: 52_500, bruttoBeitragProPeriodeCents: 5_206 },
    });
    const scheduled = schedulePendingChange(
      monthly,
      {
        type: 'selbstbeteiligung',
        value: 'SB_1000',
        createdAt: '2027-03-01T09:00:00+01:00',
        praemieNachAenderung: { nettoJahresbeitragCents: 45_000, bruttoBeitragProPeriodeCents: 4_463 },
      },
      '2027-03-01',
    );
    if (!scheduled.ok) throw new Error(scheduled.error.message);
    const view = toCustomerView(scheduled.value.record, { ...context, today: '2027-03-01' });
    expect(view.versicherungsPraemie).toBe(52.06);
    expect(view.jahresVersicherungsPraemie).toBe(624.72);
    expect(view.ablaufdatum).toBe('2028-01-01');
    expect(view.vorgemerkteSelbstBeteiligung).toEqual({ value: 'SB_1000', wirksamkeitsdatum: '2028-01-01' });
    expect(view.vorgemerkteZahlweise).toBeUndefined();
  });

  it('maps the product blocks of the private products', () => {
    const at = (produkt: SummaryProdukt) => toCustomerView(makeContract({ produkt }), context);
    expect(at('PRIVATHAFTPFLICHT').phv).toEqual({
      familienstand: {
        current: 'PAAR',
        options: [
          { key: 'SINGLE', label: 'Single' },
          { key: 'SINGLE_PLUS_KIND', label: 'Alleinerziehend mit Kind(ern)' },
          { key: 'PAAR', label: 'Paar ohne Kinder' },
          { key: 'FAMILIE', label: 'Familie mit Kind(ern)' },
        ],
      },
    });
    expect(at('PRIVATHAFTPFLICHT').diensthaftpflicht).toEqual({
      beruf: 'Lehrerin',
      eingeschlossen: true,
      einschlussZum: '2026-01-01',
    });
    expect(at('HAUSRAT').hausrat).toEqual({
      plz: '50667',
      wohnflaeche: 75,
      hausratDeckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_GLASBRUCH_HAUSRAT'],
      elementarEinschliessbar: true,
      hfkVariante: 'HAUSRAT_KOMFORT',
    });
    expect(at('HAUSRAT').elementar).toBe(false);
    expect(at('FAHRRAD_2').fahrrad).toEqual({
      hersteller: 'Cube',
      rahmennummer: 'WBK123456',
      typ: 'MOUNTAINBIKE',
      versicherteRisiken: {
        diebstahl: true,
        reparatur: false,
        reparaturOhneVerschleiss: false,
        schutzbrief: true,
      },
    });
    expect(at('TIERHALTERHAFTPFLICHT').hunde).toEqual([
      {
        name: 'Bello',
        rasse: { id: 'labrador-retriever', name: 'Labrador Retriever' },
        mischling: true,
        mischlingsRasse: { id: 'pudel-gross', name: 'Pudel (Großpudel)' },
        chipOrTattoo: '276098106543210',
      },
    ]);
    expect(at('REISE').reise).toEqual({
      personenkreis: 'FAMILIE',
      beginn: '2026-07-01',
      ende: '2026-07-21',
      dauer: 21,
    });
    expect(at('VH_2')).toMatchObject({
      versicherteGewerbe: {
        hauptgewerbe: { id: 'vh-steuerberatung', name: 'Steuerberatung' },
        nebengewerbe: [],
      },
      phvAnzahl: 'EINS',
      buerohaftpflicht: true,
      vh: { versicherteGefahren: { buerohaftpflicht: true, phv: true } },
      jahresumsatz: { value: 180_000, isAdjustable: true },
    });
  });

  it('names the Land of a dog liability contract concluded online by its German name', () => {
    const thv = makeContract({ produkt: 'TIERHALTERHAFTPFLICHT' });
    if (thv.details.produktKey !== 'TIERHALTERHAFTPFLICHT') throw new Error('not a THV fixture');
    const view = toCustomerView({ ...thv, details: { ...thv.details, bundesland: 'NW' } }, context);
    expect(view.bundesland).toEqual({ id: 'NW', name: 'Nordrhein-Westfalen' });
    expect(contractCustomerViewSchema.safeParse(view).success).toBe(true);
    expect(toCustomerView(thv, context)).not.toHaveProperty('bundesland');
  });

  it('leaves out what a contract does not have', () => {
    const record: ContractRecord = {
      ...makeContract(),
      bankverbindung: undefined,
      vermittlerNummer: undefined,
      deckungsVariante: undefined,
      versicherungssummeCents: undefined,
      selbstbeteiligung: { einheit: 'PERCENT', prozent: 10 },
    };
    const view = toCustomerView(record, { ...context, vermittler: undefined });
    expect(view).not.toHaveProperty('bankverbindung');
    expect(view).not.toHaveProperty('vermittler');
    expect(view).not.toHaveProperty('deckungsIdentifier');
    expect(view).not.toHaveProperty('versicherungsSumme');
    expect(view).not.toHaveProperty('neueSelbstbeteiligung');
    expect(view.selbstBeteiligung).toEqual({ value: 10, unit: 'PERCENT' });
    expect(contractCustomerViewSchema.safeParse(view).success).toBe(true);
  });

  it('shows an ended contract with its end and without main due date', () => {
    const ended: ContractRecord = {
      ...makeContract(),
      status: 'BEENDET',
      beendigung: {
        art: 'KUENDIGUNG',
        durch: 'VERSICHERUNGSNEHMER',
        anlass: 'ORDENTLICH',
        erklaertAm: '2026-09-01',
        zum: '2027-01-01',
        grund: 'ZU_TEUER',
      },
    };
    const view = toCustomerView(ended, { ...context, today: '2027-01-05' });
    expect(view).toMatchObject({
      vertragsstatus: 'BEENDET',
      kuendbar: 'NEIN',
      widerrufbar: false,
      beendigungsdatum: '2027-01-01',
    });
    expect(view).not.toHaveProperty('hauptfaelligkeit');
    // The term ended with the cancellation; no renewal year after it.
    expect(view.ablaufdatum).toBe('2027-01-01');
    expect(view.jahresumsatz?.isAdjustable).toBe(false);
  });

  const cancelled = (zum: string): ContractRecord => ({
    ...makeContract(),
    status: 'AUSLAUFEND',
    beendigung: {
      art: 'KUENDIGUNG',
      durch: 'VERSICHERUNGSNEHMER',
      anlass: 'ORDENTLICH',
      erklaertAm: '2026-11-20',
      zum,
      grund: 'ZU_TEUER',
    },
  });

  it('shows no main due date on or after the end of a cancelled contract', () => {
    const view = toCustomerView(cancelled('2027-01-01'), context);
    expect(view).toMatchObject({
      vertragsstatus: 'AUSLAUFEND',
      beendigungsdatum: '2027-01-01',
      ablaufdatum: '2027-01-01',
      kuendbar: 'NEIN',
    });
    expect(view).not.toHaveProperty('hauptfaelligkeit');
  });

  it('ends the running term at a declared end before it, and keeps a main due date before the end', () => {
    const early = toCustomerView(cancelled('2026-12-15'), context);
    expect(early.ablaufdatum).toBe('2026-12-15');
    expect(early).not.toHaveProperty('hauptfaelligkeit');
    // Cancelled to the main due date after next: the premium still falls due on 01.01.2027.
    const late = toCustomerView(cancelled('2028-01-01'), context);
    expect(late).toMatchObject({ hauptfaelligkeit: '2027-01-01', ablaufdatum: '2027-01-01' });
  });

  it('shows a single premium (travel) once: no yearly premium, no main due date, the trip as the term', () => {
    const reise = makeContract({
      produkt: 'REISE',
      deckungsVariante: 'REISE_KOMFORT',
      zahlweise: 'EINMALIG',
      selbstbeteiligung: undefined,
      versicherungssummeCents: undefined,
      antragsdatum: '2026-11-02',
      abschlussdatum: '2026-11-02',
      vertragsBeginn: '2026-11-02',
      hauptfaelligkeit: { day: 2, month: 11 },
      wirksamkeitsdatum: '2026-11-02',
      documentsReceivedOn: '2026-11-04',
      ablaufdatum: '2027-01-15',
      stillschweigendeVerlaengerung: false,
      beitrag: { nettoJahresbeitragCents: 9_895, bruttoBeitragProPeriodeCents: 11_296 },
      details: {
        produktKey: 'REISE',
        reise: { personenkreis: 'SINGLE_PLUS_KIND', beginn: '2027-01-01', ende: '2027-01-14', dauer: 14 },
      },
    });
    const view = toCustomerView(reise, context);
    expect(contractCustomerViewSchema.safeParse(view).error).toBeUndefined();
    expect(view).toMatchObject({
      zahlweise: 'EINMALIG',
      versicherungsPraemie: 112.96,
      ablaufdatum: '2027-01-15',
    });
    expect(view).not.toHaveProperty('jahresVersicherungsPraemie');
    expect(view).not.toHaveProperty('hauptfaelligkeit');
  });

  it('flags overdue premiums and an open revocation period', () => {
    const record = makeContract({
      documentsReceivedOn: '2026-11-20',
      offeneBeitraege: [{ art: 'FOLGEBEITRAG', faelligAm: '2026-11-01', betragCents: 59_500 }],
    });
    expect(toCustomerView(record, context)).toMatchObject({ mahnung: true, widerrufbar: true });
  });

  it('lists the overdue premiums, oldest first, with their reminder stage, and leaves them out when none', () => {
    const record = makeContract({
      offeneBeitraege: [
        { art: 'FOLGEBEITRAG', faelligAm: '2026-11-01', betragCents: 4_958 },
        {
          art: 'FOLGEBEITRAG',
          faelligAm: '2026-10-01',
          betragCents: 4_958,
          gemahnt: { am: '2026-10-15', zahlungsfristBis: '2026-10-29' },
        },
        { art: 'FOLGEBEITRAG', faelligAm: '2099-01-01', betragCents: 4_958 },
      ],
    });
    const view = toCustomerView(record, context);
    expect(contractCustomerViewSchema.parse(view).ueberfaelligeBeitraege).toEqual([
      {
        art: 'FOLGEBEITRAG',
        betrag: 49.58,
        faelligAm: '2026-10-01',
        mahnstufe: 'FRIST_ABGELAUFEN',
        gemahntAm: '2026-10-15',
        zahlungsfristBis: '2026-10-29',
      },
      { art: 'FOLGEBEITRAG', betrag: 49.58, faelligAm: '2026-11-01', mahnstufe: 'NICHT_GEMAHNT' },
    ]);
    expect(toCustomerView(makeContract(), context)).not.toHaveProperty('ueberfaelligeBeitraege');
  });

  it('rejects unknown fields', () => {
    const view = toCustomerView(makeContract(), context);
    expect(contractCustomerViewSchema.safeParse({ ...view, iban: 'x' }).success).toBe(false);
  });
});
