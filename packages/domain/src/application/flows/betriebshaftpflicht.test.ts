// The BHV flow as tables [answers → path] (the risk questions of the chosen trades), pruning, the
// server's check with German messages, and the pricing request priced by the domain tariff with
// the generation the server adds. The day is fixed: the flow's date rules depend on it.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../dates/calendar-date';
import { BHV_BUSINESS_TYPES } from '../../products/bhv/business-types';
import { bhvRatingInputSchema, priceBhv } from '../../products/bhv/tariff';
import { notGerman } from '../../validation/german-messages.test-helper';
import { IDENTIFIER_MESSAGES } from '../../validation/identifiers';
import type { FlowAnswers } from '../flow';
import { AGENT_WAIVER, withAgentWaiver, unvisitedSteps } from '../flow-table.test-helper';
import type { FlowTableRow } from '../flow-table.test-helper';
import { pruneAnswers, reachableSteps } from '../navigation';
import { expectCompleteApplication } from '../product-application.test-helper';
import { SUBMISSION_MESSAGES, validateSubmission } from '../submission';
import { bhvApplication, BHV_FLOW_MESSAGES, createBhvFlow } from './betriebshaftpflicht';

const today = '2026-06-15';
const flow = createBhvFlow({ today, generation: 'BHV_2' });
const context = { today, newProductGenerations: true, travelHealthInsurance: false };

const betrieb = {
  hauptgewerbe: 'bhv-cafe-restaurant',
  hauptgewerbeSuche: 'Café',
  nebengewerbe: [{ gewerbe: 'bhv-hausmeisterservice' }],
  jahresumsatzCents: 25_000_000,
  selbstbeteiligung: 'SB_500',
  ihkNummer: '',
};

const DISKO =
  'Betreiben Sie eine Diskothek oder einen Club oder veranstalten Sie Feiern mit mehr als 500 Gästen?';

/** A complete direct application of a café with a caretaker service on the side, by a company. */
const complete: FlowAnswers = {
  betrieb,
  'risikofragen-bhv-cafe-restaurant': { 'bhv-cafe-restaurant-diskothek': 'NEIN' },
  'risikofragen-bhv-hausmeisterservice': { 'bhv-hausmeisterservice-winterdienst': 'JA' },
  vorversicherung: { vorversicherung: 'NEIN' },
  tarif: { variante: 'BHV_KOMFORT' },
  beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'JAEHRLICH' },
  antragsteller: {
    personArt: 'JuristischePersonDTO',
    firmenname: 'Café Sonne GmbH',
    rechtsform: 'GMBH',
    gruendungsdatum: '2021-03-01',
    email: 'info@cafe-sonne.de',
  },
  adresse: { strasse: 'Marktplatz', hausnummer: '3', plz: '10115', ort: 'Berlin' },
  sepa: { kontoinhaber: 'Café Sonne GmbH', iban: 'DE44500105175407324931', sepaMandat: true },
  beratungsverzicht: { beratungsverzicht: true },
  dokumente: {},
  erklaerung: { antragVerbindlich: true },
};

const TAIL = [
  'vorversicherung',
  'tarif',
  'beginn',
  'antragsteller',
  'adresse',
  'sepa',
  'beratungsverzicht',
  'dokumente',
  'erklaerung',
];
const pathWith = (...riskSteps: string[]) => ['betrieb', ...riskSteps, ...TAIL];
const tradesWithQuestions = BHV_BUSINESS_TYPES.filter((type) => type.riskQuestions.length > 0);

const ROWS: FlowTableRow[] = [
  { name: 'nothing answered yet', channel: 'antrag', answers: {}, expected: pathWith() },
  {
    name: 'a trade without risk questions asks none',
    channel: 'antrag',
    answers: { betrieb: { ...betrieb, hauptgewerbe: 'bhv-baeckerei', nebengewerbe: [] } },
    expected: pathWith(),
  },
  {
    name: 'main and secondary trade each ask their questions, in the list order',
    channel: 'antrag',
    answers: complete,
    expected: pathWith('risikofragen-bhv-cafe-restaurant', 'risikofragen-bhv-hausmeisterservice'),
  },
  {
    name: 'a secondary trade alone asks its questions',
    channel: 'beratung',
    answers: {
      betrieb: { ...betrieb, hauptgewerbe: 'bhv-baeckerei', nebengewerbe: [{ gewerbe: 'bhv-fotografie' }] },
    },
    expected: pathWith('risikofragen-bhv-fotografie'),
  },
  {
    name: 'agent advice documents the consultation instead of a waiver',
    channel: 'vermittler-beratung',
    answers: complete,
    expected: pathWith('risikofragen-bhv-cafe-restaurant', 'risikofragen-bhv-hausmeisterservice').map((id) =>
      id === 'beratungsverzicht' ? 'beratung' : id,
    ),
  },
  {
    name: 'the customer waives advice to the agent by a separate declaration',
    channel: 'vermittler-beratung',
    answers: { ...complete, beratung: AGENT_WAIVER },
    expected: withAgentWaiver(
      pathWith('risikofragen-bhv-cafe-restaurant', 'risikofragen-bhv-hausmeisterservice').map((id) =>
        id === 'beratungsverzicht' ? 'beratung' : id,
      ),
    ),
  },
  ...tradesWithQuestions.map((type): FlowTableRow => ({
    name: `main trade ${type.id} asks its questions`,
    channel: 'antrag',
    answers: { betrieb: { hauptgewerbe: type.id } },
    expected: pathWith(`risikofragen-${type.id}`),
  })),
];

describe('betriebshaftpflicht flow: paths', () => {
  it.each(ROWS)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row', () => {
    expect(unvisitedSteps(flow, ROWS)).toEqual([]);
  });

  it('every step has a German title and the risk questions carry their exact wording', () => {
    for (const step of flow.steps) expect(notGerman(step.title)).toBe(false);
    const cafe = flow.steps.find((step) => step.id === 'risikofragen-bhv-cafe-restaurant');
    expect(cafe?.title).toBe('Fragen zu Ihrer Tätigkeit: Café und Restaurant');
    expect(cafe?.fields?.map((field) => ('label' in field ? field.label : ''))).toEqual([DISKO]);
  });
});

describe('betriebshaftpflicht flow: pruning', () => {
  it('switching to a trade without questions drops the old trade’s answers', () => {
    expect(pruneAnswers(flow, complete, 'antrag')).toHaveProperty('risikofragen-bhv-cafe-restaurant');
    const switched = { ...complete, betrieb: { ...betrieb, hauptgewerbe: 'bhv-baeckerei' } };
    const pruned = pruneAnswers(flow, switched, 'antrag');
    expect(pruned).not.toHaveProperty('risikofragen-bhv-cafe-restaurant');
    expect(pruned).toHaveProperty('risikofragen-bhv-hausmeisterservice');
    expect(pruned['betrieb']).not.toHaveProperty('hauptgewerbeSuche');
    expect(pruned['betrieb']).not.toHaveProperty('ihkNummer');
  });
});

describe('betriebshaftpflicht flow: validateSubmission', () => {
  it('a complete application gives the parsed data, the company applicant included', () => {
    const result = validateSubmission(flow, complete, 'antrag');
    expect(result).toMatchObject({
      ok: true,
      steps: pathWith('risikofragen-bhv-cafe-restaurant', 'risikofragen-bhv-hausmeisterservice'),
    });
    if (!result.ok) return;
    expect(result.data['betrieb']).toEqual({
      hauptgewerbe: 'bhv-cafe-restaurant',
      nebengewerbe: [{ gewerbe: 'bhv-hausmeisterservice' }],
      jahresumsatzCents: 25_000_000,
      selbstbeteiligung: 'SB_500',
    });
    expect(result.data['antragsteller']).toMatchObject({ rechtsform: 'GMBH', gruendungsdatum: '2021-03-01' });
  });

  it('an unanswered risk question and answers to a trade not chosen are refused', () => {
    const answers = {
      ...complete,
      'risikofragen-bhv-cafe-restaurant': {},
      'risikofragen-bhv-fotografie': { 'bhv-fotografie-drohne': 'NEIN' },
    };
    expect(validateSubmission(flow, answers, 'antrag')).toEqual({
      ok: false,
      errors: [
        { stepId: 'risikofragen-bhv-fotografie', path: '', message: SUBMISSION_MESSAGES.unreachableStep },
        {
          stepId: 'risikofragen-bhv-cafe-restaurant',
          path: 'bhv-cafe-restaurant-diskothek',
          message: BHV_FLOW_MESSAGES.risikofrage,
        },
      ],
    });
  });

  it('the business page refuses a trade twice, too many secondary trades and a malformed IHK number', () => {
    const twice = {
      ...complete,
      betrieb: { ...betrieb, nebengewerbe: [{ gewerbe: 'bhv-cafe-restaurant' }] },
      'risikofragen-bhv-hausmeisterservice': {},
    };
    expect(validateSubmission(flow, twice, 'antrag')).toEqual({
      ok: false,
      errors: [{ stepId: 'betrieb', path: 'nebengewerbe', message: BHV_FLOW_MESSAGES.gewerbeDoppelt }],
    });
    const many = {
      ...complete,
      betrieb: {
        ...betrieb,
        hauptgewerbe: 'bhv-baeckerei',
        nebengewerbe: ['bhv-friseur', 'bhv-maler', 'bhv-zimmerei', 'bhv-tischlerei'].map((gewerbe) => ({
          gewerbe,
        })),
        ihkNummer: 'd-1234',
      },
      'risikofragen-bhv-cafe-restaurant': {},
      'risikofragen-bhv-hausmeisterservice': {},
    };
    expect(validateSubmission(flow, many, 'antrag')).toEqual({
      ok: false,
      errors: [
        { stepId: 'betrieb', path: 'nebengewerbe', message: BHV_FLOW_MESSAGES.zuVieleNebengewerbe },
        { stepId: 'betrieb', path: 'ihkNummer', message: IDENTIFIER_MESSAGES.ihkNumber },
      ],
    });
    const ihk = { ...complete, betrieb: { ...betrieb, ihkNummer: ' d-ab12-cd345-67 ' } };
    const result = validateSubmission(flow, ihk, 'antrag');
    expect(result.ok && result.data['betrieb']?.['ihkNummer']).toBe('D-AB12-CD345-67');
  });

  it('the previous insurance needs the insurer and who cancelled; a cancellation by the insurer is recorded', () => {
    const open = { ...complete, vorversicherung: { vorversicherung: 'JA', gekuendigt: 'JA' } };
    expect(validateSubmission(flow, open, 'antrag')).toEqual({
      ok: false,
      errors: [
        { stepId: 'vorversicherung', path: 'vorversicherer', message: BHV_FLOW_MESSAGES.vorversicherer },
        {
          stepId: 'vorversicherung',
          path: 'kuendigungsstatus',
          message: BHV_FLOW_MESSAGES.kuendigungsstatus,
        },
      ],
    });
    const cancelledByInsurer = {
      vorversicherung: 'JA',
      vorversicherer: 'Beispiel Versicherung AG',
      gekuendigt: 'JA',
      kuendigungsstatus: 'SCHIRM_KUENDIGUNGSSTATUS_WURDE',
    };
    const result = validateSubmission(flow, { ...complete, vorversicherung: cancelledByInsurer }, 'antrag');
    expect(result.ok && result.data['vorversicherung']).toEqual(cancelledByInsurer);
    // A hidden answer left from an earlier choice neither counts nor is refused (the page hides it).
    const stray = { ...complete, vorversicherung: { vorversicherung: 'NEIN', gekuendigt: 'NEIN' } };
    const strayResult = validateSubmission(flow, stray, 'antrag');
    expect(strayResult.ok && strayResult.data['vorversicherung']).toEqual({ vorversicherung: 'NEIN' });
  });

  it('an empty application names every required field in German', () => {
    const result = validateSubmission(flow, {}, 'antrag');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.slice(0, 6).map((error) => `${error.stepId}.${error.path}`)).toEqual([
      'betrieb.hauptgewerbe',
      'betrieb.jahresumsatzCents',
      'betrieb.selbstbeteiligung',
      'vorversicherung.vorversicherung',
      'tarif.variante',
      'beginn.versicherungsbeginn',
    ]);
    for (const error of result.errors) expect(notGerman(error.message)).toBe(false);
  });

  it('the first generation offers no Premium variant', () => {
    const generationOne = createBhvFlow({ today, generation: 'BHV_1' });
    const premium = { ...complete, tarif: { variante: 'BHV_PREMIUM' } };
    expect(validateSubmission(generationOne, premium, 'antrag')).toMatchObject({
      ok: false,
      errors: [{ stepId: 'tarif', path: 'variante', message: BHV_FLOW_MESSAGES.variante }],
    });
    expect(validateSubmission(flow, premium, 'antrag').ok).toBe(true);
  });
});

describe('betriebshaftpflicht application: pricing request and contract terms', () => {
  // The server adds the generation of new business (request-schemas.ts).
  const price = (request: Record<string, unknown>) =>
    priceBhv(bhvRatingInputSchema.parse({ ...request, generation: 'BHV_2' }), { today });

  it('a complete application prices the chosen variant and becomes a BHV contract', () => {
    const { offer, terms, choice } = expectCompleteApplication({
      application: bhvApplication,
      context,
      answers: complete,
      price,
    });
    expect(choice).toEqual({
      variante: 'BHV_KOMFORT',
      zahlweise: 'JAEHRLICH',
      versicherungsbeginn: addDays(today, 1),
    });
    expect(offer.kind === 'quote' && offer.variants.map((variant) => variant.variant)).toEqual([
      'BHV_KOMFORT',
    ]);
    expect(terms).toEqual({
      details: {
        produktKey: 'BHV',
        versicherteGewerbe: { hauptgewerbe: 'bhv-cafe-restaurant', nebengewerbe: ['bhv-hausmeisterservice'] },
        jahresumsatz: { value: 25_000_000, isAdjustable: true },
      },
      selbstbeteiligung: { einheit: 'ABSOLUT', option: 'SB_500' },
    });
  });

  it('the request carries the chosen trades’ risk answers, without the generation', () => {
    expect(bhvApplication.pricingRequest(complete)).toEqual({
      hauptgewerbe: 'bhv-cafe-restaurant',
      nebengewerbe: ['bhv-hausmeisterservice'],
      jahresumsatzCents: 25_000_000,
      selbstbeteiligung: 'SB_500',
      risikofragen: { 'bhv-cafe-restaurant-diskothek': 'NEIN', 'bhv-hausmeisterservice-winterdienst': 'JA' },
    });
    expect(bhvApplication.pricingRequest({ betrieb: { ...betrieb, jahresumsatzCents: '' } })).toBeUndefined();
  });

  it('a knock-out answer lets the tariff refuse with the question', () => {
    const answers = {
      ...complete,
      'risikofragen-bhv-cafe-restaurant': { 'bhv-cafe-restaurant-diskothek': 'JA' },
    };
    expect(validateSubmission(flow, answers, 'antrag').ok).toBe(true);
    const result = price(bhvApplication.pricingRequest(answers) ?? {});
    expect(result).toMatchObject({ kind: 'uninsurable', code: 'BHV_RISK_QUESTION' });
    expect(result.kind === 'uninsurable' && result.reason).toContain(DISKO);
  });

  it('the comparison shows the generation’s variants with the recommended one and their sums', () => {
    const { variants, features } = bhvApplication.comparison(context);
    expect(variants.map((variant) => variant.value)).toEqual(['BHV_BASIS', 'BHV_KOMFORT', 'BHV_PREMIUM']);
    expect(variants.find((variant) => variant.recommended)?.value).toBe('BHV_KOMFORT');
    expect(features[0]?.variantOptionRelation['BHV_PREMIUM']?.text).toBe('10.000.000,00 EUR');
    const old = bhvApplication.comparison({ ...context, newProductGenerations: false });
    expect(old.variants.map((variant) => variant.value)).toEqual(['BHV_BASIS', 'BHV_KOMFORT']);
  });
});

describe('betriebshaftpflicht application: online risk check', () => {
  it('refers an application whose previous insurer cancelled, and only that one', () => {
    const byInsurer = {
      vorversicherung: {
        vorversicherung: 'JA',
        vorversicherer: 'Beispiel Versicherung AG',
        gekuendigt: 'JA',
        kuendigungsstatus: 'SCHIRM_KUENDIGUNGSSTATUS_WURDE',
      },
    };
    expect(bhvApplication.riskCheck?.(byInsurer)).toEqual({
      code: 'VORVERSICHERER_HAT_GEKUENDIGT',
      reason: expect.stringContaining('online leider nicht annehmen'),
    });
    const byCustomer = {
      vorversicherung: { ...byInsurer.vorversicherung, kuendigungsstatus: 'SCHIRM_KUENDIGUNGSSTATUS_HABE' },
    };
    expect(bhvApplication.riskCheck?.(byCustomer)).toBeUndefined();
    expect(bhvApplication.riskCheck?.({ vorversicherung: { vorversicherung: 'NEIN' } })).toBeUndefined();
  });
});

describe('betriebshaftpflicht flow: the revenue question', () => {
  it('asks for a missing revenue plainly, without cents or numbers jargon', () => {
    const result = validateSubmission(flow, {}, 'antrag');
    const revenue = result.ok ? undefined : result.errors.find((error) => error.path === 'jahresumsatzCents');
    expect(revenue?.message).toBe('Bitte geben Sie den Jahresumsatz an.');
  });
});
