// The travel flow as tables [answers → path], its coverage, the travel-health part behind its flag,
// the date rules with German messages, and the complete application as a single-premium contract
// priced by the travel tariff. Fixed day.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../dates/calendar-date';
import { priceReise, reiseRatingInputSchema } from '../../products/reise/tariff';
import { notGerman } from '../../validation/german-messages.test-helper';
import type { FlowAnswers } from '../flow';
import { AGENT_WAIVER, withAgentWaiver, unvisitedSteps } from '../flow-table.test-helper';
import type { FlowTableRow } from '../flow-table.test-helper';
import { pruneAnswers, reachableSteps } from '../navigation';
import { expectCompleteApplication } from '../product-application.test-helper';
import { SUBMISSION_MESSAGES, validateSubmission } from '../submission';
import { createReiseFlow, REISE_FLOW_MESSAGES, reiseApplication } from './reise';

const today = '2026-06-15';
const flow = createReiseFlow({ today, travelHealthInsurance: false });
const withHealth = createReiseFlow({ today, travelHealthInsurance: true });

const trip = { personenkreis: 'FAMILIE', beginn: '2026-07-15', ende: '2026-08-04' };

/** A family's three-week trip in the Komfort variant, without the health part. */
const complete: FlowAnswers = {
  reise: trip,
  tarif: { deckungsVariante: 'REISE_KOMFORT' },
  person: {
    vorname: 'Erika',
    nachname: 'Mustermann',
    geburtsdatum: '1985-04-12',
    email: 'erika@beispiel.de',
  },
  adresse: { strasse: 'Hauptstraße', hausnummer: '12a', plz: '10115', ort: 'Berlin' },
  sepa: { kontoinhaber: 'Erika Mustermann', iban: 'DE44500105175407324931', sepaMandat: true },
  beratungsverzicht: { beratungsverzicht: true },
  dokumente: {},
  erklaerung: { antragVerbindlich: true },
};

const DIRECT_PATH = [
  'reise',
  'tarif',
  'person',
  'adresse',
  'sepa',
  'beratungsverzicht',
  'dokumente',
  'erklaerung',
];

const ROWS: FlowTableRow[] = [
  { name: 'nothing answered yet', channel: 'antrag', answers: {}, expected: DIRECT_PATH },
  {
    name: 'a trip: no start or payment period step',
    channel: 'antrag',
    answers: complete,
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

const context = { today, newProductGenerations: false, travelHealthInsurance: false };
const price = (request: Record<string, unknown>) =>
  priceReise(reiseRatingInputSchema.parse(request), { today });

describe('reise flow: paths and the travel-health flag', () => {
  it.each(ROWS)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row', () => {
    expect(unvisitedSteps(flow, ROWS)).toEqual([]);
    expect(flow.steps.map((step) => step.id)).not.toContain('beginn');
  });

  it('the health part is a field and a schema key only while the flag is on', () => {
    const keys = (f: typeof flow) => f.steps[0]?.fields?.map((field) => field.key);
    expect(keys(flow)).toEqual(['personenkreis', 'beginn', 'ende']);
    expect(keys(withHealth)).toEqual(['personenkreis', 'beginn', 'ende', 'reisekrankenversicherung']);
    const answers = { ...complete, reise: { ...trip, reisekrankenversicherung: true } };
    expect(validateSubmission(flow, answers, 'antrag')).toEqual({
      ok: false,
      errors: [
        { stepId: 'reise', path: 'reisekrankenversicherung', message: SUBMISSION_MESSAGES.unknownField },
      ],
    });
    expect(validateSubmission(withHealth, answers, 'antrag').ok).toBe(true);
  });

  it('the comparison offers the health part only while the flag is on', () => {
    const labels = (travelHealthInsurance: boolean) =>
      reiseApplication.comparison({ ...context, travelHealthInsurance }).features.map((row) => row.label);
    expect(labels(false)).not.toContain('Auslandsreisekrankenversicherung');
    expect(labels(true)).toContain('Auslandsreisekrankenversicherung');
    expect(reiseApplication.comparison(context).variants.find((variant) => variant.recommended)?.value).toBe(
      'REISE_KOMFORT',
    );
  });
});

describe('reise flow: pruning and dates', () => {
  it('an unticked health box is no answer', () => {
    const answers = { ...complete, reise: { ...trip, reisekrankenversicherung: '' } };
    expect(pruneAnswers(withHealth, answers, 'antrag')['reise']).toEqual(trip);
  });

  it('the trip starts tomorrow at the earliest, within a year, ends after it starts and lasts at most 62 days', () => {
    const errorsOf = (reise: object) => {
      const result = validateSubmission(flow, { ...complete, reise: { ...trip, ...reise } }, 'antrag');
      return result.ok ? [] : result.errors;
    };
    expect(errorsOf({ beginn: today, ende: addDays(today, 3) })).toEqual([
      {
        stepId: 'reise',
        path: 'beginn',
        message: 'Der Reisebeginn muss zwischen dem 16.06.2026 und dem 15.06.2027 liegen.',
      },
    ]);
    expect(errorsOf({ beginn: '2026-07-15', ende: '2026-07-14' })).toEqual([
      { stepId: 'reise', path: 'ende', message: REISE_FLOW_MESSAGES.endeVorBeginn },
    ]);
    expect(errorsOf({ beginn: '2026-07-01', ende: '2026-09-01' })).toEqual([
      {
        stepId: 'reise',
        path: 'ende',
        message: 'Wir versichern Reisen mit einer Dauer von höchstens 62 Tagen.',
      },
    ]);
    expect(errorsOf({ beginn: '2026-07-01', ende: '2026-08-31' })).toEqual([]);
    expect(errorsOf({ beginn: '2026-07-01', ende: '31.08.2026' })).toEqual([
      {
        stepId: 'reise',
        path: 'ende',
        message: 'Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.',
      },
    ]);
  });

  it('an empty application names every required field in German', () => {
    const result = validateSubmission(flow, {}, 'antrag');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => `${error.stepId}.${error.path}`).slice(0, 5)).toEqual([
      'reise.personenkreis',
      'reise.beginn',
      'reise.ende',
      'tarif.deckungsVariante',
      'person.vorname',
    ]);
    for (const error of result.errors) expect(notGerman(error.message)).toBe(false);
  });
});

describe('reise application: single premium, travel dates as the term', () => {
  it('a complete application is a single-premium contract from the first to the last travel day', () => {
    const { offer, terms, choice } = expectCompleteApplication({
      application: reiseApplication,
      context,
      answers: complete,
      price,
    });
    expect(choice).toEqual({
      variante: 'REISE_KOMFORT',
      zahlweise: 'EINMALIG',
      versicherungsbeginn: '2026-07-15',
    });
    expect(offer.kind === 'quote' && offer.variants.map((variant) => variant.variant)).toEqual([
      'REISE_KOMFORT',
    ]);
    expect(terms).toEqual({
      details: {
        produktKey: 'REISE',
        reise: {
          personenkreis: 'FAMILIE',
          beginn: '2026-07-15',
          ende: '2026-08-04',
          dauer: 21,
          reisekrankenversicherung: false,
        },
      },
      reiseEnde: '2026-08-04',
    });
  });

  it('with the flag on and the health part chosen, it is priced and recorded', () => {
    const answers = { ...complete, reise: { ...trip, reisekrankenversicherung: true } };
    const { offer, terms } = expectCompleteApplication({
      application: reiseApplication,
      context: { ...context, travelHealthInsurance: true },
      answers,
      price,
    });
    expect(offer.kind === 'quote' && 'reisekrankenNetCents' in (offer.variants[0] ?? {})).toBe(true);
    const health = offer.kind === 'quote' ? (offer.variants[0] as { reisekrankenNetCents?: number }) : {};
    expect(health.reisekrankenNetCents).toBeGreaterThan(0);
    expect(terms.details).toMatchObject({ reise: { reisekrankenversicherung: true } });
  });

  it('the pricing request waits for the dates and never sends a payment period', () => {
    expect(reiseApplication.pricingRequest({ reise: { ...trip, ende: '' } })).toBeUndefined();
    expect(reiseApplication.pricingRequest(complete)).toEqual(trip);
    expect(
      reiseApplication.pricingRequest(complete, { variante: 'REISE_BASIS', zahlweise: 'EINMALIG' }),
    ).toEqual({
      ...trip,
      variante: 'REISE_BASIS',
    });
  });
});
