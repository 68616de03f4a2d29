// The THV flow as tables [answers → path], its coverage, pruning, the refusal of listed dangerous
// breeds by Land with a German reason, the conditions step for Kategorie 2 dogs, and the complete
// application priced by the THV tariff. Fixed day.
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
  hunde: { bundesland: 'BY', hunde: [bello, luna], selbstbeteiligung: 'SB_250' },
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

const rocky = { name: 'Rocky', rasse: 'rottweiler' };
/** A Rottweiler in Bayern (Kategorie 2) with the conditions confirmed. */
const listed: FlowAnswers = {
  ...complete,
  hunde: { bundesland: 'BY', hunde: [rocky], selbstbeteiligung: 'SB_250' },
  auflagen: { listenhundAuflagenErfuellt: true },
};
const withAuflagen = (path: readonly string[]) =>
  path.flatMap((id) => (id === 'hunde' ? ['hunde', 'auflagen'] : [id]));

const ROWS: FlowTableRow[] = [
  { name: 'nothing answered yet', channel: 'antrag', answers: {}, expected: DIRECT_PATH },
  { name: 'two dogs', channel: 'antrag', answers: complete, expected: DIRECT_PATH },
  {
    name: 'a Rottweiler in Bayern (Kategorie 2) leads to the conditions',
    channel: 'antrag',
    answers: listed,
    expected: withAuflagen(DIRECT_PATH),
  },
  {
    name: 'a mix with a Rottweiler in Hessen leads to the conditions too',
    channel: 'antrag',
    answers: {
      ...listed,
      hunde: {
        bundesland: 'HE',
        hunde: [{ name: 'Kira', rasse: 'mischling-gross', mischling: true, mischlingsRasse: 'rottweiler' }],
        selbstbeteiligung: 'SB_KEINE',
      },
    },
    expected: withAuflagen(DIRECT_PATH),
  },
  {
    name: 'a Rottweiler in Niedersachsen (no breed list) needs no conditions',
    channel: 'antrag',
    answers: { ...listed, hunde: { ...listed['hunde'], bundesland: 'NI' } },
    expected: DIRECT_PATH,
  },
  {
    name: 'the Land still open: no conditions step yet',
    channel: 'antrag',
    answers: { hunde: { hunde: [rocky] } },
    expected: DIRECT_PATH,
  },
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
  hunde: { bundesland: 'BY', hunde, selbstbeteiligung: 'SB_250' },
});
const inLand = (bundesland: string, ...hunde: object[]): FlowAnswers => ({
  ...complete,
  hunde: { bundesland, hunde, selbstbeteiligung: 'SB_250' },
});

describe('tierhalterhaftpflicht flow: paths and fields', () => {
  it.each(ROWS)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row', () => {
    expect(unvisitedSteps(flow, ROWS)).toEqual([]);
  });

  it('the Land comes first, as a select of the 16 Länder', () => {
    const land = flow.steps[0]?.fields?.[0];
    expect(land).toMatchObject({
      key: 'bundesland',
      kind: 'select',
      label: 'In welchem Bundesland leben Ihre Hunde?',
    });
    expect(land && 'options' in land ? land.options.map((option) => option.label) : []).toHaveLength(16);
    expect(land && 'options' in land ? land.options[1] : undefined).toEqual({ value: 'BY', label: 'Bayern' });
  });

  it('each dog has name, breed finder, mix, the mix’s breed (shown for a mix) and chip number', () => {
    const list = flow.steps[0]?.fields?.[1];
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

  it('drops the confirmed conditions once the dog is no Listenhund of the Land', () => {
    const moved = { ...listed, hunde: { ...listed['hunde'], bundesland: 'NI' } };
    expect(pruneAnswers(flow, moved, 'antrag')).not.toHaveProperty('auflagen');
    expect(pruneAnswers(flow, listed, 'antrag')).toHaveProperty('auflagen');
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
      bundesland: 'BY',
      hunde: [
        { name: 'Bello', rasse: 'labrador-retriever', mischling: false, chipOrTattoo: '276098106543210' },
        { name: 'Luna', rasse: 'pudel-zwerg', mischling: true, mischlingsRasse: 'beagle' },
      ],
      selbstbeteiligung: 'SB_250',
    });
  });

  it('a Kategorie 1 breed of the Land is refused at the dog with a clear German reason', () => {
    const result = validateSubmission(flow, withDogs(bello, { name: 'Tosa', rasse: 'tosa-inu' }), 'antrag');
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          stepId: 'hunde',
          path: 'hunde.1.rasse',
          message:
            'Hunde der Rasse „Tosa Inu“ und Mischlinge mit dieser Rasse gelten in Bayern als gefährliche Hunde, für die wir leider keinen Versicherungsschutz anbieten können.',
        },
      ],
    });
  });

  it('the same breed is insurable in a Land that does not list it', () => {
    const result = validateSubmission(
      flow,
      inLand('NI', bello, { name: 'Tosa', rasse: 'tosa-inu' }),
      'antrag',
    );
    expect(result.ok).toBe(true);
  });

  it('a Kategorie 2 dog without the confirmed conditions is refused at the conditions step', () => {
    const { auflagen: _auflagen, ...withoutConfirmation } = listed;
    expect(validateSubmission(flow, withoutConfirmation, 'antrag')).toEqual({
      ok: false,
      errors: [
        { stepId: 'auflagen', path: 'listenhundAuflagenErfuellt', message: THV_FLOW_MESSAGES.auflagen },
      ],
    });
    expect(validateSubmission(flow, listed, 'antrag')).toMatchObject({
      ok: true,
      steps: withAuflagen(DIRECT_PATH),
    });
  });

  it('a confirmation sent for a dog that needs none is an answer of a step off the path', () => {
    const result = validateSubmission(
      flow,
      { ...complete, auflagen: { listenhundAuflagenErfuellt: true } },
      'antrag',
    );
    expect(result).toEqual({
      ok: false,
      errors: [{ stepId: 'auflagen', path: '', message: SUBMISSION_MESSAGES.unreachableStep }],
    });
  });

  it('the Land must be one of the 16 Länder', () => {
    const result = validateSubmission(flow, inLand('XX', bello), 'antrag');
    expect(result).toEqual({
      ok: false,
      errors: [{ stepId: 'hunde', path: 'bundesland', message: THV_FLOW_MESSAGES.bundesland }],
    });
  });

  it('a mix with a listed breed is refused at the mix’s breed', () => {
    const mix = {
      name: 'Kira',
      rasse: 'mischling-mittel',
      mischling: true,
      mischlingsRasse: 'pitbull-terrier',
    };
    expect(validateSubmission(flow, inLand('NI', mix), 'antrag')).toEqual({
      ok: false,
      errors: [
        {
          stepId: 'hunde',
          path: 'hunde.0.mischlingsRasse',
          message: THV_FLOW_MESSAGES.listenhund('Pitbull-Terrier', 'NI'),
        },
      ],
    });
  });

  it('the page refuses what the tariff would refuse: the same reason as the tariff', () => {
    const request = tierhalterhaftpflichtApplication.pricingRequest(
      withDogs({ name: 'Tosa', rasse: 'tosa-inu' }),
    );
    const priced = priceThv(thvRatingInputSchema.parse(request));
    expect(priced).toMatchObject({
      kind: 'uninsurable',
      code: 'THV_DANGEROUS_BREED',
      reason: THV_FLOW_MESSAGES.listenhund('Tosa Inu', 'BY'),
    });
  });

  it('the tariff prices a Kategorie 2 dog only with the confirmed conditions, at the normal price', () => {
    const { auflagen: _auflagen, ...open } = listed;
    const unconfirmed = priceThv(
      thvRatingInputSchema.parse(tierhalterhaftpflichtApplication.pricingRequest(open)),
    );
    expect(unconfirmed).toMatchObject({ kind: 'uninsurable', code: 'THV_LISTED_BREED_CONDITIONS' });
    const confirmed = priceThv(
      thvRatingInputSchema.parse(tierhalterhaftpflichtApplication.pricingRequest(listed)),
    );
    const inNiedersachsen = priceThv(
      thvRatingInputSchema.parse(
        tierhalterhaftpflichtApplication.pricingRequest({
          ...open,
          hunde: { ...open['hunde'], bundesland: 'NI' },
        }),
      ),
    );
    expect(confirmed.kind).toBe('quote');
    expect(confirmed).toEqual(inNiedersachsen);
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
    const none = {
      ...complete,
      hunde: { bundesland: 'BY', hunde: [], selbstbeteiligung: 'SB_KEINE', beitragCents: 1 },
    };
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
    expect(result.errors.map((error) => `${error.stepId}.${error.path}`).slice(0, 4)).toEqual([
      'hunde.bundesland',
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
        bundesland: 'BY',
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
    expect(
      tierhalterhaftpflichtApplication.pricingRequest({
        ...complete,
        hunde: { ...complete['hunde'], bundesland: '' },
      }),
    ).toBeUndefined();
    expect(tierhalterhaftpflichtApplication.pricingRequest(complete)).toEqual({
      bundesland: 'BY',
      hunde: [
        { rasse: 'labrador-retriever', mischling: false },
        { rasse: 'pudel-zwerg', mischling: true, mischlingsRasse: 'beagle' },
      ],
      selbstbeteiligung: 'SB_250',
    });
  });

  it('a Kategorie 2 dog’s contract keeps the Land and the confirmed conditions', () => {
    const { terms } = expectCompleteApplication({
      application: tierhalterhaftpflichtApplication,
      context,
      answers: listed,
      price,
    });
    expect(terms.details).toMatchObject({ bundesland: 'BY', listenhundAuflagenErfuellt: true });
  });

  it('the comparison lists the three variants with their sums', () => {
    const { variants, features } = tierhalterhaftpflichtApplication.comparison(context);
    expect(variants.map((variant) => variant.value)).toEqual(['THV_BASIS', 'THV_KOMFORT', 'THV_PREMIUM']);
    expect(features[0]?.variantOptionRelation['THV_BASIS']).toEqual({ included: true, text: '5 Mio. EUR' });
  });
});
