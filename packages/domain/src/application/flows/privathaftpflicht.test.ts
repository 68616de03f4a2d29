// The PHV flow as tables [answers → path], its coverage, pruning, the server's check of a
// submission with German field errors (the co-insured partner and children by name, pruned when the
// family status no longer includes them) and the complete application priced by the PHV tariff.
// The day is fixed: the flow's date rules depend on it.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../dates/calendar-date';
import { phvRatingInputSchema, pricePhv } from '../../products/phv/tariff';
import { notGerman } from '../../validation/german-messages.test-helper';
import type { FlowAnswers } from '../flow';
import { AGENT_WAIVER, withAgentWaiver, unvisitedSteps } from '../flow-table.test-helper';
import type { FlowTableRow } from '../flow-table.test-helper';
import { pruneAnswers, reachableSteps } from '../navigation';
import { expectCompleteApplication } from '../product-application.test-helper';
import { SUBMISSION_MESSAGES, validateSubmission } from '../submission';
import {
  createPrivathaftpflichtFlow,
  PHV_FLOW_MESSAGES,
  PHV_VORSCHAEDEN_FRAGE,
  privathaftpflichtApplication,
} from './privathaftpflicht';

const today = '2026-06-15';
const flow = createPrivathaftpflichtFlow({ today });

const shared = {
  beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'JAEHRLICH' },
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

/** A family with the public-service liability, 250 EUR deductible, Komfort. */
const complete: FlowAnswers = {
  haushalt: {
    familienstand: 'FAMILIE',
    diensthaftpflicht: true,
    beruf: ' Lehrerin ',
    selbstbeteiligung: 'SB_250',
  },
  partner: { vorname: 'Max', name: 'Mustermann', geburtsdatum: '1983-09-30' },
  kinder: {
    kinder: [
      { vorname: 'Lena', name: 'Mustermann', geburtsdatum: '2015-02-01' },
      { vorname: 'Tom', name: 'Mustermann', geburtsdatum: '2019-07-20' },
    ],
  },
  vorschaeden: { schaedenLetzte5Jahre: 1 },
  tarif: { deckungsVariante: 'PHV_KOMFORT' },
  ...shared,
};

const withStatus = (familienstand: string): FlowAnswers => ({
  ...complete,
  haushalt: { ...complete['haushalt'], familienstand },
});

const DIRECT_PATH = [
  'haushalt',
  'partner',
  'kinder',
  'vorschaeden',
  'tarif',
  'beginn',
  'person',
  'adresse',
  'sepa',
  'beratungsverzicht',
  'dokumente',
  'erklaerung',
];

const without = (...ids: string[]) => DIRECT_PATH.filter((id) => !ids.includes(id));

const ROWS: FlowTableRow[] = [
  {
    name: 'nothing answered yet: no co-insured persons asked',
    channel: 'antrag',
    answers: {},
    expected: without('partner', 'kinder'),
  },
  {
    name: 'a single: only the applicant',
    channel: 'antrag',
    answers: withStatus('SINGLE'),
    expected: without('partner', 'kinder'),
  },
  {
    name: 'a couple: the partner',
    channel: 'antrag',
    answers: withStatus('PAAR'),
    expected: without('kinder'),
  },
  {
    name: 'a single parent: the children',
    channel: 'antrag',
    answers: withStatus('SINGLE_PLUS_KIND'),
    expected: without('partner'),
  },
  {
    name: 'a family with public-service liability',
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

describe('privathaftpflicht flow: paths', () => {
  it.each(ROWS)('$name', ({ answers, channel, expected }) => {
    expect(reachableSteps(flow, answers, channel)).toEqual(expected);
  });

  it('every step is visited by a table row', () => {
    expect(unvisitedSteps(flow, ROWS)).toEqual([]);
  });

  it('the prior-claims question comes before the personal data and is worded as a question', () => {
    expect(DIRECT_PATH.indexOf('vorschaeden')).toBeLessThan(DIRECT_PATH.indexOf('person'));
    const field = flow.steps.find((step) => step.id === 'vorschaeden')?.fields?.[0];
    expect(field).toMatchObject({ key: 'schaedenLetzte5Jahre', label: PHV_VORSCHAEDEN_FRAGE });
    expect(PHV_VORSCHAEDEN_FRAGE.endsWith('?')).toBe(true);
  });

  it('the family status explains who is co-insured and the profession shows only with the cover', () => {
    const haushalt = flow.steps.find((step) => step.id === 'haushalt');
    const familienstand = haushalt?.fields?.find((field) => field.key === 'familienstand');
    expect(familienstand && 'options' in familienstand && familienstand.options).toEqual([
      expect.objectContaining({ value: 'SINGLE', hint: 'Versichert sind nur Sie.' }),
      expect.objectContaining({ value: 'SINGLE_PLUS_KIND', hint: expect.stringContaining('Kinder') }),
      expect.objectContaining({ value: 'PAAR', hint: expect.stringContaining('Lebenspartner') }),
      expect.objectContaining({ value: 'FAMILIE', hint: expect.stringContaining('Kinder') }),
    ]);
    expect(haushalt?.fields?.find((field) => field.key === 'beruf')).toMatchObject({
      visibleWhen: { key: 'diensthaftpflicht', in: [true] },
    });
    const sb = haushalt?.fields?.find((field) => field.key === 'selbstbeteiligung');
    expect(sb && 'options' in sb && sb.options.map((option) => option.label)).toEqual([
      'Keine Selbstbeteiligung',
      '250,00 EUR',
      '500,00 EUR',
    ]);
  });
});

describe('privathaftpflicht flow: pruning', () => {
  it('keeps the answers of the path, without empty values', () => {
    const answers = { ...complete, person: { ...shared.person, telefon: ' ' } };
    const pruned = pruneAnswers(flow, answers, 'antrag');
    expect(pruned['haushalt']).toEqual(complete['haushalt']);
    expect(pruned['person']).not.toHaveProperty('telefon');
  });

  it('drops the partner and the children once the family status no longer includes them', () => {
    expect(pruneAnswers(flow, withStatus('SINGLE'), 'antrag')).not.toHaveProperty('partner');
    expect(pruneAnswers(flow, withStatus('SINGLE'), 'antrag')).not.toHaveProperty('kinder');
    expect(pruneAnswers(flow, withStatus('PAAR'), 'antrag')).not.toHaveProperty('kinder');
    expect(pruneAnswers(flow, withStatus('PAAR'), 'antrag')['partner']).toEqual(complete['partner']);
    expect(pruneAnswers(flow, withStatus('SINGLE_PLUS_KIND'), 'antrag')).not.toHaveProperty('partner');
  });

  it('drops the agent’s advice page the direct channel does not show', () => {
    const answers = { ...complete, beratung: { beratungsort: 'byPhone' } };
    expect(pruneAnswers(flow, answers, 'antrag')).not.toHaveProperty('beratung');
    expect(pruneAnswers(flow, answers, 'vermittler-beratung')).toHaveProperty('beratung');
  });
});

describe('privathaftpflicht flow: validateSubmission', () => {
  it('a complete application gives the parsed data of every step', () => {
    const result = validateSubmission(flow, complete, 'antrag');
    expect(result).toMatchObject({ ok: true, steps: DIRECT_PATH });
    if (!result.ok) return;
    expect(result.data['haushalt']).toEqual({
      familienstand: 'FAMILIE',
      diensthaftpflicht: true,
      beruf: 'Lehrerin',
      selbstbeteiligung: 'SB_250',
    });
  });

  it('co-insured persons of a family status that does not include them are refused as off the path', () => {
    expect(validateSubmission(flow, withStatus('SINGLE'), 'antrag')).toEqual({
      ok: false,
      errors: [
        { stepId: 'partner', path: '', message: SUBMISSION_MESSAGES.unreachableStep },
        { stepId: 'kinder', path: '', message: SUBMISSION_MESSAGES.unreachableStep },
      ],
    });
  });

  it('each co-insured person needs first name, name and a birth date; the partner is of age', () => {
    const answers = {
      ...complete,
      partner: { vorname: ' ', name: 'Mustermann', geburtsdatum: addDays(today, -365 * 10) },
      kinder: { kinder: [{ vorname: 'Lena', name: '', geburtsdatum: addDays(today, 1) }] },
    };
    expect(validateSubmission(flow, answers, 'antrag')).toEqual({
      ok: false,
      errors: [
        { stepId: 'partner', path: 'vorname', message: PHV_FLOW_MESSAGES.vorname },
        { stepId: 'partner', path: 'geburtsdatum', message: PHV_FLOW_MESSAGES.partnerMindestalter },
        { stepId: 'kinder', path: 'kinder.0.name', message: PHV_FLOW_MESSAGES.name },
        { stepId: 'kinder', path: 'kinder.0.geburtsdatum', message: PHV_FLOW_MESSAGES.geburtsdatumZukunft },
      ],
    });
  });

  it('a family status with children needs at least one child; an impossible date is refused', () => {
    const answers = { ...withStatus('SINGLE_PLUS_KIND'), partner: {}, kinder: { kinder: [] } };
    expect(validateSubmission(flow, answers, 'antrag')).toEqual({
      ok: false,
      errors: [{ stepId: 'kinder', path: 'kinder', message: PHV_FLOW_MESSAGES.kinder }],
    });
    const badDate = { ...complete, partner: { ...complete['partner'], geburtsdatum: '1983-02-30' } };
    expect(validateSubmission(flow, badDate, 'antrag')).toEqual({
      ok: false,
      errors: [{ stepId: 'partner', path: 'geburtsdatum', message: PHV_FLOW_MESSAGES.geburtsdatum }],
    });
  });

  it('without the public-service cover the box may stay unticked and no profession is asked', () => {
    const answers = {
      ...complete,
      haushalt: { familienstand: 'SINGLE', selbstbeteiligung: 'SB_KEINE' },
      partner: {},
      kinder: {},
    };
    const result = validateSubmission(flow, answers, 'antrag');
    expect(result.ok && result.data['haushalt']).toEqual({
      familienstand: 'SINGLE',
      diensthaftpflicht: false,
      selbstbeteiligung: 'SB_KEINE',
    });
  });

  it('the public-service cover needs the profession; a profession left hidden without the cover is dropped', () => {
    const without = { ...complete, haushalt: { ...complete['haushalt'], beruf: '' } };
    expect(validateSubmission(flow, without, 'antrag')).toEqual({
      ok: false,
      errors: [{ stepId: 'haushalt', path: 'beruf', message: PHV_FLOW_MESSAGES.beruf }],
    });
    const stray = { ...complete, haushalt: { ...complete['haushalt'], diensthaftpflicht: false } };
    const result = validateSubmission(flow, stray, 'antrag');
    expect(result.ok && result.data['haushalt']).not.toHaveProperty('beruf');
  });

  it('a deductible the PHV does not offer and a negative claims count are refused in German', () => {
    const answers = {
      ...complete,
      haushalt: { ...complete['haushalt'], selbstbeteiligung: 'SB_1000' },
      vorschaeden: { schaedenLetzte5Jahre: -1 },
    };
    expect(validateSubmission(flow, answers, 'antrag')).toEqual({
      ok: false,
      errors: [
        {
          stepId: 'haushalt',
          path: 'selbstbeteiligung',
          message: 'Bitte wählen Sie eine angebotene Selbstbeteiligung.',
        },
        {
          stepId: 'vorschaeden',
          path: 'schaedenLetzte5Jahre',
          message: 'Die Zahl der Schäden kann nicht negativ sein.',
        },
      ],
    });
  });

  it('a premium sent along is an unknown field', () => {
    const forged = { ...complete, tarif: { deckungsVariante: 'PHV_KOMFORT', beitragCents: 1 } };
    expect(validateSubmission(flow, forged, 'antrag')).toEqual({
      ok: false,
      errors: [{ stepId: 'tarif', path: 'beitragCents', message: SUBMISSION_MESSAGES.unknownField }],
    });
  });

  it('an empty application names every required field in German', () => {
    const result = validateSubmission(flow, {}, 'antrag');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => `${error.stepId}.${error.path}`).slice(0, 4)).toEqual([
      'haushalt.familienstand',
      'haushalt.selbstbeteiligung',
      'vorschaeden.schaedenLetzte5Jahre',
      'tarif.deckungsVariante',
    ]);
    for (const error of result.errors) expect(notGerman(error.message)).toBe(false);
  });
});

describe('privathaftpflicht application: pricing request and contract terms', () => {
  const context = { today, newProductGenerations: false, travelHealthInsurance: false };
  const price = (request: Record<string, unknown>) => pricePhv(phvRatingInputSchema.parse(request));

  it('a complete application becomes a PHV contract with the public-service cover and the deductible', () => {
    const { offer, terms, choice } = expectCompleteApplication({
      application: privathaftpflichtApplication,
      context,
      answers: complete,
      price,
    });
    expect(choice).toEqual({
      variante: 'PHV_KOMFORT',
      zahlweise: 'JAEHRLICH',
      versicherungsbeginn: addDays(today, 1),
    });
    expect(offer.kind === 'quote' && offer.variants.map((variant) => variant.variant)).toEqual([
      'PHV_KOMFORT',
    ]);
    expect(terms).toEqual({
      details: {
        produktKey: 'PRIVATHAFTPFLICHT',
        phv: { familienstand: 'FAMILIE', hfkVariante: 'PHV_KOMFORT' },
        diensthaftpflicht: { beruf: 'Lehrerin', eingeschlossen: true },
        mitversichertePersonen: [
          { art: 'MITVERSICHERTE_PERSON', vorname: 'Max', name: 'Mustermann', geburtsdatum: '1983-09-30' },
          { art: 'MITVERSICHERTES_KIND', vorname: 'Lena', name: 'Mustermann', geburtsdatum: '2015-02-01' },
          { art: 'MITVERSICHERTES_KIND', vorname: 'Tom', name: 'Mustermann', geburtsdatum: '2019-07-20' },
        ],
      },
      selbstbeteiligung: { einheit: 'ABSOLUT', option: 'SB_250' },
    });
  });

  it('a single’s contract names no co-insured persons', () => {
    const { partner: _partner, kinder: _kinder, ...single } = withStatus('SINGLE');
    const { terms } = expectCompleteApplication({
      application: privathaftpflichtApplication,
      context,
      answers: single,
      price,
    });
    expect(terms.details).not.toHaveProperty('mitversichertePersonen');
  });

  it('the variant table is priced once the household, deductible and claims are answered', () => {
    expect(
      privathaftpflichtApplication.pricingRequest({ haushalt: complete['haushalt'] ?? {} }),
    ).toBeUndefined();
    const request = privathaftpflichtApplication.pricingRequest(complete);
    expect(request).toEqual({
      familienstand: 'FAMILIE',
      selbstbeteiligung: 'SB_250',
      diensthaftpflicht: true,
      schaedenLetzte5Jahre: 1,
    });
    const table = price(request ?? {});
    expect(table.kind === 'quote' && table.variants.map((variant) => variant.variant)).toEqual([
      'PHV_BASIS',
      'PHV_KOMFORT',
      'PHV_PREMIUM',
    ]);
  });

  it('more prior claims than the tariff accepts: the tariff refuses with its German reason', () => {
    const request = privathaftpflichtApplication.pricingRequest({
      ...complete,
      vorschaeden: { schaedenLetzte5Jahre: 3 },
    });
    const result = price(request ?? {});
    expect(result).toMatchObject({ kind: 'uninsurable', code: 'PHV_PRIOR_CLAIMS' });
    expect(result.kind === 'uninsurable' && notGerman(result.reason)).toBe(false);
  });

  it('the comparison lists the three variants with their sums', () => {
    const { variants, features } = privathaftpflichtApplication.comparison(context);
    expect(variants.map((variant) => variant.label)).toEqual(['Basis', 'Komfort', 'Premium']);
    expect(features[0]?.variantOptionRelation['PHV_PREMIUM']).toEqual({
      included: true,
      text: '50 Mio. EUR',
    });
  });
});
