// The Hausrat flow as tables [answers → path], its coverage, pruning, the server's check of a
// submission with German field errors and the complete application priced by the Hausrat tariff
// with the server's fact added (the ZÜRS class of the address). Fixed day.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../dates/calendar-date';
import type { ZuersKlasse } from '../../products/hausrat/tariff-data';
import { hausratRatingInputSchema, priceHausrat } from '../../products/hausrat/tariff';
import { notGerman } from '../../validation/german-messages.test-helper';
import type { FlowAnswers } from '../flow';
import { AGENT_WAIVER, withAgentWaiver, unvisitedSteps } from '../flow-table.test-helper';
import type { FlowTableRow } from '../flow-table.test-helper';
import { pruneAnswers, reachableSteps } from '../navigation';
import type { SubmissionData } from '../submission';
import { expectCompleteApplication } from '../product-application.test-helper';
import { SUBMISSION_MESSAGES, validateSubmission } from '../submission';
import { createHausratFlow, hausratApplication } from './hausrat';

const today = '2026-06-15';
const flow = createHausratFlow({ today });

const wohnung = { strasse: ' Innstraße ', hausnummer: '41', plz: '94032', ort: 'Passau', wohnflaeche: 85 };
const deckungen = ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_ELEMENTAR_HAUSRAT', 'SCHIRM_FAHRRAD_HAUSRAT'];

/** A flat in Passau with elementary and bicycle cover, 500 EUR deductible, Komfort. */
const complete: FlowAnswers = {
  wohnung,
  schutz: { deckungen, selbstbeteiligung: 'SB_500' },
  tarif: { deckungsVariante: 'HAUSRAT_KOMFORT' },
  beginn: { versicherungsbeginn: addDays(today, 14), zahlweise: 'MONATLICH' },
  person: {
    vorname: 'Erika',
    nachname: 'Mustermann',
    geburtsdatum: '1985-04-12',
    email: 'erika@beispiel.de',
  },
  adresse: { strasse: 'Innstraße', hausnummer: '41', plz: '94032', ort: 'Passau' },
  sepa: { kontoinhaber: 'Erika Mustermann', iban: 'DE44500105175407324931', sepaMandat: true },
  beratungsverzicht: { beratungsverzicht: true },
  dokumente: {},
  erklaerung: { antragVerbindlich: true },
};

const DIRECT_PATH = [
  'wohnung',
  'schutz',
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
  { name: 'a flat with covers', channel: 'antrag', answers: complete, expected: DIRECT_PATH },
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

describe('hausrat flow: paths and fields', () => {
  it.each(ROWS)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row', () => {
    expect(unvisitedSteps(flow, ROWS)).toEqual([]);
  });

  it('the flat’s address comes first; no field asks for the ZÜRS class', () => {
    expect(flow.steps[0]?.fields?.map((field) => field.key)).toEqual([
      'strasse',
      'hausnummer',
      'plz',
      'ort',
      'wohnflaeche',
    ]);
    const keys = flow.steps.flatMap((step) => Object.keys(step.pageSchema.shape));
    expect(keys).not.toContain('zuersKlasse');
  });

  it('the covers are the spec’s SCHIRM_*_HAUSRAT covers with German labels', () => {
    const field = flow.steps[1]?.fields?.[0];
    const options = field && 'options' in field ? field.options : [];
    expect(options.map((option) => option.value)).toEqual([
      'SCHIRM_BASISDECKUNG_HAUSRAT',
      'SCHIRM_GLASBRUCH_HAUSRAT',
      'SCHIRM_ELEMENTAR_HAUSRAT',
      'SCHIRM_FAHRRAD_HAUSRAT',
      'SCHIRM_WOHNUNGSSCHUTZBRIEF_HAUSRAT',
      'SCHIRM_UNBENANNTE_GEFAHREN_HAUSRAT',
    ]);
    expect(options.find((option) => option.value === 'SCHIRM_ELEMENTAR_HAUSRAT')?.label).toBe(
      'Elementarschäden',
    );
  });
});

describe('hausrat flow: pruning', () => {
  it('keeps the answers of the path and drops the advice page of another channel', () => {
    const answers = { ...complete, beratung: { beratungsort: 'byPhone' } };
    const pruned = pruneAnswers(flow, answers, 'antrag');
    expect(pruned['wohnung']).toEqual(wohnung);
    expect(pruned).not.toHaveProperty('beratung');
  });
});

describe('hausrat flow: validateSubmission', () => {
  it('a complete application gives the parsed data of every step', () => {
    const result = validateSubmission(flow, complete, 'antrag');
    expect(result).toMatchObject({ ok: true, steps: DIRECT_PATH });
    expect(result.ok && result.data['wohnung']).toEqual({ ...wohnung, strasse: 'Innstraße' });
  });

  it('the base cover is required, living space and postcode are checked, in German', () => {
    const answers = {
      ...complete,
      wohnung: { ...wohnung, plz: '00123', wohnflaeche: 5 },
      schutz: { deckungen: ['SCHIRM_GLASBRUCH_HAUSRAT'], selbstbeteiligung: 'SB_1000' },
    };
    expect(validateSubmission(flow, answers, 'antrag')).toEqual({
      ok: false,
      errors: [
        {
          stepId: 'wohnung',
          path: 'plz',
          message: 'Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.',
        },
        { stepId: 'wohnung', path: 'wohnflaeche', message: 'Die Wohnfläche muss mindestens 10 m² betragen.' },
        { stepId: 'schutz', path: 'deckungen', message: 'Die Basisdeckung ist in jedem Vertrag enthalten.' },
        {
          stepId: 'schutz',
          path: 'selbstbeteiligung',
          message: 'Bitte wählen Sie eine angebotene Selbstbeteiligung.',
        },
      ],
    });
  });

  it('a ZÜRS class sent along by the browser is an unknown field, never trusted', () => {
    const forged = { ...complete, wohnung: { ...wohnung, zuersKlasse: 1 } };
    expect(validateSubmission(flow, forged, 'antrag')).toEqual({
      ok: false,
      errors: [{ stepId: 'wohnung', path: 'zuersKlasse', message: SUBMISSION_MESSAGES.unknownField }],
    });
  });

  it('an empty application names every required field in German', () => {
    const result = validateSubmission(flow, {}, 'antrag');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => `${error.stepId}.${error.path}`).slice(0, 8)).toEqual([
      'wohnung.strasse',
      'wohnung.hausnummer',
      'wohnung.plz',
      'wohnung.ort',
      'wohnung.wohnflaeche',
      'schutz.deckungen',
      'schutz.selbstbeteiligung',
      'tarif.deckungsVariante',
    ]);
    for (const error of result.errors) expect(notGerman(error.message)).toBe(false);
  });
});

describe('hausrat application: pricing request and contract terms', () => {
  const context = { today, newProductGenerations: false, travelHealthInsurance: false };
  // The server adds the ZÜRS class it looked up for the address (here: class 2).
  const priceAt = (zuersKlasse: ZuersKlasse) => (request: Record<string, unknown>) =>
    priceHausrat(hausratRatingInputSchema.parse({ ...request, zuersKlasse }));

  it('a complete application becomes a Hausrat contract that names the insured flat', () => {
    const { offer, terms, choice, data } = expectCompleteApplication({
      application: hausratApplication,
      context,
      answers: complete,
      price: priceAt(2),
    });
    expect(choice).toEqual({
      variante: 'HAUSRAT_KOMFORT',
      zahlweise: 'MONATLICH',
      versicherungsbeginn: addDays(today, 14),
    });
    expect(offer.kind === 'quote' && offer.variants.map((variant) => variant.variant)).toEqual([
      'HAUSRAT_KOMFORT',
    ]);
    expect(terms.selbstbeteiligung).toEqual({ einheit: 'ABSOLUT', option: 'SB_500' });
    // With the server's class the contract records it, as the demo portfolio's quoteHausrat does.
    const withClass = hausratApplication.contractTerms(data as SubmissionData, {
      produkt: 'HAUSRAT',
      variant: 'HAUSRAT_KOMFORT',
      zuersKlasse: 2,
    });
    expect(withClass.details).toEqual({
      produktKey: 'HAUSRAT',
      hausrat: {
        plz: '94032',
        wohnflaeche: 85,
        hausratDeckungen: deckungen,
        elementarEinschliessbar: true,
        hfkVariante: 'HAUSRAT_KOMFORT',
        zuersKlasse: 2,
      },
      risikoOrt: { plz: '94032', ort: 'Passau', strasse: 'Innstraße', hausnummer: '41' },
    });
  });

  it('in ZÜRS class 4 the contract says elementary cover cannot be included', () => {
    const answers = {
      ...complete,
      schutz: { deckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT'], selbstbeteiligung: 'SB_KEINE' },
    };
    const result = validateSubmission(flow, answers, 'antrag');
    if (!result.ok) throw new Error('expected a valid submission');
    const terms = hausratApplication.contractTerms(result.data, {
      produkt: 'HAUSRAT',
      variant: 'HAUSRAT_KOMFORT',
      zuersKlasse: 4,
    });
    expect(terms.details).toMatchObject({ hausrat: { elementarEinschliessbar: false, zuersKlasse: 4 } });
  });

  it('the pricing request carries the flat’s address for the ZÜRS look-up, once everything is answered', () => {
    expect(hausratApplication.pricingRequest({ wohnung })).toBeUndefined();
    expect(
      hausratApplication.pricingRequest({ ...complete, wohnung: { ...wohnung, hausnummer: '' } }),
    ).toBeUndefined();
    expect(
      hausratApplication.pricingRequest(complete, { variante: 'HAUSRAT_PREMIUM', zahlweise: 'JAEHRLICH' }),
    ).toEqual({
      ...wohnung,
      deckungen,
      selbstbeteiligung: 'SB_500',
      variante: 'HAUSRAT_PREMIUM',
      zahlweise: 'JAEHRLICH',
    });
  });

  it('elementary cover in ZÜRS class 4: the tariff refuses with its German reason', () => {
    const request = hausratApplication.pricingRequest(complete);
    const result = priceAt(4)(request ?? {});
    expect(result).toMatchObject({ kind: 'uninsurable', code: 'HAUSRAT_ELEMENTAR_ZUERS_4' });
    expect(result.kind === 'uninsurable' && notGerman(result.reason)).toBe(false);
  });

  it('the comparison marks the catalogue’s recommended variant and lists the covers', () => {
    const { variants, features } = hausratApplication.comparison(context);
    expect(variants.find((variant) => variant.recommended)?.value).toBe('HAUSRAT_KOMFORT');
    expect(features.map((row) => row.label)).toContain('Elementarschäden');
  });
});
