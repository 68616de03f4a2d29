// The claim flows (first notice of loss, issue 14) as data on the application engine (ADR 0021):
// one flow per claim product, each step with its German title, page schema, fields and guards. The
// browser runs the wizard on them and the server runs them again on the submitted answers
// (validateSubmission: pages off the path are refused, empty values and irrelevant keys dropped).
//
// What every product asks: the day of the loss (not in the future, not before the contract's start),
// the place and a description. Then per kind:
// - liability (thv, phv, bhv, vh): the injured party (name, address, phone), what happened and what
//   is claimed, witnesses (their names only when there are any), and the confirmation that nothing
//   was admitted;
// - property (hausrat, si): the cause, the damaged items with their value (a list), and after a
//   burglary the police report;
// - bicycle: what happened; after a theft the police report (authority, file number, date), the
//   frame number (prefilled from the contract: claimPrefill), the purchase receipt and the lock;
//   otherwise the repair;
// - travel: the booking, the cancellation or termination with its costs; health questions only with
//   the customer's consent to process health data (a flag the server fills from the consent record
//   of /einwilligung); without it a step explains that the consent is needed.
// Every flow ends with the declaration that the answers are true.
import { z } from 'zod';
import type { CalendarDate } from '../dates/calendar-date';
import { addYears, formatGermanDate, isCalendarDate } from '../dates/calendar-date';
import { formatCents } from '../format/money';
import { defineFlow, answerEquals, answerIn } from '../application/flow';
import type { Flow, FlowAnswers, FlowStep } from '../application/flow';
import { optionsOf } from '../application/fields';
import type { Field } from '../application/fields';
import { emailSchema } from '../validation/email';
import { hausnummerSchema } from '../validation/identifiers';
import { phoneSchema } from '../validation/phone';
import { isPostalCodePattern, POSTAL_CODE_MESSAGE } from '../validation/postal-code';
import { CLAIM_PRODUCT_INFO } from './products';
import type { ClaimProduct } from './products';

/** What a claim flow depends on besides the answers. */
export interface ClaimFlowContext {
  /** Today in Germany: the latest day of the loss. */
  today: CalendarDate;
  /** The contract's start: the earliest day of the loss (a loss before it is not insured). */
  vertragsbeginn: CalendarDate;
  /**
   * Whether the customer has consented to the processing of health data (/einwilligung). The server
   * fills it from the consent record; a public report has none. Only travel asks health questions.
   */
  gesundheitsEinwilligung?: boolean;
}

/** Longest free text of a description (the browser shows text fields this long as a text area). */
export const CLAIM_LONG_TEXT_MAX = 4000;
/** Longest short text (names, places, file numbers). */
export const CLAIM_SHORT_TEXT_MAX = 200;
/** Most damaged items or witnesses of one claim. */
export const CLAIM_LIST_MAX = 50;
/** Largest amount one answer may name: 10 Mio. EUR. */
export const CLAIM_AMOUNT_MAX_CENTS = 1_000_000_000;

/** Whether a field is free text long enough to be shown as a text area (descriptions). */
export function isLongTextField(field: Field): boolean {
  return field.kind === 'text' && (field.maxLength ?? 0) > CLAIM_SHORT_TEXT_MAX;
}

/** German messages of the claim pages. */
export const CLAIM_FLOW_MESSAGES = {
  schadentag: 'Bitte geben Sie an, an welchem Tag der Schaden entstanden ist.',
  schadentagZukunft: 'Der Tag des Schadens darf nicht in der Zukunft liegen.',
  schadentagVorBeginn: (beginn: CalendarDate) =>
    `Der Tag des Schadens darf nicht vor dem Beginn Ihres Vertrags am ${formatGermanDate(beginn)} liegen.`,
  datum: 'Bitte geben Sie ein gültiges Datum an.',
  datumZukunft: 'Dieses Datum darf nicht in der Zukunft liegen.',
  datumZuFrueh: (min: CalendarDate) => `Dieses Datum darf nicht vor dem ${formatGermanDate(min)} liegen.`,
  schadenort: 'Bitte geben Sie an, wo der Schaden entstanden ist.',
  beschreibung: 'Bitte beschreiben Sie, was passiert ist.',
  beschreibungKurz: 'Bitte beschreiben Sie den Schaden in mindestens 20 Zeichen.',
  textZuLang: (max: number) =>
    `Bitte fassen Sie sich kürzer: höchstens ${max.toLocaleString('de-DE')} Zeichen.`,
  auswahl: 'Bitte wählen Sie eine Antwort.',
  name: 'Bitte geben Sie den Namen an.',
  strasse: 'Bitte geben Sie die Straße an.',
  ort: 'Bitte geben Sie den Ort an.',
  betrag: 'Bitte geben Sie einen Betrag in Euro an.',
  betragZuHoch: `Bitte prüfen Sie den Betrag: Mehr als ${formatCents(CLAIM_AMOUNT_MAX_CENTS)} können wir nicht annehmen.`,
  gegenstaende: 'Bitte nennen Sie mindestens einen beschädigten oder gestohlenen Gegenstand.',
  zuVieleEintraege: `Bitte nennen Sie höchstens ${CLAIM_LIST_MAX} Einträge; weitere können Sie uns als Liste senden.`,
  zeugen: 'Bitte nennen Sie mindestens eine Zeugin oder einen Zeugen.',
  dienststelle: 'Bitte geben Sie die Polizeidienststelle an, bei der Sie den Schaden angezeigt haben.',
  aktenzeichen: 'Bitte geben Sie das Aktenzeichen (Vorgangsnummer) der Anzeige an.',
  rahmennummer: 'Bitte geben Sie die Rahmennummer Ihres Fahrrads an.',
  keinAnerkenntnis:
    'Bitte bestätigen Sie, dass Sie keine Schuld anerkannt haben – oder schildern Sie uns im Hergang, was Sie zugesagt haben.',
  wahrheitsgemaess: 'Bitte bestätigen Sie, dass Ihre Angaben vollständig und wahrheitsgemäß sind.',
  reiseende: 'Das Ende der Reise darf nicht vor ihrem Beginn liegen.',
} as const;

const JA_NEIN = { JA: 'Ja', NEIN: 'Nein' } as const;

function requiredShortText(message: string, max = CLAIM_SHORT_TEXT_MAX) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: CLAIM_FLOW_MESSAGES.textZuLang(max) });
}

function optionalShortText(max = CLAIM_SHORT_TEXT_MAX) {
  return z
    .string()
    .trim()
    .max(max, { error: CLAIM_FLOW_MESSAGES.textZuLang(max) })
    .optional();
}

function descriptionText(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .min(20, { error: CLAIM_FLOW_MESSAGES.beschreibungKurz })
    .max(CLAIM_LONG_TEXT_MAX, { error: CLAIM_FLOW_MESSAGES.textZuLang(CLAIM_LONG_TEXT_MAX) });
}

function choice<const T extends Record<string, string>>(labels: T) {
  return z.enum(Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]], {
    error: CLAIM_FLOW_MESSAGES.auswahl,
  });
}

/** A day between `min` and `today` (both included), with the messages of the loss day or any date. */
function dayBetween(min: CalendarDate, today: CalendarDate, { lossDay = false } = {}) {
  const missing = lossDay ? CLAIM_FLOW_MESSAGES.schadentag : CLAIM_FLOW_MESSAGES.datum;
  return z
    .string({ error: missing })
    .refine(isCalendarDate, { error: missing, abort: true })
    .refine((date) => date <= today, {
      error: lossDay ? CLAIM_FLOW_MESSAGES.schadentagZukunft : CLAIM_FLOW_MESSAGES.datumZukunft,
      abort: true,
    })
    .refine((date) => date >= min, {
      error: lossDay ? CLAIM_FLOW_MESSAGES.schadentagVorBeginn(min) : CLAIM_FLOW_MESSAGES.datumZuFrueh(min),
    });
}

/** Any calendar day (travel dates may lie ahead). */
function anyDay() {
  return z
    .string({ error: CLAIM_FLOW_MESSAGES.datum })
    .refine(isCalendarDate, { error: CLAIM_FLOW_MESSAGES.datum });
}

/** An amount in integer cents, more than 0 and at most 10 Mio. EUR. */
function amountCents() {
  return z
    .number({ error: CLAIM_FLOW_MESSAGES.betrag })
    .int({ error: CLAIM_FLOW_MESSAGES.betrag })
    .positive({ error: CLAIM_FLOW_MESSAGES.betrag })
    .max(CLAIM_AMOUNT_MAX_CENTS, { error: CLAIM_FLOW_MESSAGES.betragZuHoch });
}

function confirmed(message: string) {
  return z.literal(true, { error: message });
}

const postalCode = z.string({ error: POSTAL_CODE_MESSAGE }).trim().refine(isPostalCodePattern, {
  error: POSTAL_CODE_MESSAGE,
});

// ---- the first step, shared by every product ------------------------------------------------

/** Causes of a loss per product, as the first page offers them. */
export const SCHADENART_LABELS = {
  thv: {
    PERSONENSCHADEN: 'Eine Person wurde verletzt',
    SACHSCHADEN: 'Eine Sache wurde beschädigt',
    TIERSCHADEN: 'Ein anderes Tier wurde verletzt',
  },
  phv: {
    PERSONENSCHADEN: 'Eine Person wurde verletzt',
    SACHSCHADEN: 'Eine Sache wurde beschädigt',
    MIETSACHSCHADEN: 'Eine gemietete Sache wurde beschädigt (z. B. die Wohnung)',
    SCHLUESSELVERLUST: 'Ein fremder Schlüssel ist verloren gegangen',
  },
  bhv: {
    PERSONENSCHADEN: 'Eine Person wurde verletzt',
    SACHSCHADEN: 'Eine Sache wurde beschädigt',
    BEARBEITUNGSSCHADEN: 'Eine Sache wurde bei der Arbeit an ihr beschädigt',
  },
  vh: {
    BERATUNGSFEHLER: 'Fehler bei einer Beratung oder Auskunft',
    FRISTVERSAEUMNIS: 'Eine Frist wurde versäumt',
    DATENVERLUST: 'Daten gingen verloren oder wurden offengelegt',
    SONSTIGER_VERMOEGENSSCHADEN: 'Ein anderer Vermögensschaden',
  },
  hausrat: {
    EINBRUCH: 'Einbruchdiebstahl oder Raub',
    FEUER: 'Feuer, Blitzschlag oder Explosion',
    LEITUNGSWASSER: 'Leitungswasser',
    STURM_HAGEL: 'Sturm oder Hagel',
    GLASBRUCH: 'Glasbruch',
    FAHRRADDIEBSTAHL: 'Fahrraddiebstahl',
    VANDALISMUS: 'Vandalismus nach einem Einbruch',
    SONSTIGES: 'Etwas anderes',
  },
  si: {
    EINBRUCH: 'Einbruchdiebstahl oder Raub',
    FEUER: 'Feuer, Blitzschlag oder Explosion',
    LEITUNGSWASSER: 'Leitungswasser',
    STURM_HAGEL: 'Sturm oder Hagel',
    ELEMENTAR: 'Überschwemmung, Starkregen oder andere Naturgefahren',
    SONSTIGES: 'Etwas anderes',
  },
  fahrrad: {
    DIEBSTAHL: 'Das Fahrrad wurde gestohlen',
    TEILEDIEBSTAHL: 'Teile wurden gestohlen (z. B. Akku, Sattel)',
    UNFALL: 'Unfall oder Sturz',
    VANDALISMUS: 'Vandalismus',
    DEFEKT: 'Defekt oder Verschleiß',
  },
  reise: {
    RUECKTRITT: 'Ich musste die Reise absagen (Reiserücktritt)',
    ABBRUCH: 'Ich musste die Reise abbrechen (Reiseabbruch)',
  },
} as const satisfies Record<ClaimProduct, Record<string, string>>;

/** Causes that need a police report (theft and burglary). */
export const POLICE_REPORT_CAUSES: Readonly<Partial<Record<ClaimProduct, readonly string[]>>> = {
  hausrat: ['EINBRUCH', 'FAHRRADDIEBSTAHL', 'VANDALISMUS'],
  si: ['EINBRUCH'],
  fahrrad: ['DIEBSTAHL', 'TEILEDIEBSTAHL'],
};

function schadenStep(
  produkt: ClaimProduct,
  { today, vertragsbeginn }: ClaimFlowContext,
  next: FlowStep['next'],
): FlowStep {
  const isReise = produkt === 'reise';
  return {
    id: 'schaden',
    title: isReise ? 'Was ist passiert?' : 'Der Schaden',
    intro: `Ihre Schadenmeldung zur ${CLAIM_PRODUCT_INFO[produkt].name}. Bitte beschreiben Sie, was passiert ist.`,
    pageSchema: z.object({
      schadenart: choice(SCHADENART_LABELS[produkt]),
      schadentag: dayBetween(vertragsbeginn, today, { lossDay: true }),
      schadenort: requiredShortText(CLAIM_FLOW_MESSAGES.schadenort),
      beschreibung: descriptionText(CLAIM_FLOW_MESSAGES.beschreibung),
    }),
    fields: [
      {
        key: 'schadenart',
        kind: 'radio',
        label: isReise ? 'Was ist mit Ihrer Reise geschehen?' : 'Was ist passiert?',
        options: optionsOf(SCHADENART_LABELS[produkt]),
      },
      {
        key: 'schadentag',
        kind: 'date',
        label: isReise
          ? 'An welchem Tag ist das Ereignis eingetreten?'
          : 'An welchem Tag ist der Schaden entstanden?',
        ...(isReise ? { hint: 'Zum Beispiel der Tag, an dem die Krankheit begann.' } : {}),
        min: vertragsbeginn,
        max: today,
      },
      {
        key: 'schadenort',
        kind: 'text',
        label: 'Wo ist der Schaden entstanden?',
        hint: 'Die Anschrift oder eine möglichst genaue Ortsangabe.',
        maxLength: CLAIM_SHORT_TEXT_MAX,
      },
      {
        key: 'beschreibung',
        kind: 'text',
        label: 'Beschreibung',
        hint: 'Schildern Sie in eigenen Worten, wie es zu dem Schaden kam.',
        maxLength: CLAIM_LONG_TEXT_MAX,
      },
    ],
    // The bicycle's frame number from the contract rides along on the first page (never sent as an
    // answer) so the theft page can start with it (prefillFrom).
    ...(produkt === 'fahrrad' ? { irrelevant: ['rahmennummer'] } : {}),
    next,
  };
}

// ---- the police report (bicycle theft, burglary) ----------------------------------------------

function polizeiStep({ today, vertragsbeginn }: ClaimFlowContext, next: FlowStep['next']): FlowStep {
  return {
    id: 'polizei',
    title: 'Polizeiliche Anzeige',
    intro:
      'Diebstahl und Einbruch müssen Sie sofort bei der Polizei anzeigen. Ohne Anzeige können wir den Schaden nicht übernehmen.',
    pageSchema: z.object({
      dienststelle: requiredShortText(CLAIM_FLOW_MESSAGES.dienststelle),
      aktenzeichen: requiredShortText(CLAIM_FLOW_MESSAGES.aktenzeichen, 60),
      anzeigeDatum: dayBetween(vertragsbeginn, today),
    }),
    fields: [
      {
        key: 'dienststelle',
        kind: 'text',
        label: 'Polizeidienststelle',
        hint: 'Zum Beispiel „Polizeiabschnitt 32, Berlin“ oder „Onlinewache Niedersachsen“.',
        maxLength: CLAIM_SHORT_TEXT_MAX,
      },
      { key: 'aktenzeichen', kind: 'text', label: 'Aktenzeichen (Vorgangsnummer)', maxLength: 60 },
      { key: 'anzeigeDatum', kind: 'date', label: 'Tag der Anzeige', min: vertragsbeginn, max: today },
    ],
    next,
  };
}

// ---- liability: injured party, what happened, witnesses, no admission --------------------------

function geschaedigterStep(next: FlowStep['next']): FlowStep {
  return {
    id: 'geschaedigter',
    title: 'Die geschädigte Person',
    intro: 'Wem ist der Schaden entstanden? Wir setzen uns mit der geschädigten Person in Verbindung.',
    pageSchema: z.object({
      name: requiredShortText(CLAIM_FLOW_MESSAGES.name),
      strasse: requiredShortText(CLAIM_FLOW_MESSAGES.strasse, 100),
      hausnummer: hausnummerSchema,
      plz: postalCode,
      ort: requiredShortText(CLAIM_FLOW_MESSAGES.ort, 100),
      telefon: phoneSchema({ mobileRequired: false }),
      email: emailSchema.optional(),
      angehoerig: choice(JA_NEIN),
    }),
    fields: [
      { key: 'name', kind: 'text', label: 'Name oder Firma', maxLength: CLAIM_SHORT_TEXT_MAX },
      { key: 'strasse', kind: 'text', label: 'Straße', maxLength: 100 },
      { key: 'hausnummer', kind: 'hausnummer', label: 'Hausnummer', maxLength: 20 },
      { key: 'plz', kind: 'plz', label: 'Postleitzahl' },
      { key: 'ort', kind: 'text', label: 'Ort', maxLength: 100 },
      {
        key: 'telefon',
        kind: 'tel',
        label: 'Telefonnummer',
        hint: 'Im internationalen Format, z. B. +49 30 1234567.',
      },
      { key: 'email', kind: 'email', label: 'E-Mail-Adresse', optional: true },
      {
        key: 'angehoerig',
        kind: 'radio',
        label: 'Ist die geschädigte Person mit Ihnen verwandt oder lebt sie in Ihrem Haushalt?',
        options: optionsOf(JA_NEIN),
      },
    ],
    next,
  };
}

function hergangStep(produkt: ClaimProduct, next: FlowStep['next']): FlowStep {
  return {
    id: 'hergang',
    title: 'Der Hergang',
    pageSchema: z.object({
      hergang: descriptionText(CLAIM_FLOW_MESSAGES.beschreibung),
      ...(produkt === 'thv' ? { tier: requiredShortText(CLAIM_FLOW_MESSAGES.name, 100) } : {}),
      forderung: choice(JA_NEIN),
      forderungCents: amountCents().optional(),
    }),
    fields: [
      ...(produkt === 'thv'
        ? [
            {
              key: 'tier',
              kind: 'text',
              label: 'Welches Ihrer Tiere hat den Schaden verursacht?',
              hint: 'Name und Rasse.',
              maxLength: 100,
            } as const,
          ]
        : []),
      {
        key: 'hergang',
        kind: 'text',
        label: 'Wie kam es zu dem Schaden?',
        hint: 'Der Ablauf Schritt für Schritt: Wer war beteiligt, was geschah zuerst, was danach?',
        maxLength: CLAIM_LONG_TEXT_MAX,
      },
      {
        key: 'forderung',
        kind: 'radio',
        label: 'Hat die geschädigte Person schon einen Betrag gefordert?',
        options: optionsOf(JA_NEIN),
      },
      {
        key: 'forderungCents',
        kind: 'money',
        label: 'Geforderter Betrag',
        optional: true,
        visibleWhen: { key: 'forderung', in: ['JA'] },
      },
    ],
    next,
  };
}

function zeugenStep(next: FlowStep['next']): FlowStep {
  return {
    id: 'zeugen',
    title: 'Zeugen',
    pageSchema: z.object({ zeugenVorhanden: choice(JA_NEIN) }),
    fields: [
      {
        key: 'zeugenVorhanden',
        kind: 'radio',
        label: 'Hat jemand den Schaden beobachtet?',
        options: optionsOf(JA_NEIN),
      },
    ],
    next,
  };
}

function zeugenAngabenStep(next: FlowStep['next']): FlowStep {
  return {
    id: 'zeugen-angaben',
    title: 'Angaben zu den Zeugen',
    pageSchema: z.object({
      zeugen: z
        .array(
          z.object({
            name: requiredShortText(CLAIM_FLOW_MESSAGES.name),
            kontakt: requiredShortText('Bitte geben Sie eine Anschrift oder Telefonnummer an.'),
          }),
          { error: CLAIM_FLOW_MESSAGES.zeugen },
        )
        .min(1, { error: CLAIM_FLOW_MESSAGES.zeugen })
        .max(CLAIM_LIST_MAX, { error: CLAIM_FLOW_MESSAGES.zuVieleEintraege }),
    }),
    fields: [
      {
        key: 'zeugen',
        kind: 'list',
        label: 'Zeugen',
        itemLabel: 'Zeugin oder Zeuge',
        addLabel: 'Weitere Person hinzufügen',
        min: 1,
        max: CLAIM_LIST_MAX,
        itemFields: [
          { key: 'name', kind: 'text', label: 'Name', maxLength: CLAIM_SHORT_TEXT_MAX },
          {
            key: 'kontakt',
            kind: 'text',
            label: 'Anschrift oder Telefonnummer',
            maxLength: CLAIM_SHORT_TEXT_MAX,
          },
        ],
      },
    ],
    next,
  };
}

// ---- property: damaged items -------------------------------------------------------------------

function gegenstaendeStep(next: FlowStep['next']): FlowStep {
  return {
    id: 'gegenstaende',
    title: 'Beschädigte oder gestohlene Gegenstände',
    intro: 'Nennen Sie jeden Gegenstand mit seinem Wert (Neupreis). Kaufbelege können Sie später hochladen.',
    pageSchema: z.object({
      gegenstaende: z
        .array(
          z.object({
            bezeichnung: requiredShortText('Bitte geben Sie an, um welchen Gegenstand es sich handelt.'),
            wertCents: amountCents(),
          }),
          { error: CLAIM_FLOW_MESSAGES.gegenstaende },
        )
        .min(1, { error: CLAIM_FLOW_MESSAGES.gegenstaende })
        .max(CLAIM_LIST_MAX, { error: CLAIM_FLOW_MESSAGES.zuVieleEintraege }),
    }),
    fields: [
      {
        key: 'gegenstaende',
        kind: 'list',
        label: 'Gegenstände',
        itemLabel: 'Gegenstand',
        addLabel: 'Weiteren Gegenstand hinzufügen',
        min: 1,
        max: CLAIM_LIST_MAX,
        itemFields: [
          {
            key: 'bezeichnung',
            kind: 'text',
            label: 'Gegenstand',
            hint: 'Zum Beispiel „Fernseher, Samsung, 55 Zoll“.',
            maxLength: CLAIM_SHORT_TEXT_MAX,
          },
          { key: 'wertCents', kind: 'money', label: 'Wert (Neupreis)' },
        ],
      },
    ],
    next,
  };
}

/** The sum of the damaged items' values in cents (0 when there are none). */
export function totalItemValueCents(answers: FlowAnswers): number {
  const items = answers.gegenstaende?.gegenstaende;
  if (!Array.isArray(items)) return 0;
  return items.reduce<number>((sum, item) => {
    const value = (item as { wertCents?: unknown } | null)?.wertCents;
    return sum + (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  }, 0);
}

// ---- bicycle --------------------------------------------------------------------------------

/** Kinds of lock (bicycle theft). */
export const SCHLOSS_LABELS = {
  BUEGELSCHLOSS: 'Bügelschloss',
  FALTSCHLOSS: 'Faltschloss',
  KETTENSCHLOSS: 'Kettenschloss',
  RAHMENSCHLOSS: 'Rahmenschloss',
  KABELSCHLOSS: 'Kabel- oder Spiralschloss',
  KEINS: 'Das Fahrrad war nicht abgeschlossen',
} as const;

function diebstahlStep(next: FlowStep['next']): FlowStep {
  return {
    id: 'diebstahl',
    title: 'Ihr Fahrrad und das Schloss',
    prefillFrom: { stepId: 'schaden', keys: ['rahmennummer'] },
    pageSchema: z.object({
      rahmennummer: requiredShortText(CLAIM_FLOW_MESSAGES.rahmennummer, 30),
      schloss: choice(SCHLOSS_LABELS),
      angeschlossenAn: choice({ JA: 'Ja', NEIN: 'Nein' }),
      kaufbeleg: choice(JA_NEIN),
    }),
    fields: [
      {
        key: 'rahmennummer',
        kind: 'text',
        label: 'Rahmennummer',
        hint: 'Aus Ihrem Vertrag übernommen, wenn Sie sie uns schon genannt haben. Bitte prüfen Sie sie.',
        maxLength: 30,
      },
      {
        key: 'schloss',
        kind: 'radio',
        label: 'Womit war das Fahrrad abgeschlossen?',
        options: optionsOf(SCHLOSS_LABELS),
      },
      {
        key: 'angeschlossenAn',
        kind: 'radio',
        label: 'War das Fahrrad an einem festen Gegenstand angeschlossen (z. B. einem Fahrradständer)?',
        options: optionsOf({ JA: 'Ja', NEIN: 'Nein' }),
      },
      {
        key: 'kaufbeleg',
        kind: 'radio',
        label: 'Haben Sie den Kaufbeleg des Fahrrads?',
        options: optionsOf(JA_NEIN),
      },
    ],
    next,
  };
}

function reparaturStep(next: FlowStep['next']): FlowStep {
  return {
    id: 'reparatur',
    title: 'Die Reparatur',
    pageSchema: z.object({
      werkstatt: optionalShortText(),
      kostenCents: amountCents().optional(),
    }),
    fields: [
      { key: 'werkstatt', kind: 'text', label: 'Werkstatt', optional: true, maxLength: CLAIM_SHORT_TEXT_MAX },
      {
        key: 'kostenCents',
        kind: 'money',
        label: 'Kosten laut Kostenvoranschlag oder Rechnung',
        optional: true,
        hint: 'Wenn Sie sie schon kennen.',
      },
    ],
    next,
  };
}

// ---- travel -------------------------------------------------------------------------------

/** Reasons for cancelling or cutting short a trip. */
export const REISE_GRUND_LABELS = {
  KRANKHEIT: 'Unerwartete schwere Erkrankung',
  UNFALL: 'Unfallverletzung',
  TOD: 'Tod einer nahestehenden Person',
  ARBEITSPLATZ: 'Verlust des Arbeitsplatzes',
  SONSTIGES: 'Ein anderer Grund',
} as const;

/** Reasons that involve health data (asked only with the consent of /einwilligung). */
export const HEALTH_REASONS: readonly string[] = ['KRANKHEIT', 'UNFALL'];

function reiseStep({ today }: ClaimFlowContext, next: FlowStep['next']): FlowStep {
  return {
    id: 'reise',
    title: 'Ihre Buchung',
    pageSchema: z
      .object({
        reiseziel: requiredShortText('Bitte geben Sie das Reiseziel an.'),
        veranstalter: requiredShortText('Bitte geben Sie den Reiseveranstalter oder das Reisebüro an.'),
        buchungsnummer: optionalShortText(60),
        buchungsdatum: dayBetween('2000-01-01', today),
        reisebeginn: anyDay(),
        reiseende: anyDay(),
        reisepreisCents: amountCents(),
      })
      .refine((page) => page.reiseende >= page.reisebeginn, {
        path: ['reiseende'],
        error: CLAIM_FLOW_MESSAGES.reiseende,
      }),
    fields: [
      { key: 'reiseziel', kind: 'text', label: 'Reiseziel', maxLength: CLAIM_SHORT_TEXT_MAX },
      {
        key: 'veranstalter',
        kind: 'text',
        label: 'Reiseveranstalter oder Reisebüro',
        maxLength: CLAIM_SHORT_TEXT_MAX,
      },
      { key: 'buchungsnummer', kind: 'text', label: 'Buchungsnummer', optional: true, maxLength: 60 },
      { key: 'buchungsdatum', kind: 'date', label: 'Tag der Buchung', max: today },
      { key: 'reisebeginn', kind: 'date', label: 'Beginn der Reise' },
      { key: 'reiseende', kind: 'date', label: 'Ende der Reise' },
      { key: 'reisepreisCents', kind: 'money', label: 'Reisepreis' },
    ],
    next,
  };
}

function stornoStep({ today, vertragsbeginn }: ClaimFlowContext, next: FlowStep['next']): FlowStep {
  return {
    id: 'storno',
    title: 'Absage oder Abbruch',
    intro:
      'Sagen Sie die Reise so früh wie möglich ab: Die Stornokosten steigen, je näher der Reisebeginn rückt.',
    pageSchema: z.object({
      grund: choice(REISE_GRUND_LABELS),
      stornoDatum: dayBetween(vertragsbeginn, today),
      kostenCents: amountCents(),
    }),
    fields: [
      {
        key: 'grund',
        kind: 'radio',
        label: 'Warum konnten Sie die Reise nicht antreten oder fortsetzen?',
        options: optionsOf(REISE_GRUND_LABELS),
      },
      {
        key: 'stornoDatum',
        kind: 'date',
        label: 'An welchem Tag haben Sie die Reise abgesagt oder abgebrochen?',
        min: vertragsbeginn,
        max: today,
      },
      {
        key: 'kostenCents',
        kind: 'money',
        label: 'Stornokosten oder Mehrkosten',
        hint: 'Der Betrag laut Stornorechnung oder die Kosten der vorzeitigen Rückreise.',
      },
    ],
    next,
  };
}

function gesundheitStep({ today }: ClaimFlowContext, next: FlowStep['next']): FlowStep {
  return {
    id: 'gesundheit',
    title: 'Angaben zur Erkrankung',
    intro:
      'Diese Angaben verarbeiten wir nur aufgrund Ihrer Einwilligung in die Verarbeitung von Gesundheitsdaten.',
    pageSchema: z.object({
      betroffenePerson: requiredShortText(CLAIM_FLOW_MESSAGES.name),
      erkranktAm: dayBetween(addYears(today, -5), today),
      arzt: requiredShortText('Bitte nennen Sie die behandelnde Ärztin oder den behandelnden Arzt.'),
      reiseunfaehigBestaetigt: choice(JA_NEIN),
    }),
    fields: [
      {
        key: 'betroffenePerson',
        kind: 'text',
        label: 'Wer ist erkrankt oder verletzt?',
        maxLength: CLAIM_SHORT_TEXT_MAX,
      },
      { key: 'erkranktAm', kind: 'date', label: 'Seit wann?', max: today },
      {
        key: 'arzt',
        kind: 'text',
        label: 'Behandelnde Ärztin oder behandelnder Arzt',
        maxLength: CLAIM_SHORT_TEXT_MAX,
      },
      {
        key: 'reiseunfaehigBestaetigt',
        kind: 'radio',
        label: 'Hat die Ärztin oder der Arzt die Reiseunfähigkeit bescheinigt?',
        options: optionsOf(JA_NEIN),
      },
    ],
    next,
  };
}

/** The text of the step shown when travel health questions would follow but no consent is on record. */
export const EINWILLIGUNG_FEHLT_TEXT =
  'Für eine Erkrankung oder Verletzung brauchen wir Angaben zu Ihrer Gesundheit. Diese dürfen wir nur mit Ihrer ' +
  'ausdrücklichen Einwilligung verarbeiten (Art. 9 DSGVO). Sie können Ihre Einwilligung im Kundenportal unter ' +
  '„Einwilligung“ erteilen und danach die Angaben zur Erkrankung ergänzen. Ihre Meldung können Sie schon jetzt ' +
  'ohne diese Angaben senden.';

function einwilligungStep(next: FlowStep['next']): FlowStep {
  return {
    id: 'einwilligung',
    title: 'Einwilligung für Gesundheitsdaten',
    pageSchema: z.object({}),
    fields: [
      {
        key: 'einwilligungHinweis',
        kind: 'notice',
        title: 'Ihre Einwilligung fehlt',
        text: EINWILLIGUNG_FEHLT_TEXT,
      },
    ],
    next,
  };
}

// ---- the declaration ------------------------------------------------------------------------

/** The declaration that ends every claim report. */
export const CLAIM_ERKLAERUNG_TEXT =
  'Ich versichere, dass meine Angaben vollständig und wahrheitsgemäß sind. Mir ist bekannt, dass falsche oder ' +
  'unvollständige Angaben den Versicherungsschutz gefährden können.';

/** The confirmation of liability claims: nothing admitted, nothing promised. */
export const KEIN_ANERKENNTNIS_TEXT =
  'Ich habe gegenüber der geschädigten Person keine Schuld anerkannt und keine Zahlung zugesagt.';

function erklaerungStep(kind: 'haftpflicht' | 'andere'): FlowStep {
  const liability = kind === 'haftpflicht';
  return {
    id: 'erklaerung',
    title: 'Erklärung',
    intro: 'Bitte prüfen Sie die Liste der Unterlagen und senden Sie dann Ihre Meldung.',
    pageSchema: z.object({
      ...(liability ? { keinAnerkenntnis: confirmed(CLAIM_FLOW_MESSAGES.keinAnerkenntnis) } : {}),
      wahrheitsgemaess: confirmed(CLAIM_FLOW_MESSAGES.wahrheitsgemaess),
    }),
    fields: [
      ...(liability
        ? [
            {
              key: 'anerkenntnisHinweis',
              kind: 'notice',
              title: 'Bitte erkennen Sie keine Schuld an',
              text:
                'Sagen Sie der geschädigten Person keine Zahlung zu und erkennen Sie keine Schuld an. Wir prüfen, ob ' +
                'die Forderung berechtigt ist, und wehren unberechtigte Forderungen für Sie ab.',
            } as const,
            { key: 'keinAnerkenntnis', kind: 'checkbox', label: KEIN_ANERKENNTNIS_TEXT } as const,
          ]
        : []),
      { key: 'wahrheitsgemaess', kind: 'checkbox', label: CLAIM_ERKLAERUNG_TEXT },
    ],
  };
}

// ---- the flows -------------------------------------------------------------------------------

function haftpflichtSteps(produkt: ClaimProduct, context: ClaimFlowContext): FlowStep[] {
  return [
    schadenStep(produkt, context, [{ to: 'geschaedigter' }]),
    geschaedigterStep([{ to: 'hergang' }]),
    hergangStep(produkt, [{ to: 'zeugen' }]),
    zeugenStep([
      { to: 'zeugen-angaben', guard: answerEquals('zeugen', 'zeugenVorhanden', 'JA') },
      { to: 'erklaerung' },
    ]),
    zeugenAngabenStep([{ to: 'erklaerung' }]),
    erklaerungStep('haftpflicht'),
  ];
}

function sachSteps(produkt: 'hausrat' | 'si', context: ClaimFlowContext): FlowStep[] {
  return [
    schadenStep(produkt, context, [{ to: 'gegenstaende' }]),
    gegenstaendeStep([
      { to: 'polizei', guard: answerIn('schaden', 'schadenart', POLICE_REPORT_CAUSES[produkt] ?? []) },
      { to: 'erklaerung' },
    ]),
    polizeiStep(context, [{ to: 'erklaerung' }]),
    erklaerungStep('andere'),
  ];
}

function fahrradSteps(context: ClaimFlowContext): FlowStep[] {
  return [
    schadenStep('fahrrad', context, [
      { to: 'diebstahl', guard: answerEquals('schaden', 'schadenart', 'DIEBSTAHL') },
      { to: 'gegenstaende', guard: answerEquals('schaden', 'schadenart', 'TEILEDIEBSTAHL') },
      { to: 'reparatur' },
    ]),
    diebstahlStep([{ to: 'polizei' }]),
    gegenstaendeStep([{ to: 'polizei' }]),
    polizeiStep(context, [{ to: 'erklaerung' }]),
    reparaturStep([{ to: 'erklaerung' }]),
    erklaerungStep('andere'),
  ];
}

function reiseSteps(context: ClaimFlowContext): FlowStep[] {
  const consent = context.gesundheitsEinwilligung === true;
  const healthReason = answerIn('storno', 'grund', HEALTH_REASONS);
  return [
    schadenStep('reise', context, [{ to: 'reise' }]),
    reiseStep(context, [{ to: 'storno' }]),
    stornoStep(context, [
      { to: consent ? 'gesundheit' : 'einwilligung', guard: healthReason },
      { to: 'erklaerung' },
    ]),
    // Both steps stay in the flow so their ids are known; a guard reaches only the one that fits the consent.
    gesundheitStep(context, [{ to: 'erklaerung' }]),
    einwilligungStep([{ to: 'erklaerung' }]),
    erklaerungStep('andere'),
  ];
}

/** The claim flow of a product for a day, a contract start and the health-data consent. */
export function createClaimFlow(produkt: ClaimProduct, context: ClaimFlowContext): Flow {
  const steps = (() => {
    switch (produkt) {
      case 'thv':
      case 'phv':
      case 'bhv':
      case 'vh':
        return haftpflichtSteps(produkt, context);
      case 'hausrat':
      case 'si':
        return sachSteps(produkt, context);
      case 'fahrrad':
        return fahrradSteps(context);
      case 'reise':
        return reiseSteps(context);
    }
  })();
  const productKey = CLAIM_PRODUCT_INFO[produkt].productKeys[0]!;
  return defineFlow({ id: `schaden-${produkt}`, productKey, steps });
}

/** What the contract already knows that a claim page starts with (shown to confirm or change). */
export interface ClaimContractFacts {
  /** The insured bicycle's frame number (FAHRRAD contracts). */
  rahmennummer?: string;
}

/**
 * Answers a fresh claim starts with, taken from the contract: the bicycle's frame number, carried as
 * an irrelevant key of the first page ('schaden'), from which the theft page is prefilled
 * (prefillFrom) and shows it to confirm or change. The browser gives them to the wizard as an
 * 'answer' to the first step (the 'prefill' action prunes irrelevant keys); they are never sent.
 */
export function claimPrefill(produkt: ClaimProduct, facts: ClaimContractFacts): FlowAnswers {
  if (produkt === 'fahrrad' && facts.rahmennummer) return { schaden: { rahmennummer: facts.rahmennummer } };
  return {};
}
