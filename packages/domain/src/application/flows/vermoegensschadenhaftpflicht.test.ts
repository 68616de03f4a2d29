// The VH flow as tables [answers → path] (the profession's risk questions), pruning, the server's
// check with German messages, and the pricing request priced by the domain tariff with the
// generation the server adds. The day is fixed: the flow's date rules depend on it.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../dates/calendar-date';
import { VH_PROFESSIONS } from '../../products/vh/professions';
import { priceVh, vhRatingInputSchema } from '../../products/vh/tariff';
import { notGerman } from '../../validation/german-messages.test-helper';
import type { FlowAnswers } from '../flow';
import { AGENT_WAIVER, withAgentWaiver, unvisitedSteps } from '../flow-table.test-helper';
import type { FlowTableRow } from '../flow-table.test-helper';
import { pruneAnswers, reachableSteps } from '../navigation';
import { expectCompleteApplication } from '../product-application.test-helper';
import { SUBMISSION_MESSAGES, validateSubmission } from '../submission';
import { createVhFlow, vhApplication, VH_FLOW_MESSAGES } from './vermoegensschadenhaftpflicht';

const today = '2026-06-15';
const flow = createVhFlow({ today, generation: 'VH_2' });
const context = { today, newProductGenerations: true, travelHealthInsurance: false };

const beruf = {
  beruf: 'vh-it-beratung',
  berufSuche: 'IT',
  jahresumsatzCents: 18_000_000,
  selbstbeteiligung: 'SB_KEINE',
  buerohaftpflicht: true,
  phvAnzahl: 'EINS',
  ihkNummer: '',
};
const SICHERHEIT =
  'Entwickeln oder betreuen Sie Software zur Steuerung von Medizinprodukten, Fahrzeugen oder Industrieanlagen?';

/** A complete direct application of a self-employed IT consultant. */
const complete: FlowAnswers = {
  beruf,
  'risikofragen-vh-it-beratung': { 'vh-it-beratung-sicherheitskritisch': 'NEIN' },
  vorversicherung: { vorversicherung: 'NEIN' },
  tarif: { variante: 'VH_1000' },
  beginn: { versicherungsbeginn: addDays(today, 14), zahlweise: 'MONATLICH' },
  antragsteller: {
    personArt: 'NatuerlichePersonDTO',
    vorname: 'Max',
    nachname: 'Mustermann',
    geburtsdatum: '1979-11-02',
    email: 'max@beispiel.de',
    telefon: '+49 151 12345678',
  },
  adresse: { strasse: 'Hauptstraße', hausnummer: '1', plz: '10115', ort: 'Berlin' },
  sepa: { kontoinhaber: 'Max Mustermann', iban: 'DE44500105175407324931', sepaMandat: true },
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
const pathWith = (...riskSteps: string[]) => ['beruf', ...riskSteps, ...TAIL];

const ROWS: FlowTableRow[] = [
  { name: 'nothing answered yet', channel: 'antrag', answers: {}, expected: pathWith() },
  {
    name: 'a profession without risk questions asks none',
    channel: 'antrag',
    answers: { beruf: { ...beruf, beruf: 'vh-grafikdesign' } },
    expected: pathWith(),
  },
  {
    name: 'the public agent link waives advice like the direct channel',
    channel: 'beratung',
    answers: complete,
    expected: pathWith('risikofragen-vh-it-beratung'),
  },
  {
    name: 'agent advice documents the consultation instead of a waiver',
    channel: 'vermittler-beratung',
    answers: complete,
    expected: pathWith('risikofragen-vh-it-beratung').map((id) =>
      id === 'beratungsverzicht' ? 'beratung' : id,
    ),
  },
  {
    name: 'the customer waives advice to the agent by a separate declaration',
    channel: 'vermittler-beratung',
    answers: { ...complete, beratung: AGENT_WAIVER },
    expected: withAgentWaiver(
      pathWith('risikofragen-vh-it-beratung').map((id) => (id === 'beratungsverzicht' ? 'beratung' : id)),
    ),
  },
  ...VH_PROFESSIONS.filter((type) => type.riskQuestions.length > 0).map((type): FlowTableRow => ({
    name: `profession ${type.id} asks its questions`,
    channel: 'antrag',
    answers: { beruf: { beruf: type.id } },
    expected: pathWith(`risikofragen-${type.id}`),
  })),
];

describe('vermoegensschadenhaftpflicht flow: paths', () => {
  it.each(ROWS)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row', () => {
    expect(unvisitedSteps(flow, ROWS)).toEqual([]);
  });

  it('every step has a German title; the risk question carries its exact wording', () => {
    for (const step of flow.steps) expect(notGerman(step.title)).toBe(false);
    const it = flow.steps.find((step) => step.id === 'risikofragen-vh-it-beratung');
    expect(it?.fields?.map((field) => ('label' in field ? field.label : ''))).toEqual([SICHERHEIT]);
  });
});

describe('vermoegensschadenhaftpflicht flow: pruning and validateSubmission', () => {
  it('another profession drops the old risk answers; the search text and empty IHK number are dropped', () => {
    const switched = { ...complete, beruf: { ...beruf, beruf: 'vh-coaching' } };
    const pruned = pruneAnswers(flow, switched, 'antrag');
    expect(pruned).not.toHaveProperty('risikofragen-vh-it-beratung');
    expect(pruned['beruf']).not.toHaveProperty('berufSuche');
    expect(pruned['beruf']).not.toHaveProperty('ihkNummer');
  });

  it('a complete application gives the parsed data of every path step', () => {
    const result = validateSubmission(flow, complete, 'antrag');
    expect(result).toMatchObject({ ok: true, steps: pathWith('risikofragen-vh-it-beratung') });
    if (!result.ok) return;
    expect(result.data['beruf']).toEqual({
      beruf: 'vh-it-beratung',
      jahresumsatzCents: 18_000_000,
      selbstbeteiligung: 'SB_KEINE',
      buerohaftpflicht: true,
      phvAnzahl: 'EINS',
    });
  });

  it('the profession page names its missing answers in German; a forged risk page is refused', () => {
    const answers = {
      ...complete,
      beruf: { beruf: 'vh-it-beratung', jahresumsatzCents: 50_000, buerohaftpflicht: 'ja' },
      'risikofragen-vh-sachverstaendiger': { 'vh-sachverstaendiger-bau': 'NEIN' },
    };
    const result = validateSubmission(flow, answers, 'antrag');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        stepId: 'risikofragen-vh-sachverstaendiger',
        path: '',
        message: SUBMISSION_MESSAGES.unreachableStep,
      },
      {
        stepId: 'beruf',
        path: 'jahresumsatzCents',
        message: 'Bitte geben Sie Ihren Jahresumsatz in Euro an, mindestens 1.000,00 EUR.',
      },
      {
        stepId: 'beruf',
        path: 'selbstbeteiligung',
        message: 'Bitte wählen Sie eine angebotene Selbstbeteiligung.',
      },
      {
        stepId: 'beruf',
        path: 'buerohaftpflicht',
        message: 'Bitte geben Sie an, ob Sie eine Bürohaftpflicht wünschen.',
      },
      {
        stepId: 'beruf',
        path: 'phvAnzahl',
        message: 'Bitte wählen Sie, für wie viele Personen die Privathaftpflicht gelten soll.',
      },
    ]);
  });

  it('the first generation offers no 1 Mio EUR sum', () => {
    const generationOne = createVhFlow({ today, generation: 'VH' });
    expect(validateSubmission(generationOne, complete, 'antrag')).toMatchObject({
      ok: false,
      errors: [{ stepId: 'tarif', path: 'variante', message: VH_FLOW_MESSAGES.variante }],
    });
  });
});

describe('vermoegensschadenhaftpflicht application: pricing request and contract terms', () => {
  // The server adds the generation of new business (request-schemas.ts).
  const price = (request: Record<string, unknown>) =>
    priceVh(vhRatingInputSchema.parse({ ...request, generation: 'VH_2' }), { today });

  it('a complete application prices the chosen sum and becomes a VH contract with its covers', () => {
    const { offer, terms, choice } = expectCompleteApplication({
      application: vhApplication,
      context,
      answers: complete,
      price,
    });
    expect(choice).toEqual({
      variante: 'VH_1000',
      zahlweise: 'MONATLICH',
      versicherungsbeginn: addDays(today, 14),
    });
    expect(offer.kind === 'quote' && offer.variants.map((variant) => variant.variant)).toEqual(['VH_1000']);
    expect(terms).toEqual({
      details: {
        produktKey: 'VH',
        versicherteGewerbe: { hauptgewerbe: 'vh-it-beratung', nebengewerbe: [] },
        jahresumsatz: { value: 18_000_000, isAdjustable: true },
        phvAnzahl: 'EINS',
        vh: { versicherteGefahren: { buerohaftpflicht: true, phv: true } },
      },
      selbstbeteiligung: { einheit: 'ABSOLUT', option: 'SB_KEINE' },
    });
  });

  it('without the office liability box the request and the contract say false', () => {
    const answers = { ...complete, beruf: { ...beruf, buerohaftpflicht: '', phvAnzahl: 'KEINE' } };
    expect(vhApplication.pricingRequest(answers)).toMatchObject({
      buerohaftpflicht: false,
      phvAnzahl: 'KEINE',
    });
    const { terms } = expectCompleteApplication({ application: vhApplication, context, answers, price });
    expect(terms.details).toMatchObject({
      phvAnzahl: 'KEINE',
      vh: { versicherteGefahren: { buerohaftpflicht: false, phv: false } },
    });
  });

  it('the request carries the profession’s risk answers, without the generation; none while open', () => {
    expect(vhApplication.pricingRequest(complete)).toEqual({
      beruf: 'vh-it-beratung',
      jahresumsatzCents: 18_000_000,
      selbstbeteiligung: 'SB_KEINE',
      buerohaftpflicht: true,
      phvAnzahl: 'EINS',
      risikofragen: { 'vh-it-beratung-sicherheitskritisch': 'NEIN' },
    });
    expect(vhApplication.pricingRequest({ beruf: { ...beruf, phvAnzahl: '' } })).toBeUndefined();
  });

  it('a knock-out answer lets the tariff refuse with the question', () => {
    const answers = {
      ...complete,
      'risikofragen-vh-it-beratung': { 'vh-it-beratung-sicherheitskritisch': 'JA' },
    };
    const result = price(vhApplication.pricingRequest(answers) ?? {});
    expect(result).toMatchObject({ kind: 'uninsurable', code: 'VH_RISK_QUESTION' });
    expect(result.kind === 'uninsurable' && result.reason).toContain(SICHERHEIT);
  });

  it('the comparison shows the generation’s sums and recommends 500.000 EUR', () => {
    const { variants, features } = vhApplication.comparison(context);
    expect(variants.map((variant) => variant.value)).toEqual(['VH_250', 'VH_500', 'VH_1000']);
    expect(variants.find((variant) => variant.recommended)?.value).toBe('VH_500');
    expect(features[0]?.variantOptionRelation['VH_500']?.text).toBe('500.000,00 EUR');
    const old = vhApplication.comparison({ ...context, newProductGenerations: false });
    expect(old.variants.map((variant) => variant.value)).toEqual(['VH_250', 'VH_500']);
  });
});
