// The claim checklist with its deadlines (working days, § 193 BGB), the states and their moves,
// the claim number and the answers with German labels.
import { describe, expect, it } from 'vitest';
import { pruneAnswers } from '../application/navigation';
import { notGerman } from '../validation/german-messages.test-helper';
import { addWorkingDays, deadlineDate, requiredDocuments } from './documents';
import { createClaimFlow } from './flows';
import { formatClaimNumber, isClaimNumber, normalizeClaimNumber } from './number';
import { CLAIM_PRODUCTS, claimProductOf } from './products';
import { claimSample, SAMPLE_TODAY } from './samples.test-helper';
import { allowedClaimTransitions, CLAIM_STATE_LABELS, CLAIM_STATES, checkClaimTransition } from './status';
import { summarizeClaimAnswers } from './summary';

const context = { today: SAMPLE_TODAY, vertragsbeginn: '2026-01-01', gesundheitsEinwilligung: true };
const keys = (produkt: (typeof CLAIM_PRODUCTS)[number], answers = claimSample(produkt)) =>
  requiredDocuments(produkt, answers, SAMPLE_TODAY).map((document) => document.key);

describe('required documents', () => {
  it.each([
    ['fahrrad', ['polizeiliche-anzeige', 'kaufbeleg', 'schlossnachweis']],
    ['hausrat', ['polizeiliche-anzeige', 'stehlgutliste', 'belege', 'fotos']],
    ['si', ['polizeiliche-anzeige', 'stehlgutliste', 'belege', 'fotos']],
    ['phv', ['forderungsschreiben', 'fotos']],
    ['reise', ['buchungsbestaetigung', 'stornorechnung', 'kuendigung-arbeitgeber']],
  ] as const)('%s: the sample needs %j', (produkt, expected) => {
    expect(keys(produkt)).toEqual(expected);
  });

  it('a bicycle repair needs the estimate and photos, no police report', () => {
    const answers = { schaden: { ...claimSample('fahrrad').schaden, schadenart: 'UNFALL' } };
    expect(keys('fahrrad', answers)).toEqual(['kostenvoranschlag', 'fotos']);
    expect(
      requiredDocuments('fahrrad', answers, SAMPLE_TODAY).every((document) => document.erforderlich),
    ).toBe(true);
  });

  it('a liability claim without a demand needs only optional photos', () => {
    const answers = { ...claimSample('bhv'), hergang: { ...claimSample('bhv').hergang, forderung: 'NEIN' } };
    expect(requiredDocuments('bhv', answers, SAMPLE_TODAY)).toMatchObject([
      { key: 'fotos', erforderlich: false },
    ]);
  });

  it('a trip cut short because of illness needs the extra costs and the medical certificate', () => {
    const answers = {
      ...claimSample('reise'),
      schaden: { ...claimSample('reise').schaden, schadenart: 'ABBRUCH' },
      storno: { ...claimSample('reise').storno, grund: 'KRANKHEIT' },
    };
    expect(keys('reise', answers)).toEqual(['buchungsbestaetigung', 'abbruchbelege', 'aerztliches-attest']);
  });

  it('the police report is due on the day of the report, the list of stolen goods in 3 working days', () => {
    // Friday 2026-12-18: the 3 working days skip the weekend and Christmas (24th is a working day here).
    const documents = requiredDocuments('hausrat', claimSample('hausrat'), '2026-12-18');
    expect(documents.find((document) => document.key === 'polizeiliche-anzeige')?.fristBis).toBe(
      '2026-12-18',
    );
    expect(documents.find((document) => document.key === 'stehlgutliste')?.fristBis).toBe('2026-12-23');
    // 14 days from 2026-12-18 is 2027-01-01, a public holiday: the deadline moves to Monday 2027-01-04.
    expect(documents.find((document) => document.key === 'belege')?.fristBis).toBe('2027-01-04');
  });

  it('working days skip weekends and public holidays', () => {
    // Thursday before Easter 2026: Good Friday, the weekend and Easter Monday (6 April) are skipped.
    expect(addWorkingDays('2026-04-02', 1)).toBe('2026-04-07');
    expect(addWorkingDays('2026-04-02', 2)).toBe('2026-04-08');
    expect(deadlineDate({ kind: 'sofort' }, '2026-06-13')).toBe('2026-06-13');
  });

  it('every title and description is German', () => {
    for (const produkt of CLAIM_PRODUCTS) {
      for (const document of requiredDocuments(produkt, claimSample(produkt), SAMPLE_TODAY)) {
        expect(notGerman(document.titel)).toBe(false);
        expect(notGerman(document.beschreibung)).toBe(false);
      }
    }
  });
});

describe('claim states', () => {
  it('the way is reported → cover checked → assessed → settled, rejection from every open state', () => {
    expect(allowedClaimTransitions('GEMELDET')).toEqual(['DECKUNG_GEPRUEFT', 'ABGELEHNT']);
    expect(allowedClaimTransitions('DECKUNG_GEPRUEFT')).toEqual(['BEGUTACHTET', 'ABGELEHNT']);
    expect(allowedClaimTransitions('BEGUTACHTET')).toEqual(['REGULIERT', 'ABGELEHNT']);
    expect(allowedClaimTransitions('REGULIERT')).toEqual([]);
    expect(allowedClaimTransitions('ABGELEHNT')).toEqual([]);
  });

  it('a skipped step or a move out of a final state is refused in German', () => {
    expect(checkClaimTransition('GEMELDET', 'REGULIERT')).toEqual({
      ok: false,
      message: 'Ein Schaden im Status „Gemeldet“ kann nicht in den Status „Reguliert“ wechseln.',
    });
    expect(checkClaimTransition('ABGELEHNT', 'GEMELDET').ok).toBe(false);
  });

  it('a rejection needs a reason', () => {
    expect(checkClaimTransition('GEMELDET', 'ABGELEHNT', '  ')).toEqual({
      ok: false,
      message: 'Bitte nennen Sie den Grund der Ablehnung.',
    });
    expect(checkClaimTransition('BEGUTACHTET', 'ABGELEHNT', ' Vorsatz ')).toEqual({
      ok: true,
      grund: 'Vorsatz',
    });
  });

  it('every state has a German label', () => {
    for (const state of CLAIM_STATES) expect(notGerman(CLAIM_STATE_LABELS[state])).toBe(false);
  });
});

describe('claim numbers', () => {
  it('are SC, the year, a dash and a 7-digit serial', () => {
    expect(formatClaimNumber(2026, 123)).toBe('SC26-0000123');
    expect(normalizeClaimNumber(' sc260000123 ')).toBe('SC26-0000123');
    expect(isClaimNumber('FA12-1234567')).toBe(false);
    expect(isClaimNumber('SC26-0000000')).toBe(false);
    expect(() => formatClaimNumber(2026, 10_000_000)).toThrow(RangeError);
  });
});

describe('products and summaries', () => {
  it('maps contract product keys to claim products', () => {
    expect(claimProductOf('SI_MEHRGEFAHREN')).toBe('si');
    expect(claimProductOf('TIERHALTERHAFTPFLICHT')).toBe('thv');
    expect(claimProductOf('KFZ')).toBeUndefined();
  });

  it('answers read with German labels, option texts, dates and amounts', () => {
    const flow = createClaimFlow('hausrat', context);
    const summary = summarizeClaimAnswers(flow, pruneAnswers(flow, claimSample('hausrat'), 'antrag'));
    expect(summary.map((section) => section.titel)).toEqual([
      'Der Schaden',
      'Beschädigte oder gestohlene Gegenstände',
      'Polizeiliche Anzeige',
      'Erklärung',
    ]);
    expect(summary[0]?.angaben[0]).toEqual({
      label: 'Was ist passiert?',
      wert: 'Einbruchdiebstahl oder Raub',
    });
    expect(summary[0]?.angaben[1]).toEqual({
      label: 'An welchem Tag ist der Schaden entstanden?',
      wert: '13.06.2026',
    });
    expect(summary[1]?.angaben[0]?.wert).toBe('1. Fernseher, 55 Zoll, 899,00 EUR\n2. Laptop, 1.299,00 EUR');
  });
});
