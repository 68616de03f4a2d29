// The motor flow as tables [answers → path], its coverage, the deductible of the chosen cover, the
// pricing requests (variant table and binding offer) and the contract terms. The day is fixed:
// the first registration, the insurance start and the birth date depend on it.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../dates/calendar-date';
import {
  DEFAULT_KFZ_CLASS_TABLE,
  findVehicle,
  kfzRatingInputSchema,
  priceKfz,
} from '../../products/kfz/tariff';
import { notGerman } from '../../validation/german-messages.test-helper';
import { productApplication } from '../applications';
import type { FlowAnswers } from '../flow';
import { AGENT_WAIVER, withAgentWaiver, unvisitedSteps } from '../flow-table.test-helper';
import type { FlowTableRow } from '../flow-table.test-helper';
import { pruneAnswers, reachableSteps } from '../navigation';
import { applicationBaseRoute } from '../product-application';
import { expectCompleteApplication } from '../product-application.test-helper';
import { SUBMISSION_MESSAGES, validateSubmission } from '../submission';
import { createKfzFlow, KFZ_FIRST_STEP, KFZ_FLOW_MESSAGES, kfzApplication } from './kfz';

const today = '2026-11-26';
const flow = createKfzFlow({ today });
const context = { today, newProductGenerations: true, travelHealthInsurance: false };

/** Worked example 1 of docs/tariffs/kfz.md: VW Golf VII in München, SF 10, 12.000 km. */
const fahrzeug = {
  hsn: '0603',
  tsn: 'bjm',
  erstzulassung: '2021-03-15',
  kennzeichen: '',
  nutzung: 'PRIVAT',
  jaehrlicheFahrleistungKm: 12_000,
  garage: 'NEIN',
  plz: '80331',
};

const complete: FlowAnswers = {
  [KFZ_FIRST_STEP]: fahrzeug,
  fahrer: {
    fahrerkreis: 'NUR_VN',
    juengsterFahrerAlter: 40,
    sfKlasseHaftpflicht: '10',
    sfKlasseVollkasko: '',
  },
  tarif: { deckungsVariante: 'KFZ_TEILKASKO', selbstbeteiligungTeilkasko: 'SB_150' },
  beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'JAEHRLICH' },
  person: {
    vorname: 'Erika',
    nachname: 'Mustermann',
    geburtsdatum: '1986-04-12',
    email: 'erika@beispiel.de',
  },
  adresse: { strasse: 'Marienplatz', hausnummer: '1', plz: '80331', ort: 'München' },
  sepa: { kontoinhaber: 'Erika Mustermann', iban: 'DE44500105175407324931', sepaMandat: true },
  beratungsverzicht: { beratungsverzicht: true },
  dokumente: {},
  erklaerung: { antragVerbindlich: true },
};

const DIRECT_PATH = [
  KFZ_FIRST_STEP,
  'fahrer',
  'tarif',
  'beginn',
  'person',
  'adresse',
  'sepa',
  'beratungsverzicht',
  'dokumente',
  'erklaerung',
];

const ROWS: FlowTableRow[] = [
  { name: 'nothing answered yet', channel: 'antrag', answers: {}, expected: DIRECT_PATH },
  { name: 'a Teilkasko application', channel: 'antrag', answers: complete, expected: DIRECT_PATH },
  {
    name: 'agent advice documents the consultation instead of a waiver',
    channel: 'vermittler-beratung',
    answers: complete,
    expected: DIRECT_PATH.map((id) => (id === 'beratungsverzicht' ? 'beratung' : id)),
  },
  {
    name: 'the customer waives advice to the agent by a separate declaration',
    channel: 'vermittler-beratung',
    answers: { ...complete, beratung: AGENT_WAIVER },
    expected: withAgentWaiver(DIRECT_PATH.map((id) => (id === 'beratungsverzicht' ? 'beratung' : id))),
  },
];

const price = (request: Record<string, unknown>) =>
  priceKfz(kfzRatingInputSchema.parse(request), { today, classes: DEFAULT_KFZ_CLASS_TABLE });

const golf = findVehicle('0603', 'BJM', DEFAULT_KFZ_CLASS_TABLE);
const serverFacts = { fahrzeug: { hersteller: golf?.hersteller ?? '', modell: golf?.modell ?? '' } };

describe('kfz flow: paths and registration', () => {
  it.each(ROWS)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row', () => {
    expect(unvisitedSteps(flow, ROWS)).toEqual([]);
  });

  it('every step has a German title', () => {
    for (const step of flow.steps) expect(notGerman(step.title)).toBe(false);
  });

  it('starts at /antrag/allgemeine-versicherungsdaten/ (spec §2) and is registered as kfz', () => {
    expect(productApplication('kfz')).toBe(kfzApplication);
    expect(`${applicationBaseRoute(kfzApplication)}${flow.steps[0]?.id}/`).toBe(
      '/antrag/allgemeine-versicherungsdaten/',
    );
    expect(applicationBaseRoute({ slug: 'fahrrad' })).toBe('/fahrrad/antrag/');
  });
});

describe('kfz flow: validateSubmission', () => {
  it('a complete application gives the parsed vehicle page (TSN upper case, no empty plate)', () => {
    const result = validateSubmission(flow, complete, 'antrag');
    expect(result).toMatchObject({ ok: true, steps: DIRECT_PATH });
    if (!result.ok) return;
    expect(result.data[KFZ_FIRST_STEP]).toEqual({ ...fahrzeug, tsn: 'BJM', kennzeichen: undefined });
    expect(result.data[KFZ_FIRST_STEP]).not.toHaveProperty('kennzeichen');
  });

  it('the chosen cover needs its deductible; the other cover’s deductible is hidden, not an answer', () => {
    const vollkasko = {
      ...complete,
      tarif: { deckungsVariante: 'KFZ_VOLLKASKO', selbstbeteiligungTeilkasko: 'SB_300' },
    };
    expect(validateSubmission(flow, vollkasko, 'antrag')).toEqual({
      ok: false,
      errors: [
        {
          stepId: 'tarif',
          path: 'selbstbeteiligungVollkasko',
          message: KFZ_FLOW_MESSAGES.selbstbeteiligungVollkasko,
        },
      ],
    });
    const pruned = pruneAnswers(flow, vollkasko, 'antrag');
    expect(
      kfzApplication.pricingRequest(pruned, { variante: 'KFZ_VOLLKASKO', zahlweise: 'JAEHRLICH' }),
    ).not.toHaveProperty('selbstbeteiligungTeilkasko');
  });

  it('field errors carry the step, the field and a German message', () => {
    const answers = {
      ...complete,
      [KFZ_FIRST_STEP]: {
        ...fahrzeug,
        hsn: '603',
        tsn: 'B',
        kennzeichen: 'XYZ',
        jaehrlicheFahrleistungKm: 500,
      },
      fahrer: {
        fahrerkreis: 'ALLE',
        juengsterFahrerAlter: 40,
        sfKlasseHaftpflicht: '36',
        sfKlasseVollkasko: 'S',
      },
    };
    const result = validateSubmission(flow, answers, 'antrag');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => `${error.stepId}.${error.path}`)).toEqual([
      `${KFZ_FIRST_STEP}.hsn`,
      `${KFZ_FIRST_STEP}.tsn`,
      `${KFZ_FIRST_STEP}.kennzeichen`,
      `${KFZ_FIRST_STEP}.jaehrlicheFahrleistungKm`,
      'fahrer.fahrerkreis',
      'fahrer.sfKlasseHaftpflicht',
      'fahrer.sfKlasseVollkasko',
    ]);
    expect(result.errors[0]?.message).toBe(
      'Die HSN besteht aus 4 Ziffern (Feld 2.1 der Zulassungsbescheinigung Teil I).',
    );
    expect(result.errors[2]?.message).toBe(KFZ_FLOW_MESSAGES.kennzeichen);
    for (const error of result.errors) expect(notGerman(error.message)).toBe(false);
  });

  it('a premium sent along is refused', () => {
    const forged = { ...complete, tarif: { ...complete['tarif'], beitragCents: 100 } };
    expect(validateSubmission(flow, forged, 'antrag')).toEqual({
      ok: false,
      errors: [{ stepId: 'tarif', path: 'beitragCents', message: SUBMISSION_MESSAGES.unknownField }],
    });
  });

  it('a registered car’s plate is kept in the form printed on it', () => {
    const answers = { ...complete, [KFZ_FIRST_STEP]: { ...fahrzeug, kennzeichen: 'm-ab 1234' } };
    const result = validateSubmission(flow, answers, 'antrag');
    expect(result.ok && result.data[KFZ_FIRST_STEP]?.['kennzeichen']).toBe('M-AB 1234');
  });
});

describe('kfz application: pricing request and contract terms', () => {
  it('a complete application prices the chosen cover like worked example 1 and becomes a motor contract', () => {
    const { offer, terms, choice } = expectCompleteApplication({
      application: kfzApplication,
      context,
      answers: complete,
      price,
      serverFacts,
    });
    expect(choice).toEqual({
      variante: 'KFZ_TEILKASKO',
      zahlweise: 'JAEHRLICH',
      versicherungsbeginn: '2026-11-27',
    });
    if (offer.kind !== 'quote') throw new Error('expected a quote');
    expect(offer.variants.map((variant) => [variant.variant, variant.premiums[0]?.netCents])).toEqual([
      ['KFZ_TEILKASKO', 48_013],
    ]);
    expect(terms.details).toEqual({
      produktKey: 'KFZ',
      fahrzeug: {
        hsn: '0603',
        tsn: 'BJM',
        hersteller: 'Volkswagen',
        modell: 'Golf VII 1.6 TDI',
        erstzulassung: '2021-03-15',
      },
      nutzung: 'PRIVAT',
      jaehrlicheFahrleistungKm: 12_000,
      fahrerkreis: 'NUR_VN',
      juengsterFahrerAlter: 40,
      sfKlasseHaftpflicht: '10',
      garage: 'NEIN',
      plz: '80331',
      selbstbeteiligungTeilkasko: 'SB_150',
    });
  });

  it('no pricing request while a rating question is open; the table has every variant', () => {
    expect(kfzApplication.pricingRequest({ [KFZ_FIRST_STEP]: fahrzeug })).toBeUndefined();
    const request = kfzApplication.pricingRequest({
      [KFZ_FIRST_STEP]: fahrzeug,
      fahrer: complete['fahrer'] ?? {},
    });
    expect(request).toEqual({
      hsn: '0603',
      tsn: 'bjm',
      erstzulassung: '2021-03-15',
      nutzung: 'PRIVAT',
      jaehrlicheFahrleistungKm: 12_000,
      garage: 'NEIN',
      plz: '80331',
      fahrerkreis: 'NUR_VN',
      juengsterFahrerAlter: 40,
      sfKlasseHaftpflicht: '10',
    });
    const table = price(request ?? {});
    expect(table.kind === 'quote' && table.variants.map((variant) => variant.variant)).toEqual([
      'KFZ_HAFTPFLICHT',
      'KFZ_TEILKASKO',
      'KFZ_VOLLKASKO',
    ]);
  });

  it('the binding offer is priced at the holder’s address (its postcode sets the regional class)', () => {
    const moved = { ...complete, adresse: { ...complete['adresse'], plz: '27568', ort: 'Bremerhaven' } };
    const request = kfzApplication.pricingRequest(moved, {
      variante: 'KFZ_TEILKASKO',
      zahlweise: 'JAEHRLICH',
    });
    expect(request).toMatchObject({
      plz: '27568',
      variante: 'KFZ_TEILKASKO',
      selbstbeteiligungTeilkasko: 'SB_150',
    });
    const { terms } = expectCompleteApplication({
      application: kfzApplication,
      context,
      answers: moved,
      price,
      serverFacts,
    });
    expect(terms.details).toMatchObject({ plz: '27568' });
  });

  it('the binding offer takes the applicant’s age as the youngest driver’s when it is lower or only they drive', () => {
    const choice = { variante: 'KFZ_TEILKASKO', zahlweise: 'JAEHRLICH' } as const;
    // Born 12.04.2004: 22 years old at the start on 27.11.2026, although 40 was stated.
    const young = { ...complete, person: { ...complete['person'], geburtsdatum: '2004-04-12' } };
    expect(kfzApplication.pricingRequest(young, choice)).toMatchObject({ juengsterFahrerAlter: 22 });
    const { terms } = expectCompleteApplication({
      application: kfzApplication,
      context,
      answers: young,
      price,
      serverFacts,
    });
    expect(terms.details).toMatchObject({ juengsterFahrerAlter: 22 });
    // Only the policyholder drives: their age, also when a lower one was stated.
    const stated = { ...complete, fahrer: { ...complete['fahrer'], juengsterFahrerAlter: 25 } };
    expect(kfzApplication.pricingRequest(stated, choice)).toMatchObject({ juengsterFahrerAlter: 40 });
    // A partner drives too: the stated youngest driver, who may be younger than the applicant.
    const partner = { ...stated, fahrer: { ...stated['fahrer'], fahrerkreis: 'VN_PARTNER' } };
    expect(kfzApplication.pricingRequest(partner, choice)).toMatchObject({ juengsterFahrerAlter: 25 });
    // The variant table asks with the stated age.
    expect(kfzApplication.pricingRequest(young)).toMatchObject({ juengsterFahrerAlter: 40 });
  });

  it('a Vollkasko carries its deductible and the own Vollkasko class', () => {
    const answers = {
      ...complete,
      fahrer: { ...complete['fahrer'], sfKlasseVollkasko: '5' },
      tarif: { deckungsVariante: 'KFZ_VOLLKASKO', selbstbeteiligungVollkasko: 'SB_1000' },
    };
    const { terms, offer } = expectCompleteApplication({
      application: kfzApplication,
      context,
      answers,
      price,
      serverFacts,
    });
    expect(offer.kind === 'quote' && offer.variants[0]?.variant).toBe('KFZ_VOLLKASKO');
    expect(terms.details).toMatchObject({ sfKlasseVollkasko: '5', selbstbeteiligungVollkasko: 'SB_1000' });
    expect(terms.details).not.toHaveProperty('selbstbeteiligungTeilkasko');
  });

  it('contract terms need the vehicle the server found', () => {
    const result = validateSubmission(flow, complete, 'antrag');
    if (!result.ok) throw new Error('expected a valid submission');
    expect(() =>
      kfzApplication.contractTerms(result.data, { produkt: 'KFZ', variant: 'KFZ_TEILKASKO' }),
    ).toThrow('A priced KFZ application names its vehicle');
  });

  it('the comparison marks the Teilkasko and shows the Teilkasko perils inside the Vollkasko', () => {
    const { variants, features } = kfzApplication.comparison(context);
    expect(variants.find((variant) => variant.recommended)?.value).toBe('KFZ_TEILKASKO');
    const teilkasko = features.find((row) => row.label.startsWith('Teilkasko'));
    expect(teilkasko?.variantOptionRelation).toEqual({
      KFZ_HAFTPFLICHT: { included: false },
      KFZ_TEILKASKO: { included: true },
      KFZ_VOLLKASKO: { included: true },
    });
  });
});
