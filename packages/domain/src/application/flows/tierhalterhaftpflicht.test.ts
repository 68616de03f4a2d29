// The THV flow as tables [answers → path], its coverage, pruning, the refusal of listed dangerous
// breeds with a German reason, and the complete application priced by the THV tariff. Fixed day.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../dates/calendar-date';
import { priceThv, thvRatingInputSchema } from '../../products/thv/tariff';
import { notGerman } from '../../validation/german-messages.test-helper';
import type { FlowAnswers } from '../flow';
import { AGENT_WAIVER, withAgentWaiver, unvisitedSteps } from '../flow-table.test-helper';
import type { FlowTableRow } from '../flow-table.test-helper';
import { pruneAnswers, reachableSteps } from '../navigation';
import { expectCompleteApplication } from '../product-application.test-helper';
import { SUBMISSION_MESSAGES, validateSubmission } from '../submission';
import {
  createTierhalterhaftpflichtFlow,
  THV_FLOW_MESSAGES,
  tierhalterhaftpflichtApplication,
} from './tierhalterhaftpflicht';

const today = '2026-06-15';
const flow = createTierhalterhaftpflichtFlow({ today });

const bello = { name: ' Bello ', rasse: 'labrador-retriever', chipOrTattoo: '276098106543210' };
const luna = {
  name: 'Luna',
  rasse: 'pudel-zwerg',
  mischling: true,
  mischlingsRasse: 'beagle',
  chipOrTattoo: '',
};

/** Two dogs (one a mix), 250 EUR deductible, Komfort, paid quarterly. */
const complete: FlowAnswers = {
  hunde: { hunde: [bello, luna], selbstbeteiligung: 'SB_250' },
  tarif: { deckungsVariante: 'THV_KOMFORT' },
  beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'VIERTELJAEHRLICH' },
  person: {
    vorname: 'Erika',
    nachname: 'Mustermann',
    geburtsdatum: '1985-04-12',
    email: 'erika@beispiel.de',
  },
  adresse: { strasse: 'Hauptstraße', hausnummer: '12a', plz: '80331', ort: 'München' },
  sepa: { kontoinhaber: 'Erika Mustermann', iban: 'DE44500105175407324931', sepaMandat: true },
  beratungsverzicht: { beratungsverzicht: true },
  dokumente: {},
  erklaerung: { antragVerbindlich: true },
};

const DIRECT_PATH = [
  'hunde',
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
  { name: 'two dogs', channel: 'antrag', answers: complete, expected: DIRECT_PATH },
  {
    name: 'the public agent link waives advice',
    channel: 'beratung',
    answers: complete,
    expected: DIRECT_PATH,
  },
  {
    name: 'agent advice documents the consultation',
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

const withDogs = (...hunde: object[]): FlowAnswers => ({
  ...complete,
  hunde: { hunde, selbstbeteiligung: 'SB_250' },
});

describe('tierhalterhaftpflicht flow: paths and fields', () => {
  it.each(ROWS)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row', () => {
    expect(unvisitedSteps(flow, ROWS)).toEqual([]);
  });

  it('each dog has name, breed finder, mix, the mix’s breed (shown for a mix) and chip number', () => {
    const list = flow.steps[0]?.fields?.[0];
    expect(list).toMatchObject({ kind: 'list', min: 1, max: 3 });
    const items = list && 'itemFields' in list ? list.itemFields : [];
    expect(items.map((field) => [field.key, field.kind])).toEqual([
      ['name', 'text'],
      ['rasse', 'finder'],
      ['mischling', 'checkbox'],
      ['mischlingsRasse', 'finder'],
      ['chipOrTattoo', 'text'],
    ]);
    expect(items[1]).toMatchObject({ finder: 'hunderasse' });
    expect(items[3]).toMatchObject({ finder: 'hunderasse', visibleWhen: { key: 'mischling', in: [true] } });
  });
});

describe('tierhalterhaftpflicht flow: pruning', () => {
  it('drops empty chip numbers inside the list and keeps the rest', () => {
    const pruned = pruneAnswers(flow, complete, 'antrag');
    expect(pruned['hunde']?.['hunde']).toEqual([
      bello,
      { name: 'Luna', rasse: 'pudel-zwerg', mischling: true, mischlingsRasse: 'beagle' },
    ]);
  });

  it('drops the agent’s advice page the direct channel does not show', () => {
    const answers = { ...complete, beratung: { beratungsort: 'onAgencySite' } };
    expect(pruneAnswers(flow, answers, 'antrag')).not.toHaveProperty('beratung');
  });
});

describe('tierhalterhaftpflicht flow: validateSubmission', () => {
  it('a complete application gives the parsed dogs', () => {
    const result = validateSubmission(flow, complete, 'antrag');
    expect(result).toMatchObject({ ok: true, steps: DIRECT_PATH });
    if (!result.ok) return;
    expect(result.data['hunde']).toEqual({
      hunde: [
        { name: 'Bello', rasse: 'labrador-retriever', mischling: false, chipOrTattoo: '276098106543210' },
        { name: 'Luna', rasse: 'pudel-zwerg', mischling: true, mischlingsRasse: 'beagle' },
      ],
      selbstbeteiligung: 'SB_250',
    });
  });

  it('a listed dangerous breed is refused at the dog with a clear German reason', () => {
    const result = validateSubmission(
      flow,
      withDogs(bello, { name: 'Rocky', rasse: 'rottweiler' }),
      'antrag',
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          stepId: 'hunde',
          path: 'hunde.1.rasse',
          message:
            'Für Hunde der Rasse „Rottweiler“ und Mischlinge mit dieser Rasse können wir leider keinen Versicherungsschutz anbieten, weil die Rasse in Deutschland als gefährlicher Hund gelistet ist.',
        },
      ],
    });
  });

  it('a mix with a listed breed is refused at the mix’s breed', () => {
    const mix = {
      name: 'Kira',
      rasse: 'mischling-mittel',
      mischling: true,
      mischlingsRasse: 'pitbull-terrier',
    };
    expect(validateSubmission(flow, withDogs(mix), 'antrag')).toEqual({
      ok: false,
      errors: [
        {
          stepId: 'hunde',
          path: 'hunde.0.mischlingsRasse',
          message: THV_FLOW_MESSAGES.gefaehrlicheRasse('Pitbull-Terrier'),
        },
      ],
    });
  });

  it('the page refuses what the tariff would refuse: the same reason as the tariff', () => {
    const request = tierhalterhaftpflichtApplication.pricingRequest(
      withDogs({ name: 'Rocky', rasse: 'rottweiler' }),
    );
    const priced = priceThv(thvRatingInputSchema.parse(request));
    expect(priced).toMatchObject({
      kind: 'uninsurable',
      code: 'THV_DANGEROUS_BREED',
      reason: THV_FLOW_MESSAGES.gefaehrlicheRasse('Rottweiler'),
    });
  });

  it('at most three dogs online', () => {
    expect(validateSubmission(flow, withDogs(bello, luna, bello, luna), 'antrag')).toEqual({
      ok: false,
      errors: [{ stepId: 'hunde', path: 'hunde', message: THV_FLOW_MESSAGES.zuVieleHunde }],
    });
  });

  it('each dog needs a name and a breed from the list; a second breed only for a mix', () => {
    const result = validateSubmission(
      flow,
      withDogs(
        { name: ' ', rasse: 'wolf' },
        { name: 'Max', rasse: 'beagle', mischlingsRasse: 'pudel-gross' },
      ),
      'antrag',
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        { stepId: 'hunde', path: 'hunde.0.name', message: THV_FLOW_MESSAGES.name },
        { stepId: 'hunde', path: 'hunde.0.rasse', message: 'Bitte wählen Sie eine Rasse aus der Liste.' },
        {
          stepId: 'hunde',
          path: 'hunde.1.mischlingsRasse',
          message: THV_FLOW_MESSAGES.mischlingsRasseOhneMischling,
        },
      ],
    });
  });

  it('no dog at all: a German message, and a premium sent along is an unknown field', () => {
    const none = { ...complete, hunde: { hunde: [], selbstbeteiligung: 'SB_KEINE', beitragCents: 1 } };
    const result = validateSubmission(flow, none, 'antrag');
    expect(result).toEqual({
      ok: false,
      errors: [
        { stepId: 'hunde', path: 'beitragCents', message: SUBMISSION_MESSAGES.unknownField },
        { stepId: 'hunde', path: 'hunde', message: THV_FLOW_MESSAGES.hunde },
      ],
    });
  });

  it('an empty application names every required field in German', () => {
    const result = validateSubmission(flow, {}, 'antrag');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => `${error.stepId}.${error.path}`).slice(0, 3)).toEqual([
      'hunde.hunde',
      'hunde.selbstbeteiligung',
      'tarif.deckungsVariante',
    ]);
    for (const error of result.errors) expect(notGerman(error.message)).toBe(false);
  });
});

describe('tierhalterhaftpflicht application: pricing request and contract terms', () => {
  const context = { today, newProductGenerations: false, travelHealthInsurance: false };
  const price = (request: Record<string, unknown>) => priceThv(thvRatingInputSchema.parse(request));

  it('a complete application becomes a THV contract with its dogs and the deductible', () => {
    const { offer, terms, choice } = expectCompleteApplication({
      application: tierhalterhaftpflichtApplication,
      context,
      answers: complete,
      price,
    });
    expect(choice).toEqual({
      variante: 'THV_KOMFORT',
      zahlweise: 'VIERTELJAEHRLICH',
      versicherungsbeginn: addDays(today, 1),
    });
    expect(offer.kind === 'quote' && offer.variants.map((variant) => variant.variant)).toEqual([
      'THV_KOMFORT',
    ]);
    expect(terms).toEqual({
      details: {
        produktKey: 'TIERHALTERHAFTPFLICHT',
        hunde: [
          { name: 'Bello', rasse: 'labrador-retriever', mischling: false, chipOrTattoo: '276098106543210' },
          { name: 'Luna', rasse: 'pudel-zwerg', mischling: true, mischlingsRasse: 'beagle' },
        ],
      },
      selbstbeteiligung: { einheit: 'ABSOLUT', option: 'SB_250' },
    });
  });

  it('the table is priced once every dog has a breed; names and chip numbers do not price', () => {
    expect(
      tierhalterhaftpflichtApplication.pricingRequest(withDogs(bello, { name: 'Luna', rasse: '' })),
    ).toBeUndefined();
    expect(tierhalterhaftpflichtApplication.pricingRequest({ hunde: { hunde: [bello] } })).toBeUndefined();
    expect(tierhalterhaftpflichtApplication.pricingRequest(complete)).toEqual({
      hunde: [
        { rasse: 'labrador-retriever', mischling: false },
        { rasse: 'pudel-zwerg', mischling: true, mischlingsRasse: 'beagle' },
      ],
      selbstbeteiligung: 'SB_250',
    });
  });

  it('the comparison lists the three variants with their sums', () => {
    const { variants, features } = tierhalterhaftpflichtApplication.comparison(context);
    expect(variants.map((variant) => variant.value)).toEqual(['THV_BASIS', 'THV_KOMFORT', 'THV_PREMIUM']);
    expect(features[0]?.variantOptionRelation['THV_BASIS']).toEqual({ included: true, text: '5 Mio. EUR' });
  });
});
