// The curated demo set that `npm start` seeds once: named people and an agency whose contracts show
// every product, every status, pending changes, an overdue premium with a reminder, revenue tasks
// and a contract still within its revocation period. Dates are relative to the seeding day, so the
// demo tells the same story whenever it is started; premiums come from the domain tariffs.
import type { Bankverbindung, PendingChange } from '@schirm/domain/contract/contract-record';
import { hauptfaelligkeitOf, nextMainDueDate } from '@schirm/domain/contract/main-due-date';
import {
  addDays,
  addMonths,
  addYears,
  compareDates,
  dateParts,
  makeDate,
  todayInGermany,
  type CalendarDate,
} from '@schirm/domain/dates/calendar-date';
import type { HausratDeckung } from '@schirm/domain/products/enums';
import { isElementarEinschliessbar } from '@schirm/domain/products/hausrat/tariff';
import { insertAgent } from '../../../modules/contracts/agents-repository';
import {
  insertPartner,
  type NewPartner,
  type Postanschrift,
} from '../../../modules/contracts/partners-repository';
import { insertContract, type NewContract } from '../../../modules/contracts/repository';
import { insertTasks } from '../../../modules/contracts/tasks-repository';
import { zuersClassFor } from '../../../modules/reference/zuers';
import type { Database } from '../../database';
import type { Seeder } from '../seeders';
import { buildContract, DEMO_GLAEUBIGER_ID, germanIban } from './contract-factory';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from './demo-people';
import {
  quoteBhv,
  quoteFahrrad,
  quoteHausrat,
  quotePhv,
  quoteReise,
  quoteSi,
  quoteThv,
  quoteVh,
  type ProductQuote,
} from './quotes';

const BASIS: HausratDeckung = 'SCHIRM_BASISDECKUNG_HAUSRAT';
const GLASBRUCH: HausratDeckung = 'SCHIRM_GLASBRUCH_HAUSRAT';
const ELEMENTAR: HausratDeckung = 'SCHIRM_ELEMENTAR_HAUSRAT';

function firstOfMonth(date: CalendarDate): CalendarDate {
  const { year, month } = dateParts(date);
  return makeDate(year, month, 1);
}

function firstOfNextMonth(date: CalendarDate): CalendarDate {
  return addMonths(firstOfMonth(date), 1);
}

/** A creation timestamp on a demo day (09:30 UTC). */
function on(day: CalendarDate): string {
  return `${day}T09:30:00.000Z`;
}

function bank(
  partnerNummer: string,
  kontoinhaber: string,
  blz: string,
  bic: string,
  konto: string,
  erteiltAm: CalendarDate,
): Bankverbindung {
  return {
    iban: germanIban(blz, konto),
    bic,
    kontoinhaber,
    sepaMandat: {
      glaeubigerId: DEMO_GLAEUBIGER_ID,
      mandatsreferenz: `SCHIRM-${partnerNummer}-01`,
      erteiltAm,
    },
  };
}

const AGENCY_ADDRESSES = {
  hauptagentur: {
    name: 'Versicherungsbüro Krüger',
    strasse: 'Hohenzollernring',
    hausnummer: '54',
    plz: '50672',
    ort: 'Köln',
  },
  unteragenturWolf: {
    name: 'Wolf Versicherungen',
    strasse: 'Poppelsdorfer Allee',
    hausnummer: '30',
    plz: '53115',
    ort: 'Bonn',
  },
  unteragenturBraun: {
    name: 'Braun Finanz & Vorsorge',
    strasse: 'Königsallee',
    hausnummer: '60',
    plz: '40212',
    ort: 'Düsseldorf',
  },
  unteragenturHartmann: {
    name: 'Hartmann Versicherungsservice',
    strasse: 'Friedrichstraße',
    hausnummer: '120',
    plz: '10117',
    ort: 'Berlin',
  },
} as const;

async function seedAgents(db: Database): Promise<void> {
  const parents: Record<keyof typeof DEMO_AGENTS, string | undefined> = {
    hauptagentur: undefined,
    unteragenturWolf: DEMO_AGENTS.hauptagentur.vermittlerNummer,
    unteragenturBraun: DEMO_AGENTS.hauptagentur.vermittlerNummer,
    unteragenturHartmann: DEMO_AGENTS.unteragenturWolf.vermittlerNummer,
  };
  for (const key of Object.keys(DEMO_AGENTS) as (keyof typeof DEMO_AGENTS)[]) {
    const agent = DEMO_AGENTS[key];
    const parent = parents[key];
    await insertAgent({
      db,
      agent: {
        vermittlerNummer: agent.vermittlerNummer,
        name: agent.name,
        email: agent.email,
        telefon: agent.mobil,
        vertriebsweg: 'AUSSCHLIESSLICHKEITSVERTRIEB',
        agentur: AGENCY_ADDRESSES[key],
        ...(parent === undefined ? {} : { parentVermittlerNummer: parent }),
      },
    });
  }
}

interface Customer {
  partner: NewPartner;
  adresse: Postanschrift;
  bankverbindung: Bankverbindung;
  kundeSeit: CalendarDate;
}

async function seedCustomer(db: Database, customer: Customer): Promise<string> {
  const stored = await insertPartner({
    db,
    partner: customer.partner,
    adresse: customer.adresse,
    bankverbindung: customer.bankverbindung,
    gueltigAb: customer.kundeSeit,
  });
  return stored.id;
}

function zuersOf(adresse: Postanschrift) {
  return zuersClassFor({
    plz: adresse.plz,
    ort: adresse.ort,
    strasse: adresse.strasse,
    hausnummer: adresse.hausnummer,
  });
}

/** A Hausrat quote that names the insured home: the customer's address, so it can move with them. */
function atHome(quote: ProductQuote, { strasse, hausnummer, plz, ort }: Postanschrift): ProductQuote {
  if (quote.details.produktKey !== 'HAUSRAT') return quote;
  return { ...quote, details: { ...quote.details, risikoOrt: { plz, ort, strasse, hausnummer } } };
}

function annaSchneider(
  today: CalendarDate,
  partnerId: string,
  bankverbindung: Bankverbindung,
  adresse: Postanschrift,
): NewContract[] {
  const { contracts: nr, vermittlerNummer } = DEMO_CUSTOMERS.annaSchneider;
  const month = firstOfMonth(today);
  const common = { partnerId, vermittlerNummer, bankverbindung };

  const phvBeginn = addYears(month, -3);
  const phvInput = {
    familienstand: 'SINGLE_PLUS_KIND',
    variante: 'PHV_KOMFORT',
    selbstbeteiligung: 'SB_KEINE',
    diensthaftpflicht: false,
    schaedenLetzte5Jahre: 0,
  } as const;
  const phvNachher = quotePhv({ ...phvInput, familienstand: 'PAAR' }, 'MONATLICH');
  const familienstand: PendingChange = {
    type: 'familienstand',
    value: 'PAAR',
    wirksamkeitsdatum: firstOfNextMonth(today),
    createdAt: on(addDays(today, -2)),
    praemieNachAenderung: phvNachher.beitrag,
  };

  const hausratBeginn = addMonths(month, -14);
  const zuersKlasse = zuersOf(adresse);
  const hausratInput = {
    plz: adresse.plz,
    wohnflaeche: 68,
    deckungen: [BASIS, GLASBRUCH],
    zuersKlasse,
    variante: 'HAUSRAT_KOMFORT',
    selbstbeteiligung: 'SB_KEINE',
  } as const;
  const hausrat = quoteHausrat({ ...hausratInput, deckungen: [...hausratInput.deckungen] }, 'MONATLICH');
  const hausratPending: PendingChange[] = [];
  const mitElementar = isElementarEinschliessbar(zuersKlasse)
    ? [BASIS, GLASBRUCH, ELEMENTAR]
    : [BASIS, GLASBRUCH];
  if (isElementarEinschliessbar(zuersKlasse)) {
    hausratPending.push({
      type: 'elementar',
      value: true,
      wirksamkeitsdatum: firstOfNextMonth(today),
      createdAt: on(addDays(today, -1)),
      praemieNachAenderung: quoteHausrat({ ...hausratInput, deckungen: mitElementar }, 'MONATLICH').beitrag,
    });
  }
  hausratPending.push({
    type: 'zahlweise',
    value: 'JAEHRLICH',
    wirksamkeitsdatum: nextMainDueDate(hauptfaelligkeitOf(hausratBeginn), today),
    createdAt: on(addDays(today, -1)),
    praemieNachAenderung: quoteHausrat({ ...hausratInput, deckungen: mitElementar }, 'JAEHRLICH').beitrag,
  });

  const radAntrag = addDays(today, -6);
  const reiseAntrag = addDays(today, -20);
  const vorjahrAntrag = addDays(today, -420);
  const altBeginn = addYears(month, -4);
  const altEnde = addYears(altBeginn, 3);

  return [
    buildContract(quotePhv(phvInput, 'MONATLICH'), {
      ...common,
      versicherungsNummer: nr.phv,
      antragsdatum: addDays(phvBeginn, -10),
      vertragsBeginn: phvBeginn,
      status: 'LAUFEND',
      vorgemerkteAenderungen: [familienstand],
    }),
    buildContract(
      quoteThv(
        {
          hunde: [{ rasse: 'labrador-retriever', mischling: false }],
          variante: 'THV_BASIS',
          selbstbeteiligung: 'SB_KEINE',
        },
        [{ name: 'Bruno', chipOrTattoo: '276098106543210' }],
        'JAEHRLICH',
      ),
      {
        ...common,
        versicherungsNummer: nr.thv,
        antragsdatum: addDays(addMonths(month, -20), -7),
        vertragsBeginn: addMonths(month, -20),
        status: 'LAUFEND',
      },
    ),
    buildContract(atHome(hausrat, adresse), {
      ...common,
      versicherungsNummer: nr.hausrat,
      antragsdatum: addDays(hausratBeginn, -14),
      vertragsBeginn: hausratBeginn,
      status: 'LAUFEND',
      vorgemerkteAenderungen: hausratPending,
    }),
    buildContract(
      quoteFahrrad(
        {
          generation: 'FAHRRAD_2',
          art: 'EBIKE',
          typ: 'SONSTIGES_RAD',
          kaufpreisCents: 349_900,
          kaufdatum: addDays(today, -12),
          zustand: 'NEU',
          deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS'],
        },
        { hersteller: 'Riese & Müller', rahmennummer: 'WRM-2026-118734' },
        'MONATLICH',
        radAntrag,
      ),
      {
        ...common,
        versicherungsNummer: nr.fahrrad,
        antragsdatum: radAntrag,
        abschlussdatum: addDays(today, -5),
        vertragsBeginn: addDays(today, -4),
        documentsReceivedOn: addDays(today, -3),
        status: 'LAUFEND',
      },
    ),
    buildContract(
      quoteReise(
        {
          personenkreis: 'SINGLE_PLUS_KIND',
          beginn: addDays(today, 40),
          ende: addDays(today, 53),
          variante: 'REISE_KOMFORT',
          reisekrankenversicherung: true,
        },
        reiseAntrag,
      ),
      {
        ...common,
        versicherungsNummer: nr.reise,
        antragsdatum: reiseAntrag,
        vertragsBeginn: reiseAntrag,
        status: 'LAUFEND',
      },
    ),
    buildContract(
      quoteReise(
        {
          personenkreis: 'SINGLE',
          beginn: addDays(today, -400),
          ende: addDays(today, -390),
          variante: 'REISE_BASIS',
          reisekrankenversicherung: false,
        },
        vorjahrAntrag,
      ),
      {
        ...common,
        versicherungsNummer: nr.reiseVorjahr,
        antragsdatum: vorjahrAntrag,
        vertragsBeginn: vorjahrAntrag,
        status: 'BEENDET',
      },
    ),
    buildContract(
      quoteFahrrad(
        {
          generation: 'FAHRRAD',
          art: 'FAHRRAD',
          typ: 'RENNRAD',
          kaufpreisCents: 180_000,
          kaufdatum: addDays(altBeginn, -20),
          zustand: 'NEU',
          deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL'],
        },
        { hersteller: 'Canyon', rahmennummer: 'CNY-RD-559031' },
        'JAEHRLICH',
        addDays(altBeginn, -7),
      ),
      {
        ...common,
        versicherungsNummer: nr.fahrradAlt,
        antragsdatum: addDays(altBeginn, -7),
        vertragsBeginn: altBeginn,
        status: 'BEENDET',
        beendigung: {
          art: 'KUENDIGUNG',
          durch: 'VERSICHERUNGSNEHMER',
          anlass: 'ORDENTLICH',
          erklaertAm: addMonths(altEnde, -4),
          zum: altEnde,
          grund: 'FAHRRAD_VERKAUFT',
        },
      },
    ),
  ];
}

/** The latest quarterly due date (from the contract start) on or before `latest`. */
function lastQuarterDueDate(vertragsBeginn: CalendarDate, latest: CalendarDate): CalendarDate {
  let due = vertragsBeginn;
  for (let quarters = 1; compareDates(addMonths(vertragsBeginn, quarters * 3), latest) <= 0; quarters += 1) {
    due = addMonths(vertragsBeginn, quarters * 3);
  }
  return due;
}

const WEBER_BUERO = { plz: '53113', ort: 'Bonn', strasse: 'Kaiserstraße', hausnummer: '12' };
const WEBER_ALTES_BUERO = { plz: '53113', ort: 'Bonn', strasse: 'Adenauerallee', hausnummer: '99' };

function weberDigital(today: CalendarDate, partnerId: string, bankverbindung: Bankverbindung): NewContract[] {
  const { contracts: nr, vermittlerNummer } = DEMO_CUSTOMERS.weberDigital;
  const month = firstOfMonth(today);
  const common = { partnerId, vermittlerNummer, bankverbindung };

  // The BHV's next main due date is 45 days away: the first revenue reminder is due already.
  const bhvBeginn = addYears(addDays(today, 45), -2);
  const bhv = quoteBhv(
    {
      generation: 'BHV_2',
      hauptgewerbe: 'bhv-werbeagentur',
      nebengewerbe: ['bhv-it-dienstleistung'],
      jahresumsatzCents: 48_000_000,
      variante: 'BHV_KOMFORT',
      selbstbeteiligung: 'SB_500',
      risikofragen: {},
    },
    'VIERTELJAEHRLICH',
  );
  const unpaid = lastQuarterDueDate(bhvBeginn, addDays(today, -30));

  const vhEnde = addDays(today, 100);
  const siBeginn = addMonths(month, -8);
  const siInput = {
    produkt: 'SI_ALLGEFAHREN',
    versicherungssummeCents: 8_000_000,
    hauptgewerbe: 'si-buero',
    nebengewerbe: [],
    variante: 'SI_OPTIMAL',
    selbstbeteiligung: 'SB_250',
    risikofragen: {},
  } as const;
  const mehrBeginn = addYears(month, -3);
  const altAbschluss = addYears(month, -2);

  return [
    buildContract(bhv, {
      ...common,
      versicherungsNummer: nr.bhv,
      antragsdatum: addDays(bhvBeginn, -12),
      vertragsBeginn: bhvBeginn,
      status: 'LAUFEND',
      offeneBeitraege: [
        {
          art: 'FOLGEBEITRAG',
          faelligAm: unpaid,
          betragCents: bhv.beitrag.bruttoBeitragProPeriodeCents,
          gemahnt: { am: addDays(unpaid, 14), zahlungsfristBis: addDays(unpaid, 28) },
        },
      ],
    }),
    buildContract(
      quoteVh(
        {
          generation: 'VH_2',
          beruf: 'vh-werbeagentur',
          jahresumsatzCents: 48_000_000,
          variante: 'VH_500',
          selbstbeteiligung: 'SB_KEINE',
          buerohaftpflicht: true,
          phvAnzahl: 'EINS',
          risikofragen: {},
        },
        'HALBJAEHRLICH',
      ),
      {
        ...common,
        versicherungsNummer: nr.vh,
        antragsdatum: addDays(addYears(vhEnde, -1), -9),
        vertragsBeginn: addYears(vhEnde, -1),
        status: 'AUSLAUFEND',
        beendigung: {
          art: 'KUENDIGUNG',
          durch: 'VERSICHERUNGSNEHMER',
          anlass: 'ORDENTLICH',
          erklaertAm: addDays(today, -10),
          zum: vhEnde,
          grund: 'FESTANSTELLUNG',
        },
      },
    ),
    buildContract(quoteSi({ ...siInput, nebengewerbe: [] }, WEBER_BUERO, 'JAEHRLICH'), {
      ...common,
      versicherungsNummer: nr.siAllgefahren,
      antragsdatum: addDays(siBeginn, -5),
      vertragsBeginn: siBeginn,
      status: 'LAUFEND',
      vorgemerkteAenderungen: [
        {
          type: 'versicherungssumme',
          value: 10_000_000,
          wirksamkeitsdatum: firstOfNextMonth(addDays(today, 30)),
          createdAt: on(addDays(today, -3)),
          praemieNachAenderung: quoteSi(
            { ...siInput, nebengewerbe: [], versicherungssummeCents: 10_000_000 },
            WEBER_BUERO,
            'JAEHRLICH',
          ).beitrag,
        },
      ],
    }),
    buildContract(
      quoteSi(
        {
          ...siInput,
          produkt: 'SI_MEHRGEFAHREN',
          nebengewerbe: [],
          versicherungssummeCents: 5_000_000,
          variante: 'SI_KOMPAKT',
          selbstbeteiligung: 'SB_KEINE',
        },
        WEBER_ALTES_BUERO,
        'JAEHRLICH',
      ),
      {
        ...common,
        versicherungsNummer: nr.siMehrgefahren,
        antragsdatum: addDays(mehrBeginn, -10),
        vertragsBeginn: mehrBeginn,
        status: 'AUFGEHOBEN',
        beendigung: {
          art: 'AUFHEBUNG',
          erklaertAm: addDays(today, -300),
          zum: addDays(today, -270),
          grund: 'BETRIEBSVERLEGUNG',
        },
      },
    ),
    buildContract(
      quoteBhv(
        {
          generation: 'BHV_1',
          hauptgewerbe: 'bhv-werbeagentur',
          nebengewerbe: [],
          jahresumsatzCents: 30_000_000,
          variante: 'BHV_BASIS',
          selbstbeteiligung: 'SB_KEINE',
          risikofragen: {},
        },
        'JAEHRLICH',
      ),
      {
        ...common,
        versicherungsNummer: nr.bhvAlt,
        antragsdatum: addDays(altAbschluss, -3),
        abschlussdatum: altAbschluss,
        vertragsBeginn: addDays(altAbschluss, 1),
        status: 'STORNIERT',
        beendigung: {
          art: 'WIDERRUF',
          erklaertAm: addDays(altAbschluss, 9),
          zum: addDays(altAbschluss, 10),
          grund: 'GUENSTIGERES_ANGEBOT',
        },
      },
    ),
    // Markus Weber also advises companies since the spring: a running VH of its own, which the
    // self-service pages for the office liability and the private-liability count act on.
    buildContract(
      quoteVh(
        {
          generation: 'VH_2',
          beruf: 'vh-unternehmensberatung',
          jahresumsatzCents: 12_000_000,
          variante: 'VH_250',
          selbstbeteiligung: 'SB_KEINE',
          buerohaftpflicht: false,
          phvAnzahl: 'KEINE',
          risikofragen: {},
        },
        'MONATLICH',
      ),
      {
        ...common,
        versicherungsNummer: nr.vhBeratung,
        antragsdatum: addDays(addMonths(month, -7), -10),
        vertragsBeginn: addMonths(month, -7),
        status: 'LAUFEND',
      },
    ),
  ];
}

function jonasBecker(
  today: CalendarDate,
  partnerId: string,
  bankverbindung: Bankverbindung,
  adresse: Postanschrift,
): NewContract[] {
  const { contracts: nr, vermittlerNummer } = DEMO_CUSTOMERS.jonasBecker;
  const month = firstOfMonth(today);
  const common = { partnerId, vermittlerNummer, bankverbindung };
  const beginn = addMonths(month, -30);
  const thvBeginn = addMonths(month, -18);
  return [
    buildContract(
      quotePhv(
        {
          familienstand: 'SINGLE',
          variante: 'PHV_BASIS',
          selbstbeteiligung: 'SB_250',
          diensthaftpflicht: true,
          schaedenLetzte5Jahre: 0,
        },
        'MONATLICH',
        'Lehrer an einer Gesamtschule',
      ),
      {
        ...common,
        versicherungsNummer: nr.phv,
        antragsdatum: addDays(beginn, -8),
        vertragsBeginn: beginn,
        status: 'LAUFEND',
      },
    ),
    buildContract(
      atHome(
        quoteHausrat(
          {
            plz: adresse.plz,
            wohnflaeche: 45,
            deckungen: [BASIS],
            zuersKlasse: zuersOf(adresse),
            variante: 'HAUSRAT_BASIS',
            selbstbeteiligung: 'SB_KEINE',
          },
          'VIERTELJAEHRLICH',
        ),
        adresse,
      ),
      {
        ...common,
        versicherungsNummer: nr.hausrat,
        antragsdatum: addDays(beginn, -8),
        vertragsBeginn: beginn,
        status: 'LAUFEND',
      },
    ),
    buildContract(
      quoteThv(
        {
          hunde: [
            { rasse: 'border-collie', mischling: false },
            { rasse: 'mischling-mittel', mischling: true, mischlingsRasse: 'beagle' },
          ],
          variante: 'THV_KOMFORT',
          selbstbeteiligung: 'SB_KEINE',
        },
        [{ name: 'Luna', chipOrTattoo: '276098100112233' }, { name: 'Paul' }],
        'MONATLICH',
      ),
      {
        ...common,
        versicherungsNummer: nr.thv,
        antragsdatum: addDays(thvBeginn, -4),
        vertragsBeginn: thvBeginn,
        status: 'AUSLAUFEND',
        beendigung: {
          art: 'KUENDIGUNG',
          durch: 'VERSICHERUNGSNEHMER',
          anlass: 'ORDENTLICH',
          erklaertAm: addDays(today, -5),
          zum: addDays(today, 25),
          grund: 'HUND_ABGEGEBEN',
        },
      },
    ),
  ];
}

function sophieLehmann(
  today: CalendarDate,
  partnerId: string,
  bankverbindung: Bankverbindung,
): NewContract[] {
  const { contracts: nr, vermittlerNummer } = DEMO_CUSTOMERS.sophieLehmann;
  const month = firstOfMonth(today);
  const common = { partnerId, vermittlerNummer, bankverbindung };
  const phvBeginn = addMonths(month, -6);
  const radBeginn = addMonths(month, -9);
  return [
    buildContract(
      quotePhv(
        {
          familienstand: 'FAMILIE',
          variante: 'PHV_PREMIUM',
          selbstbeteiligung: 'SB_KEINE',
          diensthaftpflicht: false,
          schaedenLetzte5Jahre: 0,
        },
        'JAEHRLICH',
      ),
      {
        ...common,
        versicherungsNummer: nr.phv,
        antragsdatum: addDays(phvBeginn, -3),
        vertragsBeginn: phvBeginn,
        status: 'LAUFEND',
      },
    ),
    buildContract(
      quoteFahrrad(
        {
          generation: 'FAHRRAD_2',
          art: 'FAHRRAD',
          typ: 'MOUNTAINBIKE',
          kaufpreisCents: 240_000,
          kaufdatum: addDays(radBeginn, -30),
          zustand: 'NEU',
          deckungen: [
            'FAHRRAD_DECKUNG_DIEBSTAHL',
            'FAHRRAD_DECKUNG_REPARATUR',
            'FAHRRAD_DECKUNG_SCHUTZBRIEF',
          ],
        },
        { hersteller: 'Cube', rahmennummer: 'CUB-MTB-774120' },
        'MONATLICH',
        addDays(radBeginn, -2),
      ),
      {
        ...common,
        versicherungsNummer: nr.fahrrad,
        antragsdatum: addDays(radBeginn, -2),
        vertragsBeginn: radBeginn,
        status: 'LAUFEND',
      },
    ),
  ];
}

/** Revenue reminder tasks of the Weber BHV: this year's first reminder is open, last year's was done. */
function weberTasks(today: CalendarDate) {
  const mainDueDate = addDays(today, 45);
  const lastYear = addYears(mainDueDate, -1);
  const vertragsnummer = DEMO_CUSTOMERS.weberDigital.contracts.bhv;
  return [
    {
      vertragsnummer,
      typ: 'UmsatzErinnern1',
      status: 'Erledigt',
      faelligAm: addDays(lastYear, -60),
      erledigtAm: addDays(lastYear, -52),
      erstelltAm: addDays(lastYear, -60),
    },
    {
      vertragsnummer,
      typ: 'UmsatzErinnern1',
      status: 'Offen',
      faelligAm: addDays(mainDueDate, -60),
      erledigtAm: null,
      erstelltAm: addDays(mainDueDate, -60),
    },
  ] as const;
}

const ADDRESSES = {
  anna: { strasse: 'Venloer Straße', hausnummer: '241', plz: '50823', ort: 'Köln', land: 'DE' },
  weber: { ...WEBER_BUERO, land: 'DE' },
  jonas: { strasse: 'Lindenstraße', hausnummer: '17', plz: '40233', ort: 'Düsseldorf', land: 'DE' },
  sophie: { strasse: 'Bergmannstraße', hausnummer: '5', plz: '10961', ort: 'Berlin', land: 'DE' },
} as const satisfies Record<string, Postanschrift>;

/** Seeds the curated demo set as of `today`. */
export async function seedCuratedPortfolio({
  db,
  today,
}: {
  db: Database;
  today: CalendarDate;
}): Promise<void> {
  await seedAgents(db);
  const since = addYears(firstOfMonth(today), -5);
  const {
    annaSchneider: anna,
    weberDigital: weber,
    jonasBecker: jonas,
    sophieLehmann: sophie,
  } = DEMO_CUSTOMERS;

  const annaBank = bank(anna.partnerNummer, anna.name, '37050198', 'COLSDE33XXX', '1046732891', since);
  const annaId = await seedCustomer(db, {
    partner: {
      personArt: 'NatuerlichePersonDTO',
      partnerNummer: anna.partnerNummer,
      anrede: 'Frau',
      vorname: 'Anna',
      nachname: 'Schneider',
      geburtsdatum: '1988-04-12',
      email: anna.email,
      telefon: anna.mobil,
    },
    adresse: ADDRESSES.anna,
    bankverbindung: annaBank,
    kundeSeit: since,
  });
  const weberBank = bank(weber.partnerNummer, weber.name, '37050198', 'COLSDE33XXX', '1900457710', since);
  const weberId = await seedCustomer(db, {
    partner: {
      personArt: 'JuristischePersonDTO',
      partnerNummer: weber.partnerNummer,
      firmenname: weber.name,
      rechtsform: 'GmbH',
      gruendungsdatum: '2019-06-01',
      email: weber.email,
      telefon: weber.mobil,
    },
    adresse: ADDRESSES.weber,
    bankverbindung: weberBank,
    kundeSeit: since,
  });
  const jonasBank = bank(jonas.partnerNummer, jonas.name, '30050110', 'DUSSDEDDXXX', '2203918845', since);
  const jonasId = await seedCustomer(db, {
    partner: {
      personArt: 'NatuerlichePersonDTO',
      partnerNummer: jonas.partnerNummer,
      anrede: 'Herr',
      vorname: 'Jonas',
      nachname: 'Becker',
      geburtsdatum: '1995-09-03',
      email: jonas.email,
      telefon: jonas.mobil,
    },
    adresse: ADDRESSES.jonas,
    bankverbindung: jonasBank,
    kundeSeit: since,
  });
  const sophieBank = bank(sophie.partnerNummer, sophie.name, '10050000', 'BELADEBEXXX', '6604127733', since);
  const sophieId = await seedCustomer(db, {
    partner: {
      personArt: 'NatuerlichePersonDTO',
      partnerNummer: sophie.partnerNummer,
      anrede: 'Frau',
      titel: 'Dr.',
      vorname: 'Sophie',
      nachname: 'Lehmann',
      geburtsdatum: '1979-01-23',
      email: sophie.email,
      telefon: sophie.mobil,
    },
    adresse: ADDRESSES.sophie,
    bankverbindung: sophieBank,
    kundeSeit: since,
  });

  const contracts = [
    ...annaSchneider(today, annaId, annaBank, ADDRESSES.anna),
    ...weberDigital(today, weberId, weberBank),
    ...jonasBecker(today, jonasId, jonasBank, ADDRESSES.jonas),
    ...sophieLehmann(today, sophieId, sophieBank),
  ];
  for (const contract of contracts) await insertContract({ db, contract });
  await insertTasks({ db, tasks: weberTasks(today).map((task) => ({ ...task })) });
}

/** The curated demo set as a seeder of `npm start`; accounts come with the identity work. */
export const curatedPortfolioSeeder: Seeder = {
  name: 'demo-portfolio-curated',
  run: async (tx) => {
    await seedCuratedPortfolio({ db: tx, today: todayInGermany() });
    return { logins: [] };
  },
};
