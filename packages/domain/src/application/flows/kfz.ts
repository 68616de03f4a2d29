// The motor application (Kfz-Versicherung) as a flow. Spec §2 starts it at
// /antrag/allgemeine-versicherungsdaten, so its base route is '/antrag/' (not '/kfz/antrag/'):
// 1. allgemeine-versicherungsdaten: the vehicle by HSN/TSN (the tarifieren answer names the vehicle
//    the class table knows for them, shown next to the numbers), first registration, registration
//    plate if there is one, use, annual mileage, garage and the holder's postcode (regional class);
// 2. fahrer: who drives, the youngest driver's age and the no-claims classes;
// 3. tarif: the cover (Haftpflicht, Teilkasko, Vollkasko) with the deductible of the chosen cover;
// then the shared steps, where the applicant is the policyholder and the car's holder.
// Page schemas reuse the tariff's rating input schema, so a page accepts exactly what the tariff prices.
import { z } from 'zod';
import {
  addYears,
  compareDates,
  dateParts,
  isCalendarDate,
  type CalendarDate,
} from '../../dates/calendar-date';
import { formatGermanNumber } from '../../format/number';
import {
  KFZ_DECKUNGSVARIANTEN,
  KFZ_SELBSTBETEILIGUNGEN_TEILKASKO,
  KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO,
  KFZ_VARIANTEN,
} from '../../products/kfz/catalogue';
import type { KfzVariante } from '../../products/kfz/catalogue';
import { kfzRatingInputSchema } from '../../products/kfz/tariff';
import {
  MAX_FAHRLEISTUNG_KM,
  MAX_FAHRZEUGALTER_JAHRE,
  SF_KLASSEN,
  SF_KLASSEN_VOLLKASKO,
} from '../../products/kfz/tariff-data';
import { APPLICATION_MESSAGES, commonSteps } from '../common-steps';
import { optionsOf } from '../fields';
import type { FieldOption } from '../fields';
import { defineFlow } from '../flow';
import type { FlowAnswers } from '../flow';
import type { ProductApplication } from '../product-application';
import { stepData } from '../product-application';
import { isOpen } from './selbstbeteiligung-options';

/** What the motor flow depends on besides the answers. */
export interface KfzFlowContext {
  /** Today in Germany: bounds the first registration, the insurance start and the birth date. */
  today: CalendarDate;
}

/** German messages of the motor pages (the shared steps' messages included). */
export const KFZ_FLOW_MESSAGES = {
  ...APPLICATION_MESSAGES,
  deckungsVariante: 'Bitte wählen Sie eine Deckung.',
  kennzeichen: 'Bitte geben Sie das Kennzeichen wie auf dem Schild an, z. B. M-AB 1234.',
  selbstbeteiligungTeilkasko: 'Bitte wählen Sie die Selbstbeteiligung der Teilkasko.',
  selbstbeteiligungVollkasko: 'Bitte wählen Sie die Selbstbeteiligung der Vollkasko.',
} as const;

/** The first step's id: its URL is /antrag/allgemeine-versicherungsdaten/ (spec §2). */
export const KFZ_FIRST_STEP = 'allgemeine-versicherungsdaten';

const rating = kfzRatingInputSchema.shape;

const NUTZUNG_LABELS = {
  PRIVAT: 'Privat (auch Weg zur Arbeit)',
  GESCHAEFTLICH: 'Überwiegend geschäftlich',
};
const GARAGE_LABELS = {
  JA: 'Ja, in einer Garage oder einem Carport',
  NEIN: 'Nein, auf der Straße oder im Hof',
};
const FAHRERKREIS_LABELS = {
  NUR_VN: 'Nur ich',
  VN_PARTNER: 'Ich und mein Partner bzw. meine Partnerin',
  BELIEBIG: 'Beliebige Fahrer',
};

/** Deductible amounts as the options show them. */
const SB_LABELS: Readonly<Record<string, string>> = {
  SB_KEINE: 'Keine Selbstbeteiligung',
  SB_150: '150 EUR',
  SB_300: '300 EUR',
  SB_500: '500 EUR',
  SB_1000: '1.000 EUR',
};

function sbOptions(values: readonly string[]): FieldOption[] {
  return values.map((value) => ({ value, label: SB_LABELS[value] ?? value }));
}

function sfOptions(values: readonly string[]): FieldOption[] {
  const label = (klasse: string) =>
    klasse === 'M'
      ? 'M (Malusklasse)'
      : klasse === '0'
        ? '0 (ohne Schadenfreiheitsrabatt)'
        : klasse === 'S'
          ? 'S (Sonderklasse)'
          : `SF ${klasse}`;
  return values.map((value) => ({ value, label: label(value) }));
}

// The plate as printed: district code (1–3 letters), recognition letters (1–2) and 1–4 digits,
// optionally E (electric) or H (historic) at the end.
const kennzeichenSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-ZÄÖÜ]{1,3}[- ][A-Z]{1,2} ?\d{1,4}[EH]?$/, { error: KFZ_FLOW_MESSAGES.kennzeichen });

const tarifSchema = z
  .object({
    deckungsVariante: z.enum(KFZ_VARIANTEN, { error: KFZ_FLOW_MESSAGES.deckungsVariante }),
    selbstbeteiligungTeilkasko: rating.selbstbeteiligungTeilkasko.unwrap().optional(),
    selbstbeteiligungVollkasko: rating.selbstbeteiligungVollkasko.unwrap().optional(),
  })
  .superRefine((page, context) => {
    // The deductible of the chosen cover is asked on the page; the other one is hidden (no answer).
    if (page.deckungsVariante === 'KFZ_TEILKASKO' && page.selbstbeteiligungTeilkasko === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['selbstbeteiligungTeilkasko'],
        message: KFZ_FLOW_MESSAGES.selbstbeteiligungTeilkasko,
      });
    }
    if (page.deckungsVariante === 'KFZ_VOLLKASKO' && page.selbstbeteiligungVollkasko === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['selbstbeteiligungVollkasko'],
        message: KFZ_FLOW_MESSAGES.selbstbeteiligungVollkasko,
      });
    }
  });

/** The motor application flow for a day. */
export function createKfzFlow({ today }: KfzFlowContext) {
  return defineFlow({
    id: 'kfz',
    productKey: 'KFZ',
    steps: [
      {
        id: KFZ_FIRST_STEP,
        title: 'Ihr Fahrzeug',
        intro:
          'Mit diesen Angaben berechnen wir Ihren Beitrag. HSN und TSN finden Sie in der Zulassungsbescheinigung Teil I (Fahrzeugschein).',
        pageSchema: z.object({
          hsn: rating.hsn,
          tsn: rating.tsn,
          erstzulassung: rating.erstzulassung,
          kennzeichen: kennzeichenSchema.optional(),
          nutzung: rating.nutzung,
          jaehrlicheFahrleistungKm: rating.jaehrlicheFahrleistungKm,
          garage: rating.garage,
          plz: rating.plz,
        }),
        fields: [
          {
            key: 'hsn',
            kind: 'text',
            label: 'Herstellerschlüsselnummer (HSN)',
            maxLength: 4,
            hint: 'Feld 2.1 der Zulassungsbescheinigung Teil I, 4 Ziffern.',
          },
          {
            key: 'tsn',
            kind: 'text',
            label: 'Typschlüsselnummer (TSN)',
            maxLength: 3,
            hint: 'Die ersten 3 Zeichen aus Feld 2.2. Wir zeigen Ihnen das Fahrzeug zu HSN und TSN an.',
          },
          {
            key: 'erstzulassung',
            kind: 'date',
            label: 'Erstzulassung',
            hint: 'Feld B der Zulassungsbescheinigung Teil I.',
            min: addYears(today, -MAX_FAHRZEUGALTER_JAHRE),
            max: today,
          },
          {
            key: 'kennzeichen',
            kind: 'text',
            label: 'Kennzeichen',
            optional: true,
            maxLength: 12,
            hint: 'Nur wenn das Fahrzeug schon zugelassen ist. Für die Zulassung erhalten Sie mit dem Vertrag Ihre eVB-Nummer.',
          },
          { key: 'nutzung', kind: 'radio', label: 'Nutzung', options: optionsOf(NUTZUNG_LABELS) },
          {
            key: 'jaehrlicheFahrleistungKm',
            kind: 'number',
            label: 'Jährliche Fahrleistung',
            unit: 'km',
            min: 1_000,
            max: MAX_FAHRLEISTUNG_KM,
            hint: `Online versichern wir bis ${formatGermanNumber(MAX_FAHRLEISTUNG_KM)} km im Jahr.`,
          },
          {
            key: 'garage',
            kind: 'radio',
            label: 'Steht das Fahrzeug nachts in einer Garage?',
            options: optionsOf(GARAGE_LABELS),
          },
          {
            key: 'plz',
            kind: 'plz',
            label: 'Postleitzahl des Halters',
            autoComplete: 'postal-code',
            hint: 'Sie bestimmt die Regionalklasse. Der Halter sind Sie als Versicherungsnehmer.',
          },
        ],
        next: [{ to: 'fahrer' }],
      },
      {
        id: 'fahrer',
        title: 'Fahrer und Schadenfreiheitsklasse',
        pageSchema: z.object({
          fahrerkreis: rating.fahrerkreis,
          juengsterFahrerAlter: rating.juengsterFahrerAlter,
          sfKlasseHaftpflicht: rating.sfKlasseHaftpflicht,
          sfKlasseVollkasko: rating.sfKlasseVollkasko,
        }),
        fields: [
          {
            key: 'fahrerkreis',
            kind: 'radio',
            label: 'Wer fährt das Fahrzeug?',
            options: optionsOf(FAHRERKREIS_LABELS),
          },
          {
            key: 'juengsterFahrerAlter',
            kind: 'number',
            label: 'Alter des jüngsten Fahrers',
            unit: 'Jahre',
            min: 18,
            max: 110,
            hint: 'Alle Fahrer müssen mindestens 18 Jahre alt sein. Fahren nur Sie, ist es Ihr Alter.',
          },
          {
            key: 'sfKlasseHaftpflicht',
            kind: 'select',
            label: 'Schadenfreiheitsklasse (SF) der Haftpflicht',
            hint: 'Sie steht in Ihrer letzten Beitragsrechnung. Fahranfänger beginnen in Klasse 0, mit drei Jahren Führerschein in SF 1/2.',
            options: sfOptions(SF_KLASSEN),
          },
          {
            key: 'sfKlasseVollkasko',
            kind: 'select',
            label: 'Schadenfreiheitsklasse der Vollkasko',
            optional: true,
            hint: 'Nur wenn sie von der Haftpflicht abweicht; sonst gilt die Klasse der Haftpflicht.',
            options: sfOptions(SF_KLASSEN_VOLLKASKO),
          },
        ],
        next: [{ to: 'tarif' }],
      },
      {
        id: 'tarif',
        title: 'Deckung wählen',
        pageSchema: tarifSchema,
        fields: [
          { key: 'deckungsVariante', kind: 'variants', label: 'Ihre Deckung' },
          {
            key: 'selbstbeteiligungTeilkasko',
            kind: 'radio',
            label: 'Selbstbeteiligung der Teilkasko je Schadenfall',
            options: sbOptions(KFZ_SELBSTBETEILIGUNGEN_TEILKASKO),
            visibleWhen: { key: 'deckungsVariante', in: ['KFZ_TEILKASKO'] },
          },
          {
            key: 'selbstbeteiligungVollkasko',
            kind: 'radio',
            label: 'Selbstbeteiligung der Vollkasko je Schadenfall',
            hint: 'Bei Teilkasko-Schäden (z. B. Glasbruch, Wildunfall) gelten 150 EUR.',
            options: sbOptions(KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO),
            visibleWhen: { key: 'deckungsVariante', in: ['KFZ_VOLLKASKO'] },
          },
        ],
        next: [{ to: 'beginn' }],
      },
      ...commonSteps({ today }, { applicant: 'person', addressFrom: 'allgemeine-versicherungsdaten' }),
    ],
  });
}

const RATING_KEYS = {
  [KFZ_FIRST_STEP]: ['hsn', 'tsn', 'erstzulassung', 'nutzung', 'jaehrlicheFahrleistungKm', 'garage', 'plz'],
  fahrer: ['fahrerkreis', 'juengsterFahrerAlter', 'sfKlasseHaftpflicht'],
} as const;

/** The rating facts of the answers so far, or undefined while one is open. */
function ratingFacts(answers: FlowAnswers): Record<string, unknown> | undefined {
  const request: Record<string, unknown> = {};
  for (const [stepId, keys] of Object.entries(RATING_KEYS)) {
    for (const key of keys) {
      const value = answers[stepId]?.[key];
      if (isOpen(value)) return undefined;
      request[key] = value;
    }
  }
  const vollkasko = answers['fahrer']?.['sfKlasseVollkasko'];
  if (!isOpen(vollkasko)) request['sfKlasseVollkasko'] = vollkasko;
  return request;
}

/** Whole years of age on a day. */
function ageOn(geburtsdatum: CalendarDate, day: CalendarDate): number {
  const years = dateParts(day).year - dateParts(geburtsdatum).year;
  return compareDates(addYears(geburtsdatum, years), day) > 0 ? years - 1 : years;
}

/**
 * The youngest driver's age the binding offer is priced with. The applicant drives too (every
 * driver circle includes the policyholder), so the youngest driver is at most as old as the
 * applicant at the insurance start, and exactly that old when only the policyholder drives.
 * Undefined while the birth date or the start is not a valid date (the variant table).
 */
function youngestDriverAge(answers: FlowAnswers, stated: unknown): number | undefined {
  const geburtsdatum = answers['person']?.['geburtsdatum'];
  const beginn = answers['beginn']?.['versicherungsbeginn'];
  if (typeof geburtsdatum !== 'string' || typeof beginn !== 'string') return undefined;
  if (!isCalendarDate(geburtsdatum) || !isCalendarDate(beginn)) return undefined;
  const applicant = ageOn(geburtsdatum, beginn);
  if (answers['fahrer']?.['fahrerkreis'] === 'NUR_VN' || typeof stated !== 'number') return applicant;
  return Math.min(stated, applicant);
}

/** The deductibles the tarif page has (the chosen cover's; the variant table prices them too). */
function deductibles(page: Readonly<Record<string, unknown>> | undefined, variante?: string) {
  const teilkasko = page?.['selbstbeteiligungTeilkasko'];
  const vollkasko = page?.['selbstbeteiligungVollkasko'];
  return {
    ...(isOpen(teilkasko) || variante === 'KFZ_VOLLKASKO' || variante === 'KFZ_HAFTPFLICHT'
      ? {}
      : { selbstbeteiligungTeilkasko: teilkasko }),
    ...(isOpen(vollkasko) || variante === 'KFZ_TEILKASKO' || variante === 'KFZ_HAFTPFLICHT'
      ? {}
      : { selbstbeteiligungVollkasko: vollkasko }),
  };
}

/** The motor application: flow, pricing request, comparison and contract terms. */
export const kfzApplication: ProductApplication = {
  slug: 'kfz',
  baseRoute: '/antrag/',
  productKey: 'KFZ',
  name: 'Kfz-Versicherung',
  pricingPath: 'kfz',
  variantStep: 'tarif',
  createFlow: ({ today }) => createKfzFlow({ today }),
  comparison() {
    return {
      variants: KFZ_DECKUNGSVARIANTEN.map((variant) => ({
        value: variant.deckungsVarianteIdentifier,
        label: variant.deckungsVarianteName,
        recommended: variant.recommended,
      })),
      features: [
        {
          label: 'Leistungen',
          variantOptionRelation: Object.fromEntries(
            KFZ_DECKUNGSVARIANTEN.map((variant) => [
              variant.deckungsVarianteIdentifier,
              { included: true, text: variant.leistungen },
            ]),
          ),
        },
        ...(
          [
            ['Kfz-Haftpflicht (100 Mio. EUR pauschal)', 'KH'],
            ['Teilkasko (Diebstahl, Brand, Sturm, Hagel, Glas, Wild, Marder)', 'TK'],
            ['Vollkasko (eigene Unfallschäden, Vandalismus)', 'VK'],
          ] as const
        ).map(([label, sparte]) => ({
          label,
          variantOptionRelation: Object.fromEntries(
            KFZ_DECKUNGSVARIANTEN.map((variant) => [
              variant.deckungsVarianteIdentifier,
              {
                // The Vollkasko includes the Teilkasko perils (AKB A.2).
                included:
                  variant.sparten.includes(sparte) || (sparte === 'TK' && variant.sparten.includes('VK')),
              },
            ]),
          ),
        })),
      ],
    };
  },
  pricingRequest(answers, choice) {
    const facts = ratingFacts(answers);
    if (!facts) return undefined;
    if (!choice) return { ...facts, ...deductibles(answers['tarif']) };
    // The binding offer is priced with the facts of the personal data the contract will carry: the
    // holder's address sets the regional class, the applicant's age bounds the youngest driver's.
    const adressePlz = answers['adresse']?.['plz'];
    const juengsterFahrerAlter = youngestDriverAge(answers, facts['juengsterFahrerAlter']);
    return {
      ...facts,
      ...(isOpen(adressePlz) ? {} : { plz: adressePlz }),
      ...(juengsterFahrerAlter === undefined ? {} : { juengsterFahrerAlter }),
      ...deductibles(answers['tarif'], choice.variante),
      variante: choice.variante,
      zahlweise: choice.zahlweise,
    };
  },
  choice(data) {
    const beginn = stepData(data, 'beginn');
    return {
      variante: String(stepData(data, 'tarif').deckungsVariante),
      zahlweise: beginn.zahlweise as never,
      versicherungsbeginn: String(beginn.versicherungsbeginn),
    };
  },
  contractTerms(data, priced) {
    const vehicle = stepData(data, KFZ_FIRST_STEP);
    const fahrer = stepData(data, 'fahrer');
    const tarif = stepData(data, 'tarif');
    const variante = tarif.deckungsVariante as KfzVariante;
    // The server prices with its class table and passes the vehicle it found there.
    if (!priced.fahrzeug) throw new Error('A priced KFZ application names its vehicle');
    const adresse = stepData(data, 'adresse');
    const plz = String(adresse.plz ?? vehicle.plz);
    const sb = deductibles(tarif, variante);
    return {
      details: {
        produktKey: 'KFZ',
        fahrzeug: {
          hsn: String(vehicle.hsn),
          tsn: String(vehicle.tsn),
          hersteller: priced.fahrzeug.hersteller,
          modell: priced.fahrzeug.modell,
          erstzulassung: String(vehicle.erstzulassung),
          ...(vehicle.kennzeichen === undefined ? {} : { kennzeichen: String(vehicle.kennzeichen) }),
        },
        nutzung: vehicle.nutzung as never,
        jaehrlicheFahrleistungKm: Number(vehicle.jaehrlicheFahrleistungKm),
        fahrerkreis: fahrer.fahrerkreis as never,
        juengsterFahrerAlter:
          youngestDriverAge(data as FlowAnswers, fahrer.juengsterFahrerAlter) ??
          Number(fahrer.juengsterFahrerAlter),
        sfKlasseHaftpflicht: fahrer.sfKlasseHaftpflicht as never,
        ...(fahrer.sfKlasseVollkasko === undefined
          ? {}
          : { sfKlasseVollkasko: fahrer.sfKlasseVollkasko as never }),
        garage: vehicle.garage as never,
        plz,
        ...(sb.selbstbeteiligungTeilkasko === undefined
          ? {}
          : { selbstbeteiligungTeilkasko: sb.selbstbeteiligungTeilkasko as never }),
        ...(sb.selbstbeteiligungVollkasko === undefined
          ? {}
          : { selbstbeteiligungVollkasko: sb.selbstbeteiligungVollkasko as never }),
      },
    };
  },
};
