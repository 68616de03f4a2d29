// The two Sachinhalt flows as tables [answers → path] (general risk questions, the chosen trades'
// questions, the premises), pruning, the server's check with German messages, and the pricing
// request priced by the domain tariff. The day is fixed: the flow's date rules depend on it.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../dates/calendar-date';
import { SI_BUSINESS_TYPES, SI_GENERAL_RISK_QUESTIONS } from '../../products/si/business-types';
import type { SiProduktKey } from '../../products/si/catalogue';
import { priceSi, siRatingInputSchema } from '../../products/si/tariff';
import { notGerman } from '../../validation/german-messages.test-helper';
import type { FlowAnswers } from '../flow';
import { AGENT_WAIVER, withAgentWaiver, unvisitedSteps } from '../flow-table.test-helper';
import type { FlowTableRow } from '../flow-table.test-helper';
import { pruneAnswers, reachableSteps } from '../navigation';
import { expectCompleteApplication } from '../product-application.test-helper';
import { SUBMISSION_MESSAGES, validateSubmission } from '../submission';
import {
  createSiFlow,
  SI_FLOW_MESSAGES,
  siAllgefahrenApplication,
  siMehrgefahrenApplication,
} from './sachinhalt';

const today = '2026-06-15';
const context = { today, newProductGenerations: true, travelHealthInsurance: false };
const allgefahren = createSiFlow({ today, produkt: 'SI_ALLGEFAHREN' });
const mehrgefahren = createSiFlow({ today, produkt: 'SI_MEHRGEFAHREN' });

const betrieb = {
  hauptgewerbe: 'si-buero',
  hauptgewerbeSuche: 'Büro',
  nebengewerbe: [{ gewerbe: 'si-cafe-restaurant' }],
  versicherungssummeCents: 5_000_000,
  selbstbeteiligung: 'SB_500',
};
const allNo = { 'si-vorschaeden': 'NEIN', 'si-leerstand': 'NEIN', 'si-bauweise': 'NEIN' };
const FRITTEUSE = 'Betreiben Sie Fritteusen ohne selbsttätige Feuerlöschanlage in der Abzugshaube?';

/** A complete direct application: an office with a café on the side, premises in Potsdam. */
const complete: FlowAnswers = {
  betrieb,
  risikofragen: allNo,
  'risikofragen-si-cafe-restaurant': { 'si-cafe-restaurant-fritteuse': 'NEIN' },
  vorversicherung: {
    vorversicherung: 'JA',
    vorversicherer: 'Beispiel Versicherung AG',
    gekuendigt: 'JA',
    kuendigungsstatus: 'SCHIRM_KUENDIGUNGSSTATUS_HABE',
  },
  betriebsstaette: { strasse: 'Brandenburger Straße', hausnummer: '7', plz: '14467', ort: 'Potsdam' },
  tarif: { variante: 'SI_OPTIMAL' },
  beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'VIERTELJAEHRLICH' },
  antragsteller: {
    personArt: 'NatuerlichePersonDTO',
    vorname: 'Erika',
    nachname: 'Mustermann',
    geburtsdatum: '1980-02-29',
    email: 'erika@beispiel.de',
  },
  adresse: { strasse: 'Hauptstraße', hausnummer: '12a', plz: '10115', ort: 'Berlin' },
  sepa: { kontoinhaber: 'Erika Mustermann', iban: 'DE44500105175407324931', sepaMandat: true },
  beratungsverzicht: { beratungsverzicht: true },
  dokumente: {},
  erklaerung: { antragVerbindlich: true },
};

const TAIL = [
  'vorversicherung',
  'betriebsstaette',
  'tarif',
  'beginn',
  'antragsteller',
  'adresse',
  'sepa',
  'beratungsverzicht',
  'dokumente',
  'erklaerung',
];
const pathWith = (...tradeSteps: string[]) => ['betrieb', 'risikofragen', ...tradeSteps, ...TAIL];

function rowsFor(produkt: SiProduktKey): FlowTableRow[] {
  const general = new Set(SI_GENERAL_RISK_QUESTIONS.map((question) => question.id));
  const tradesWithOwnQuestions = SI_BUSINESS_TYPES.filter(
    (type) => type.products.includes(produkt) && type.riskQuestions.some((q) => !general.has(q.id)),
  );
  return [
    { name: 'nothing answered yet', channel: 'antrag', answers: {}, expected: pathWith() },
    {
      name: 'a trade with only the general questions asks no trade page',
      channel: 'antrag',
      answers: { betrieb: { ...betrieb, nebengewerbe: [] } },
      expected: pathWith(),
    },
    {
      name: 'a secondary trade asks its own questions',
      channel: 'beratung',
      answers: complete,
      expected: pathWith('risikofragen-si-cafe-restaurant'),
    },
    {
      name: 'agent advice documents the consultation instead of a waiver',
      channel: 'vermittler-beratung',
      answers: complete,
      expected: pathWith('risikofragen-si-cafe-restaurant').map((id) =>
        id === 'beratungsverzicht' ? 'beratung' : id,
      ),
    },
    {
      name: 'the customer waives advice to the agent by a separate declaration',
      channel: 'vermittler-beratung',
      answers: { ...complete, beratung: AGENT_WAIVER },
      expected: withAgentWaiver(
        pathWith('risikofragen-si-cafe-restaurant').map((id) =>
          id === 'beratungsverzicht' ? 'beratung' : id,
        ),
      ),
    },
    ...tradesWithOwnQuestions.map((type): FlowTableRow => ({
      name: `main trade ${type.id} asks its questions`,
      channel: 'antrag',
      answers: { betrieb: { hauptgewerbe: type.id } },
      expected: pathWith(`risikofragen-${type.id}`),
    })),
  ];
}

describe.each([
  ['SI_ALLGEFAHREN', allgefahren],
  ['SI_MEHRGEFAHREN', mehrgefahren],
] as const)('%s flow: paths', (produkt, flow) => {
  const rows = rowsFor(produkt);

  it.each(rows)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row', () => {
    expect(unvisitedSteps(flow, rows)).toEqual([]);
  });

  it('every step has a German title', () => {
    for (const step of flow.steps) expect(notGerman(step.title)).toBe(false);
  });
});

describe('sachinhalt flows: the products differ in their trades', () => {
  it('a trade only Mehrgefahren insures has no question page in the Allgefahren flow', () => {
    const ids = (steps: readonly { id: string }[]) => steps.map((step) => step.id);
    expect(ids(mehrgefahren.steps)).toContain('risikofragen-si-druckerei');
    expect(ids(allgefahren.steps)).not.toContain('risikofragen-si-druckerei');
    const finder = (flow: typeof allgefahren) =>
      flow.steps[0]?.fields?.find((field) => field.key === 'hauptgewerbe');
    expect(finder(allgefahren)).toMatchObject({ finder: 'gewerbeart', produkt: 'SI_ALLGEFAHREN' });
    expect(finder(mehrgefahren)).toMatchObject({ finder: 'gewerbeart', produkt: 'SI_MEHRGEFAHREN' });
  });
});

describe('sachinhalt flow: pruning and validateSubmission', () => {
  const flow = allgefahren;

  it('dropping the secondary trade drops its questions, the general ones stay', () => {
    const switched = { ...complete, betrieb: { ...betrieb, nebengewerbe: [] } };
    const pruned = pruneAnswers(flow, switched, 'antrag');
    expect(pruned).not.toHaveProperty('risikofragen-si-cafe-restaurant');
    expect(pruned['risikofragen']).toEqual(allNo);
    expect(pruned['betrieb']).not.toHaveProperty('hauptgewerbeSuche');
  });

  it('a complete application gives the parsed data of every path step', () => {
    const result = validateSubmission(flow, complete, 'antrag');
    expect(result).toMatchObject({ ok: true, steps: pathWith('risikofragen-si-cafe-restaurant') });
    if (!result.ok) return;
    expect(result.data['betriebsstaette']).toEqual(complete['betriebsstaette']);
    expect(result.data['vorversicherung']).toEqual(complete['vorversicherung']);
  });

  it('the general questions must be answered; a page of a trade not chosen is refused', () => {
    const answers = {
      ...complete,
      risikofragen: { 'si-vorschaeden': 'NEIN', 'si-leerstand': 'vielleicht' },
      'risikofragen-si-lager': { 'si-lager-hochregal': 'NEIN' },
    };
    expect(validateSubmission(flow, answers, 'antrag')).toEqual({
      ok: false,
      errors: [
        { stepId: 'risikofragen-si-lager', path: '', message: SUBMISSION_MESSAGES.unreachableStep },
        { stepId: 'risikofragen', path: 'si-leerstand', message: SI_FLOW_MESSAGES.risikofrage },
        { stepId: 'risikofragen', path: 'si-bauweise', message: SI_FLOW_MESSAGES.risikofrage },
      ],
    });
  });

  it('the 5.000 EUR deductible needs a sum insured of 100.000 EUR; the premises need an address', () => {
    const answers = {
      ...complete,
      betrieb: { ...betrieb, selbstbeteiligung: 'SB_5000' },
      betriebsstaette: { strasse: 'Brandenburger Straße', hausnummer: '7', plz: '1446', ort: '' },
    };
    const result = validateSubmission(flow, answers, 'antrag');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => `${error.stepId}.${error.path}: ${error.message}`)).toEqual([
      `betrieb.selbstbeteiligung: ${SI_FLOW_MESSAGES.selbstbeteiligung5000}`,
      'betriebsstaette.plz: Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.',
      `betriebsstaette.ort: ${SI_FLOW_MESSAGES.ort}`,
    ]);
    const enough = {
      ...complete,
      betrieb: { ...betrieb, versicherungssummeCents: 10_000_000, selbstbeteiligung: 'SB_5000' },
    };
    expect(validateSubmission(flow, enough, 'antrag').ok).toBe(true);
  });
});

describe('sachinhalt applications: pricing request and contract terms', () => {
  const price = (request: Record<string, unknown>) => priceSi(siRatingInputSchema.parse(request), { today });

  it.each([
    [siAllgefahrenApplication, 'SI_ALLGEFAHREN'],
    [siMehrgefahrenApplication, 'SI_MEHRGEFAHREN'],
  ] as const)(
    '%#: a complete application becomes a contract of its product with the premises',
    (application, produkt) => {
      const { offer, terms } = expectCompleteApplication({ application, context, answers: complete, price });
      expect(offer).toMatchObject({ kind: 'quote', product: produkt });
      expect(offer.kind === 'quote' && offer.variants.map((variant) => variant.variant)).toEqual([
        'SI_OPTIMAL',
      ]);
      expect(terms).toEqual({
        details: {
          produktKey: produkt,
          versicherteGewerbe: { hauptgewerbe: 'si-buero', nebengewerbe: ['si-cafe-restaurant'] },
          risikoOrt: { plz: '14467', ort: 'Potsdam', strasse: 'Brandenburger Straße', hausnummer: '7' },
        },
        selbstbeteiligung: { einheit: 'ABSOLUT', option: 'SB_500' },
      });
    },
  );

  it('the request carries the product, the trades and the asked risk answers', () => {
    expect(siMehrgefahrenApplication.pricingRequest(complete)).toEqual({
      produkt: 'SI_MEHRGEFAHREN',
      versicherungssummeCents: 5_000_000,
      hauptgewerbe: 'si-buero',
      nebengewerbe: ['si-cafe-restaurant'],
      selbstbeteiligung: 'SB_500',
      risikofragen: { ...allNo, 'si-cafe-restaurant-fritteuse': 'NEIN' },
    });
    expect(
      siAllgefahrenApplication.pricingRequest({ betrieb: { ...betrieb, versicherungssummeCents: '' } }),
    ).toBeUndefined();
  });

  it('a knock-out answer lets the tariff refuse with the question', () => {
    const answers = {
      ...complete,
      'risikofragen-si-cafe-restaurant': { 'si-cafe-restaurant-fritteuse': 'JA' },
    };
    const result = price(siAllgefahrenApplication.pricingRequest(answers) ?? {});
    expect(result).toMatchObject({ kind: 'uninsurable', code: 'SI_RISIKOFRAGE' });
    expect(result.kind === 'uninsurable' && result.reason).toContain(FRITTEUSE);
  });

  it('a trade only Mehrgefahren insures is refused by the Allgefahren tariff with a hint', () => {
    const answers = { ...complete, betrieb: { ...betrieb, hauptgewerbe: 'si-druckerei', nebengewerbe: [] } };
    const result = price(siAllgefahrenApplication.pricingRequest(answers) ?? {});
    expect(result).toMatchObject({ kind: 'uninsurable', code: 'SI_GEWERBE_NICHT_IM_PRODUKT' });
  });

  it('the comparison shows the product’s covers and recommends Optimal', () => {
    const all = siAllgefahrenApplication.comparison(context);
    const named = siMehrgefahrenApplication.comparison(context);
    expect(all.variants.find((variant) => variant.recommended)?.value).toBe('SI_OPTIMAL');
    const labels = (rows: typeof all.features) => rows.map((row) => row.label);
    expect(labels(all.features)).toContain(
      'Alle weiteren plötzlichen und unvorhergesehenen Schäden (Allgefahren)',
    );
    expect(labels(named.features)).not.toContain(
      'Alle weiteren plötzlichen und unvorhergesehenen Schäden (Allgefahren)',
    );
    expect(
      all.features.find((row) => row.label === 'Ertragsausfall')?.variantOptionRelation['SI_KOMPAKT'],
    ).toEqual({ included: false });
  });
});
