// The bicycle flow as tables [answers → path], its coverage, pruning and the server's check of a
// submission with German field errors. The day is fixed: the flow's date rules depend on it.
import { describe, expect, it } from 'vitest';
import { addDays, addYears } from '../../dates/calendar-date';
import { fahrradRatingInputSchema, priceFahrrad } from '../../products/fahrrad/tariff';
import { expectCompleteApplication } from '../product-application.test-helper';
import { notGerman } from '../../validation/german-messages.test-helper';
import { IBAN_MESSAGES } from '../../validation/iban';
import type { FlowAnswers } from '../flow';
import { AGENT_WAIVER, withAgentWaiver, unvisitedSteps } from '../flow-table.test-helper';
import type { FlowTableRow } from '../flow-table.test-helper';
import { pruneAnswers, reachableSteps } from '../navigation';
import { flowAnswersSchema, SUBMISSION_MESSAGES, validateSubmission } from '../submission';
import { createFahrradFlow, fahrradApplication, FAHRRAD_FLOW_MESSAGES } from './fahrrad';

const today = '2026-06-15';
const flow = createFahrradFlow({ today, generation: 'FAHRRAD_2' });

const fahrrad = {
  art: 'EBIKE',
  typ: 'SONSTIGES_RAD',
  hersteller: 'Riese & Müller',
  herstellerSuche: 'Riese',
  kaufpreisCents: 450_000,
  kaufdatum: '2026-03-01',
  zustand: 'NEU',
  rahmennummer: '',
};

/** A complete direct application with the Komfort package. */
const complete: FlowAnswers = {
  fahrrad,
  tarif: { deckungsVariante: 'FAHRRAD_KOMFORT' },
  beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'MONATLICH' },
  person: {
    vorname: ' Erika ',
    nachname: 'Mustermann',
    geburtsdatum: '1985-04-12',
    email: 'erika@beispiel.de',
    telefon: '',
  },
  adresse: { strasse: 'Hauptstraße', hausnummer: '12a', plz: '10115', ort: 'Berlin' },
  sepa: {
    kontoinhaber: 'Erika Mustermann',
    iban: 'de44 5001 0517 5407 3249 31',
    sepaMandat: true,
    bankName: 'ING',
  },
  beratungsverzicht: { beratungsverzicht: true },
  dokumente: {},
  erklaerung: { antragVerbindlich: true },
};

const DIRECT_PATH = [
  'fahrrad',
  'tarif',
  'beginn',
  'person',
  'adresse',
  'sepa',
  'beratungsverzicht',
  'dokumente',
  'erklaerung',
];
const withBausteine = (path: readonly string[]) => [...path.slice(0, 2), 'bausteine', ...path.slice(2)];

const ROWS: FlowTableRow[] = [
  { name: 'nothing answered yet', channel: 'antrag', answers: {}, expected: DIRECT_PATH },
  { name: 'a package', channel: 'antrag', answers: complete, expected: DIRECT_PATH },
  {
    name: 'an individual package asks for the covers',
    channel: 'antrag',
    answers: { ...complete, tarif: { deckungsVariante: 'FAHRRAD_INDIVIDUELL' } },
    expected: withBausteine(DIRECT_PATH),
  },
  {
    name: 'an empty variant does not ask for covers',
    channel: 'antrag',
    answers: { tarif: { deckungsVariante: '' }, bausteine: { deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL'] } },
    expected: DIRECT_PATH,
  },
  {
    name: 'the public agent link waives advice like the direct channel',
    channel: 'beratung',
    answers: complete,
    expected: DIRECT_PATH,
  },
  {
    name: 'agent advice documents the consultation instead of a waiver',
    channel: 'vermittler-beratung',
    answers: { ...complete, tarif: { deckungsVariante: 'FAHRRAD_INDIVIDUELL' } },
    expected: withBausteine(DIRECT_PATH.map((id) => (id === 'beratungsverzicht' ? 'beratung' : id))),
  },
  {
    name: 'the customer waives advice to the agent by a separate declaration',
    channel: 'vermittler-beratung',
    answers: { ...complete, tarif: { deckungsVariante: 'FAHRRAD_INDIVIDUELL' }, beratung: AGENT_WAIVER },
    expected: withAgentWaiver(
      withBausteine(DIRECT_PATH.map((id) => (id === 'beratungsverzicht' ? 'beratung' : id))),
    ),
  },
];

describe('fahrrad flow: paths', () => {
  it.each(ROWS)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row', () => {
    expect(unvisitedSteps(flow, ROWS)).toEqual([]);
  });

  it('every step has a German title', () => {
    for (const step of flow.steps) expect(notGerman(step.title)).toBe(false);
  });
});

describe('fahrrad flow: pruning', () => {
  it('switching from an individual package to a package drops the chosen covers', () => {
    const individual = {
      ...complete,
      tarif: { deckungsVariante: 'FAHRRAD_INDIVIDUELL' },
      bausteine: { deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'] },
    };
    expect(pruneAnswers(flow, individual, 'antrag')['bausteine']).toEqual(individual.bausteine);
    const switched = { ...individual, tarif: { deckungsVariante: 'FAHRRAD_PREMIUM' } };
    expect(pruneAnswers(flow, switched, 'antrag')).not.toHaveProperty('bausteine');
  });

  it('drops the finder text, the bank name and the empty frame number', () => {
    const pruned = pruneAnswers(flow, complete, 'antrag');
    expect(pruned['fahrrad']).not.toHaveProperty('herstellerSuche');
    expect(pruned['fahrrad']).not.toHaveProperty('rahmennummer');
    expect(pruned['sepa']).not.toHaveProperty('bankName');
    expect(pruned['person']).not.toHaveProperty('telefon');
  });

  it('the bike page is exactly what the tariff prices', () => {
    const { hersteller: _hersteller, ...rating } = pruneAnswers(flow, complete, 'antrag')['fahrrad'] ?? {};
    expect(fahrradRatingInputSchema.safeParse(rating).success).toBe(true);
  });
});

describe('fahrrad flow: validateSubmission', () => {
  it('a complete application gives the parsed relevant data of every step on the path', () => {
    const result = validateSubmission(flow, complete, 'antrag');
    expect(result).toMatchObject({ ok: true, steps: DIRECT_PATH });
    if (!result.ok) return;
    expect(result.data['person']).toEqual({
      vorname: 'Erika',
      nachname: 'Mustermann',
      geburtsdatum: '1985-04-12',
      email: 'erika@beispiel.de',
    });
    expect(result.data['sepa']).toEqual({
      kontoinhaber: 'Erika Mustermann',
      iban: 'DE44500105175407324931',
      sepaMandat: true,
    });
    expect(result.data['dokumente']).toEqual({});
  });

  it('an individual package needs its covers, with the tariff’s own message', () => {
    const answers = {
      ...complete,
      tarif: { deckungsVariante: 'FAHRRAD_INDIVIDUELL' },
      bausteine: { deckungen: [] },
    };
    expect(validateSubmission(flow, answers, 'antrag')).toEqual({
      ok: false,
      errors: [{ stepId: 'bausteine', path: 'deckungen', message: 'Bitte machen Sie eine Angabe.' }],
    });
    const noTheft = { ...answers, bausteine: { deckungen: ['FAHRRAD_DECKUNG_SCHUTZBRIEF'] } };
    expect(validateSubmission(flow, noTheft, 'antrag')).toMatchObject({
      ok: false,
      errors: [
        {
          stepId: 'bausteine',
          path: 'deckungen',
          message: 'Der Diebstahlschutz ist der Grundbaustein und muss gewählt sein.',
        },
      ],
    });
  });

  it('answers to a step the path no longer asks for are refused, not priced', () => {
    const forged = { ...complete, bausteine: { deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL'] } };
    expect(validateSubmission(flow, forged, 'antrag')).toEqual({
      ok: false,
      errors: [{ stepId: 'bausteine', path: '', message: SUBMISSION_MESSAGES.unreachableStep }],
    });
  });

  it('the agent’s advice page is refused in the direct channel', () => {
    const forged = { ...complete, beratung: { beratungsort: 'byPhone' } };
    expect(validateSubmission(flow, forged, 'antrag')).toMatchObject({
      ok: false,
      errors: [{ stepId: 'beratung', path: '' }],
    });
  });

  it('a premium sent along and an unknown step are refused', () => {
    const forged = {
      ...complete,
      tarif: { deckungsVariante: 'FAHRRAD_KOMFORT', beitragCents: 100 },
      rabatt: { x: 1 },
    };
    expect(validateSubmission(flow, forged, 'antrag')).toEqual({
      ok: false,
      errors: [
        { stepId: 'rabatt', path: '', message: SUBMISSION_MESSAGES.unknownStep },
        { stepId: 'tarif', path: 'beitragCents', message: SUBMISSION_MESSAGES.unknownField },
      ],
    });
  });

  it('field errors carry the step, the field and a German message', () => {
    const answers = {
      ...complete,
      beginn: { versicherungsbeginn: today, zahlweise: 'EINMALIG' },
      person: { ...complete['person'], geburtsdatum: addYears(today, -17), email: 'erika' },
      sepa: { kontoinhaber: '  ', iban: 'DE00 1234', sepaMandat: false },
      erklaerung: {},
    };
    const result = validateSubmission(flow, answers, 'antrag');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        stepId: 'beginn',
        path: 'versicherungsbeginn',
        message: 'Der Versicherungsbeginn muss zwischen dem 16.06.2026 und dem 15.06.2027 liegen.',
      },
      { stepId: 'beginn', path: 'zahlweise', message: 'Bitte wählen Sie eine Zahlweise.' },
      { stepId: 'person', path: 'geburtsdatum', message: 'Sie müssen mindestens 18 Jahre alt sein.' },
      {
        stepId: 'person',
        path: 'email',
        message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
      },
      { stepId: 'sepa', path: 'kontoinhaber', message: FAHRRAD_FLOW_MESSAGES.kontoinhaber },
      { stepId: 'sepa', path: 'iban', message: IBAN_MESSAGES.format },
      { stepId: 'sepa', path: 'sepaMandat', message: FAHRRAD_FLOW_MESSAGES.sepaMandat },
      { stepId: 'erklaerung', path: 'antragVerbindlich', message: FAHRRAD_FLOW_MESSAGES.erklaerung },
    ]);
    for (const error of result.errors) expect(notGerman(error.message)).toBe(false);
  });

  it('a body that is not answers per page is refused with a German message', () => {
    for (const body of [[], { fahrrad: 'Canyon' }, { fahrrad: [fahrrad] }]) {
      const parsed = flowAnswersSchema.safeParse(body);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(SUBMISSION_MESSAGES.malformed);
    }
    expect(flowAnswersSchema.safeParse(complete).success).toBe(true);
  });

  it("a page's own '__proto__' key is an unknown field and lends no answers", () => {
    const { vorname: _vorname, ...person } = complete['person'] ?? {};
    const forged = JSON.parse(JSON.stringify({ ...complete, person: { ...person } })) as Record<
      string,
      object
    >;
    forged['person'] = JSON.parse(`{"__proto__": {"vorname": "Erika"}, ${JSON.stringify(person).slice(1)}`);
    expect(validateSubmission(flow, forged as FlowAnswers, 'antrag')).toEqual({
      ok: false,
      errors: [
        { stepId: 'person', path: '__proto__', message: SUBMISSION_MESSAGES.unknownField },
        { stepId: 'person', path: 'vorname', message: FAHRRAD_FLOW_MESSAGES.vorname },
      ],
    });
  });

  it('an empty application names every required field in German', () => {
    const result = validateSubmission(flow, {}, 'vermittler-beratung');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => `${error.stepId}.${error.path}`)).toEqual([
      'fahrrad.art',
      'fahrrad.typ',
      'fahrrad.hersteller',
      'fahrrad.kaufpreisCents',
      'fahrrad.kaufdatum',
      'fahrrad.zustand',
      'tarif.deckungsVariante',
      'beginn.versicherungsbeginn',
      'beginn.zahlweise',
      'person.vorname',
      'person.nachname',
      'person.geburtsdatum',
      'person.email',
      'adresse.strasse',
      'adresse.hausnummer',
      'adresse.plz',
      'adresse.ort',
      'sepa.kontoinhaber',
      'sepa.iban',
      'sepa.sepaMandat',
      'beratung.beratungsort',
      'beratung.beratungsart',
      'erklaerung.antragVerbindlich',
    ]);
    for (const error of result.errors) expect(notGerman(error.message)).toBe(false);
  });

  it('the first generation offers only its packages and covers', () => {
    const generationOne = createFahrradFlow({ today, generation: 'FAHRRAD' });
    const premium = { ...complete, tarif: { deckungsVariante: 'FAHRRAD_PREMIUM' } };
    expect(validateSubmission(generationOne, premium, 'antrag')).toMatchObject({
      ok: false,
      errors: [
        { stepId: 'tarif', path: 'deckungsVariante', message: FAHRRAD_FLOW_MESSAGES.deckungsVariante },
      ],
    });
    const individual = {
      ...complete,
      tarif: { deckungsVariante: 'FAHRRAD_INDIVIDUELL' },
      bausteine: { deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'] },
    };
    expect(validateSubmission(generationOne, individual, 'antrag')).toMatchObject({
      ok: false,
      errors: [
        { stepId: 'bausteine', path: 'deckungen', message: FAHRRAD_FLOW_MESSAGES.bausteinNichtImTarif },
      ],
    });
  });
});

describe('fahrrad application: pricing request and contract terms', () => {
  const context = { today, newProductGenerations: true, travelHealthInsurance: false };
  const price = (request: Record<string, unknown>) =>
    priceFahrrad(fahrradRatingInputSchema.parse(request), { today });

  it('a complete application prices the chosen package and becomes a bicycle contract', () => {
    const { offer, terms, choice } = expectCompleteApplication({
      application: fahrradApplication,
      context,
      answers: complete,
      price,
    });
    expect(choice).toEqual({
      variante: 'FAHRRAD_KOMFORT',
      zahlweise: 'MONATLICH',
      versicherungsbeginn: addDays(today, 1),
    });
    expect(offer.kind === 'quote' && offer.variants.map((variant) => variant.variant)).toEqual([
      'FAHRRAD_KOMFORT',
    ]);
    expect(terms.details).toMatchObject({
      produktKey: 'FAHRRAD',
      fahrrad: {
        hersteller: 'Riese & Müller',
        art: 'EBIKE',
        versicherteRisiken: { diebstahl: true, reparaturOhneVerschleiss: true },
      },
    });
  });

  it('an individual package is priced with the chosen covers', () => {
    const answers = {
      ...complete,
      tarif: { deckungsVariante: 'FAHRRAD_INDIVIDUELL' },
      bausteine: { deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'] },
    };
    const { offer } = expectCompleteApplication({ application: fahrradApplication, context, answers, price });
    expect(offer.kind === 'quote' && offer.variants[0]?.variant).toBe('FAHRRAD_INDIVIDUELL');
  });

  it('the contract names the manufacturer the finder chose by its id', () => {
    const answers = { ...complete, fahrrad: { ...fahrrad, hersteller: 'riese-und-mueller' } };
    const { terms } = expectCompleteApplication({ application: fahrradApplication, context, answers, price });
    expect(terms.details).toMatchObject({ fahrrad: { hersteller: 'Riese & Müller' } });
  });

  it('no pricing request while a rating question is open', () => {
    expect(
      fahrradApplication.pricingRequest({ fahrrad: { ...fahrrad, kaufpreisCents: '' } }),
    ).toBeUndefined();
    expect(fahrradApplication.pricingRequest({ fahrrad })).toEqual({
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      kaufpreisCents: 450_000,
      kaufdatum: '2026-03-01',
      zustand: 'NEU',
    });
  });

  it('the comparison marks the recommended package and offers the individual one', () => {
    const { variants, features } = fahrradApplication.comparison(context);
    expect(variants.find((variant) => variant.recommended)?.value).toBe('FAHRRAD_KOMFORT');
    expect(variants.at(-1)?.value).toBe('FAHRRAD_INDIVIDUELL');
    expect(features.map((row) => row.label)).toContain('Schutzbrief');
  });

  it('every field a page shows is one its schema knows (checked by defineFlow)', () => {
    for (const step of flow.steps) expect(step.fields?.length ?? 0).toBeGreaterThan(0);
  });
});

describe('fahrrad flow: an offer is validated up to the documents step', () => {
  it('the declaration is not asked for yet, and the data stops before the documents', () => {
    const { erklaerung: _erklaerung, ...beforeDeclaration } = complete;
    const result = validateSubmission(flow, beforeDeclaration, 'antrag', { until: 'dokumente' });
    expect(result.ok && Object.keys(result.data)).toEqual(
      DIRECT_PATH.slice(0, DIRECT_PATH.indexOf('dokumente')),
    );
    expect(validateSubmission(flow, beforeDeclaration, 'antrag').ok).toBe(false);
  });

  it('an off-path page is refused even before the documents step', () => {
    const result = validateSubmission(
      flow,
      { ...complete, bausteine: { deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL'] } },
      'antrag',
      { until: 'dokumente' },
    );
    expect(result.ok).toBe(false);
  });
});
