// The steps every application shares after the product's own questions: start and payment period,
// the applicant (a person, or for business products a person or a company), the address, the
// SEPA mandate, the advice step of the channel (documented advice, or the § 6 VVG waiver), the
// pre-contract documents and the binding declaration. Each product's flow lists them after its
// questions, so the texts, rules and field lists are the same for every product.
import { z } from 'zod';
import type { CalendarDate } from '../dates/calendar-date';
import { addYears } from '../dates/calendar-date';
import { BERATUNGSORTE, PRICING_ZAHLWEISEN } from '../products/enums';
import type { PricingZahlweise } from '../products/enums';
import {
  birthDateSchema,
  FOUNDING_DATE_MIN,
  foundingDateSchema,
  insuranceStartBounds,
  insuranceStartSchema,
} from '../validation/dates';
import type { InsuranceStartUnit } from '../validation/dates';
import { emailSchema } from '../validation/email';
import { ibanSchema } from '../validation/iban';
import { hausnummerSchema } from '../validation/identifiers';
import { optionalPhoneSchema } from '../validation/phone';
import { isPostalCodePattern, POSTAL_CODE_MESSAGE } from '../validation/postal-code';
import type { Field } from './fields';
import { optionsOf } from './fields';
import { answerEquals, type FlowStep, type Transition } from './flow';

/** Applicants must be of age to sign the application and the SEPA mandate. */
export const MINDESTALTER_JAHRE = 18;

/** German messages of the shared steps that the shared schemas do not bring along. */
export const APPLICATION_MESSAGES = {
  kontoinhaber: 'Bitte geben Sie den Namen der Kontoinhaberin oder des Kontoinhabers an.',
  sepaMandat: 'Bitte erteilen Sie das SEPA-Lastschriftmandat, damit wir den Beitrag abbuchen können.',
  beratungsverzicht:
    'Bitte bestätigen Sie den Beratungsverzicht oder wenden Sie sich für eine Beratung an uns.',
  beratungsort: 'Bitte geben Sie an, wo die Beratung stattgefunden hat.',
  erklaerung: 'Bitte bestätigen Sie Ihre Erklärung, um den Antrag verbindlich zu stellen.',
  vorname: 'Bitte geben Sie Ihren Vornamen an.',
  nachname: 'Bitte geben Sie Ihren Nachnamen an.',
  firmenname: 'Bitte geben Sie den Namen Ihres Unternehmens an.',
  rechtsform: 'Bitte wählen Sie die Rechtsform Ihres Unternehmens.',
  personArt: 'Bitte geben Sie an, ob Sie als Privatperson oder als Unternehmen versichern.',
  strasse: 'Bitte geben Sie die Straße an.',
  ort: 'Bitte geben Sie den Ort an.',
  zahlweise: 'Bitte wählen Sie eine Zahlweise.',
} as const;

/** Payment periods as the choice shows them. */
export const ZAHLWEISE_LABELS: Readonly<Record<PricingZahlweise, string>> = {
  MONATLICH: 'monatlich',
  VIERTELJAEHRLICH: 'vierteljährlich',
  HALBJAEHRLICH: 'halbjährlich',
  JAEHRLICH: 'jährlich',
};

/** Consultation places (spec §3) as the agent's advice step shows them. */
export const BERATUNGSORT_LABELS: Readonly<Record<(typeof BERATUNGSORTE)[number], string>> = {
  onCustomerSite: 'Beim Kunden',
  byPhone: 'Telefonisch',
  onAgencySite: 'In der Agentur',
  other: 'An einem anderen Ort',
};

/** Legal forms a company applicant chooses from (JuristischePersonDTO.rechtsform). */
export const RECHTSFORMEN = {
  EINZELUNTERNEHMEN: 'Einzelunternehmen',
  GBR: 'Gesellschaft bürgerlichen Rechts (GbR)',
  OHG: 'Offene Handelsgesellschaft (OHG)',
  KG: 'Kommanditgesellschaft (KG)',
  GMBH: 'Gesellschaft mit beschränkter Haftung (GmbH)',
  UG: 'Unternehmergesellschaft (haftungsbeschränkt)',
  GMBH_CO_KG: 'GmbH & Co. KG',
  AG: 'Aktiengesellschaft (AG)',
  PARTG: 'Partnerschaftsgesellschaft (PartG)',
  EV: 'Eingetragener Verein (e. V.)',
} as const;
export type Rechtsform = keyof typeof RECHTSFORMEN;

/** The § 6 VVG warning shown with the advice waiver (distance selling without advice). */
export const BERATUNGSVERZICHT_TEXT =
  'Sie schließen diesen Vertrag ohne Beratung durch uns ab. Nach § 6 Abs. 1 VVG sind wir verpflichtet, Sie nach Ihren ' +
  'Wünschen und Bedürfnissen zu befragen, Sie zu beraten und dies zu dokumentieren. Auf diese Beratung und ' +
  'Dokumentation können Sie nach § 6 Abs. 3 VVG durch eine gesonderte schriftliche Erklärung verzichten. ' +
  'Wichtiger Hinweis: Ein Verzicht kann sich nachteilig auf Ihre Möglichkeit auswirken, gegen uns einen ' +
  'Schadensersatzanspruch nach § 6 Abs. 5 VVG wegen einer Verletzung der Beratungspflicht geltend zu machen.';

/** The declaration the applicant confirms to make the application binding. */
export const ERKLAERUNG_TEXT =
  'Ich beantrage den Versicherungsvertrag zu den genannten Bedingungen. Meine Angaben sind vollständig und ' +
  'wahrheitsgemäß. Die Vertragsinformationen (Kundeninformation, Produktinformationsblatt, Allgemeine ' +
  'Versicherungsbedingungen und Widerrufsbelehrung) habe ich vor dieser Erklärung per E-Mail erhalten.';

/** The SEPA mandate text (creditor id and mandate reference follow with the contract). */
export const SEPA_MANDAT_TEXT =
  'Ich ermächtige die Schirm Versicherung AG, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. ' +
  'Zugleich weise ich mein Kreditinstitut an, die von der Schirm Versicherung AG auf mein Konto gezogenen ' +
  'Lastschriften einzulösen. Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, ' +
  'die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten ' +
  'Bedingungen. Gläubiger-Identifikationsnummer und Mandatsreferenz teilen wir Ihnen mit dem Versicherungsschein mit.';

function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(100);
}

function confirmed(message: string) {
  return z.literal(true, { error: message });
}

/** What the shared steps depend on besides the answers. */
export interface CommonStepContext {
  today: CalendarDate;
}

/** Start of insurance and payment period; products with a single premium have no such step. */
export function beginnStep(
  { today }: CommonStepContext,
  { next, unit = 'year' }: { next: readonly Transition[]; unit?: InsuranceStartUnit },
): FlowStep {
  const { min, max } = insuranceStartBounds(today, { unit });
  return {
    id: 'beginn',
    title: 'Versicherungsbeginn und Zahlweise',
    pageSchema: z.object({
      versicherungsbeginn: insuranceStartSchema({ today, unit }),
      zahlweise: z.enum(PRICING_ZAHLWEISEN, { error: APPLICATION_MESSAGES.zahlweise }),
    }),
    fields: [
      {
        key: 'versicherungsbeginn',
        kind: 'date',
        label: 'Versicherungsbeginn',
        hint: 'Frühestens morgen. Der Schutz beginnt um 0:00 Uhr dieses Tages.',
        min,
        max,
      },
      { key: 'zahlweise', kind: 'radio', label: 'Zahlweise', options: optionsOf(ZAHLWEISE_LABELS) },
    ],
    next,
  };
}

const contactFields: readonly Field[] = [
  {
    key: 'email',
    kind: 'email',
    label: 'E-Mail-Adresse',
    autoComplete: 'email',
    hint: 'An diese Adresse senden wir Ihnen die Vertragsunterlagen.',
  },
  {
    key: 'telefon',
    kind: 'tel',
    label: 'Telefonnummer',
    optional: true,
    autoComplete: 'tel',
    hint: 'Im internationalen Format, z. B. +49 30 1234567.',
  },
];

/** The applicant as a natural person (private products). */
export function personStep(
  { today }: CommonStepContext,
  { next }: { next: readonly Transition[] },
): FlowStep {
  return {
    id: 'person',
    title: 'Ihre persönlichen Daten',
    pageSchema: z.object({
      vorname: requiredText(APPLICATION_MESSAGES.vorname),
      nachname: requiredText(APPLICATION_MESSAGES.nachname),
      geburtsdatum: birthDateSchema({ today, minYears: MINDESTALTER_JAHRE }),
      email: emailSchema,
      telefon: optionalPhoneSchema().optional(),
    }),
    fields: [
      { key: 'vorname', kind: 'text', label: 'Vorname', autoComplete: 'given-name', maxLength: 100 },
      { key: 'nachname', kind: 'text', label: 'Nachname', autoComplete: 'family-name', maxLength: 100 },
      {
        key: 'geburtsdatum',
        kind: 'date',
        label: 'Geburtsdatum',
        max: addYears(today, -MINDESTALTER_JAHRE),
      },
      ...contactFields,
    ],
    next,
  };
}

const PERSON_ARTEN = {
  NatuerlichePersonDTO: 'Als Privatperson oder Einzelunternehmer',
  JuristischePersonDTO: 'Als Unternehmen (Gesellschaft, Verein)',
} as const;

/**
 * The applicant of a business product: a natural person (NatuerlichePersonDTO) with name and birth
 * date, or a company (JuristischePersonDTO) with name, legal form and founding date (spec §3, §5).
 */
export function antragstellerStep(
  { today }: CommonStepContext,
  { next }: { next: readonly Transition[] },
): FlowStep {
  const natural = ['NatuerlichePersonDTO'];
  const company = ['JuristischePersonDTO'];
  const schema = z
    .object({
      personArt: z.enum(['NatuerlichePersonDTO', 'JuristischePersonDTO'], {
        error: APPLICATION_MESSAGES.personArt,
      }),
      vorname: requiredText(APPLICATION_MESSAGES.vorname).optional(),
      nachname: requiredText(APPLICATION_MESSAGES.nachname).optional(),
      geburtsdatum: birthDateSchema({ today, minYears: MINDESTALTER_JAHRE }).optional(),
      firmenname: requiredText(APPLICATION_MESSAGES.firmenname).optional(),
      rechtsform: z
        .enum(Object.keys(RECHTSFORMEN) as [Rechtsform, ...Rechtsform[]], {
          error: APPLICATION_MESSAGES.rechtsform,
        })
        .optional(),
      gruendungsdatum: foundingDateSchema({ today }).optional(),
      email: emailSchema,
      telefon: optionalPhoneSchema().optional(),
    })
    .superRefine((page, context) => {
      const missing = (key: string, message: string) =>
        context.addIssue({ code: 'custom', path: [key], message });
      if (page.personArt === 'NatuerlichePersonDTO') {
        if (page.vorname === undefined) missing('vorname', APPLICATION_MESSAGES.vorname);
        if (page.nachname === undefined) missing('nachname', APPLICATION_MESSAGES.nachname);
        if (page.geburtsdatum === undefined) missing('geburtsdatum', 'Bitte geben Sie Ihr Geburtsdatum an.');
        for (const key of ['firmenname', 'rechtsform', 'gruendungsdatum'] as const) {
          if (page[key] !== undefined) missing(key, 'Diese Angabe gilt nur für Unternehmen.');
        }
      } else {
        if (page.firmenname === undefined) missing('firmenname', APPLICATION_MESSAGES.firmenname);
        if (page.rechtsform === undefined) missing('rechtsform', APPLICATION_MESSAGES.rechtsform);
        for (const key of ['vorname', 'nachname', 'geburtsdatum'] as const) {
          if (page[key] !== undefined) missing(key, 'Diese Angabe gilt nur für Privatpersonen.');
        }
      }
    });
  return {
    id: 'antragsteller',
    title: 'Versicherungsnehmer',
    pageSchema: schema,
    fields: [
      {
        key: 'personArt',
        kind: 'radio',
        label: 'Sie schließen den Vertrag ab …',
        options: optionsOf(PERSON_ARTEN),
      },
      {
        key: 'vorname',
        kind: 'text',
        label: 'Vorname',
        autoComplete: 'given-name',
        visibleWhen: { key: 'personArt', in: natural },
      },
      {
        key: 'nachname',
        kind: 'text',
        label: 'Nachname',
        autoComplete: 'family-name',
        visibleWhen: { key: 'personArt', in: natural },
      },
      {
        key: 'geburtsdatum',
        kind: 'date',
        label: 'Geburtsdatum',
        max: addYears(today, -MINDESTALTER_JAHRE),
        visibleWhen: { key: 'personArt', in: natural },
      },
      {
        key: 'firmenname',
        kind: 'text',
        label: 'Name des Unternehmens',
        autoComplete: 'organization',
        visibleWhen: { key: 'personArt', in: company },
      },
      {
        key: 'rechtsform',
        kind: 'select',
        label: 'Rechtsform',
        options: optionsOf(RECHTSFORMEN),
        visibleWhen: { key: 'personArt', in: company },
      },
      {
        key: 'gruendungsdatum',
        kind: 'date',
        label: 'Gründungsdatum',
        optional: true,
        min: FOUNDING_DATE_MIN,
        max: today,
        hint: 'Nur bei Gründungen ab dem 01.01.2019 angeben.',
        visibleWhen: { key: 'personArt', in: company },
      },
      ...contactFields,
    ],
    next,
  };
}

/** The applicant's postal address (the server checks that the postcode exists). */
export function adresseStep({
  next,
  title = 'Ihre Anschrift',
  prefillFrom,
}: {
  next: readonly Transition[];
  title?: string;
  /** An earlier step with the same address fields (the insured flat or premises). */
  prefillFrom?: string;
}): FlowStep {
  return {
    id: 'adresse',
    title,
    pageSchema: z.object({
      strasse: requiredText(APPLICATION_MESSAGES.strasse),
      hausnummer: hausnummerSchema,
      // Required here (the shared postal code schema lets an empty entry pass).
      plz: z.string().trim().refine(isPostalCodePattern, { error: POSTAL_CODE_MESSAGE }),
      ort: requiredText(APPLICATION_MESSAGES.ort),
    }),
    fields: [
      { key: 'strasse', kind: 'text', label: 'Straße', autoComplete: 'address-line1', maxLength: 100 },
      { key: 'hausnummer', kind: 'hausnummer', label: 'Hausnummer', maxLength: 20 },
      { key: 'plz', kind: 'plz', label: 'Postleitzahl', autoComplete: 'postal-code' },
      { key: 'ort', kind: 'text', label: 'Ort', autoComplete: 'address-level2', maxLength: 100 },
    ],
    ...(prefillFrom === undefined
      ? {}
      : { prefillFrom: { stepId: prefillFrom, keys: ['strasse', 'hausnummer', 'plz', 'ort'] } }),
    next,
  };
}

/** The variant step: the comparison with live prices, answered by one variant id (spec §3 product display). */
export function tarifStep({
  key,
  ids,
  message,
  title = 'Tarif wählen',
  label = 'Ihr Tarif',
  next,
}: {
  key: string;
  ids: readonly [string, ...string[]];
  message: string;
  title?: string;
  label?: string;
  next: readonly Transition[];
}): FlowStep {
  return {
    id: 'tarif',
    title,
    pageSchema: z.object({ [key]: z.enum(ids, { error: message }) }),
    fields: [{ key, kind: 'variants', label }],
    next,
  };
}

/** The SEPA direct debit mandate; the bank name is looked up for the screen only. */
export function sepaStep({ next }: { next: readonly Transition[] }): FlowStep {
  return {
    id: 'sepa',
    title: 'SEPA-Lastschriftmandat',
    pageSchema: z.object({
      kontoinhaber: requiredText(APPLICATION_MESSAGES.kontoinhaber),
      iban: ibanSchema(),
      sepaMandat: confirmed(APPLICATION_MESSAGES.sepaMandat),
    }),
    // Shown next to the IBAN; the server looks the bank up again from the IBAN.
    irrelevant: ['bankName'],
    fields: [
      { key: 'kontoinhaber', kind: 'text', label: 'Kontoinhaber', autoComplete: 'name', maxLength: 100 },
      { key: 'iban', kind: 'iban', label: 'IBAN', hint: 'Wir zeigen Ihnen die Bank zur IBAN an.' },
      { key: 'mandatText', kind: 'notice', title: 'SEPA-Lastschriftmandat', text: SEPA_MANDAT_TEXT },
      { key: 'sepaMandat', kind: 'checkbox', label: 'Ich erteile das SEPA-Lastschriftmandat.' },
    ],
    next,
  };
}

/** Whether the agent advised the customer or the customer waived advice (agent channel). */
export const BERATUNGSARTEN = {
  BERATUNG: 'Der Kunde wurde beraten',
  VERZICHT: 'Der Kunde verzichtet auf Beratung und Dokumentation',
} as const;
export type Beratungsart = keyof typeof BERATUNGSARTEN;

/** The customer's decision after the advice (§ 61 Abs. 1 VVG documentation). */
export const KUNDENENTSCHEIDUNGEN = {
  EMPFEHLUNG_GEFOLGT: 'Der Kunde folgt der Empfehlung',
  ABWEICHEND: 'Der Kunde entscheidet sich abweichend von der Empfehlung',
} as const;
export type Kundenentscheidung = keyof typeof KUNDENENTSCHEIDUNGEN;

/** Longest text of the advice documentation's free fields (a few paragraphs). */
export const BERATUNG_TEXT_MAX = 2000;

/** The waiver as the customer declares it to the agent (§ 6 Abs. 3 VVG, separate declaration). */
export const VERMITTLER_BERATUNGSVERZICHT_TEXT =
  'Ich verzichte auf die Beratung und Dokumentation nach § 6 Abs. 1 und 2 VVG sowie § 61 Abs. 1 VVG. ' +
  'Diese Erklärung gebe ich gesondert und schriftlich ab (§ 6 Abs. 3, § 61 Abs. 2 VVG). ' +
  'Wichtiger Hinweis: Ein Verzicht kann sich nachteilig auf meine Möglichkeit auswirken, gegen den Versicherer ' +
  'oder den Vermittler einen Schadensersatzanspruch nach § 6 Abs. 5 VVG oder § 63 VVG wegen einer Verletzung ' +
  'der Beratungspflicht geltend zu machen.';

/** German messages of the advice documentation. */
export const BERATUNG_MESSAGES = {
  beratungsart: 'Bitte geben Sie an, ob der Kunde beraten wurde oder auf die Beratung verzichtet.',
  wuensche: 'Bitte dokumentieren Sie die Wünsche und Bedürfnisse des Kunden.',
  empfehlung: 'Bitte dokumentieren Sie Ihre Empfehlung.',
  begruendung: 'Bitte begründen Sie Ihre Empfehlung.',
  kundenentscheidung: 'Bitte geben Sie die Entscheidung des Kunden an.',
  nurBeiBeratung: 'Diese Angabe gehört nur zu einer Beratung.',
  verzicht:
    'Der Kunde muss den Verzicht gesondert erklären. Ohne diese Erklärung dokumentieren Sie bitte die Beratung.',
} as const;

function adviceText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(BERATUNG_TEXT_MAX);
}

const advised = ['BERATUNG'];

/**
 * The advice steps of the channels. The agent documents the advice (spec §3 consultation places;
 * § 61 VVG: wishes and needs, the advice and its reasons, the customer's decision) or records that
 * the customer waives it, which takes a separate declaration with the legal warning (§ 6 Abs. 3 VVG:
 * step 'verzichtserklaerung'); direct and public-link applicants give the § 6 VVG waiver instead.
 * An empty `beratungsart` never leads to the waiver: only an explicit VERZICHT does.
 */
export function beratungSteps(): FlowStep[] {
  const isWaived = answerEquals('beratung', 'beratungsart', 'VERZICHT');
  return [
    {
      id: 'beratung',
      title: 'Beratungsdokumentation',
      intro: 'Dokumentation nach §§ 61, 62 VVG. Der Kunde erhält sie mit den Vertragsinformationen.',
      channels: ['vermittler-beratung'],
      pageSchema: z
        .object({
          beratungsort: z.enum(BERATUNGSORTE, { error: APPLICATION_MESSAGES.beratungsort }),
          beratungsart: z.enum(['BERATUNG', 'VERZICHT'], { error: BERATUNG_MESSAGES.beratungsart }),
          wuensche: adviceText(BERATUNG_MESSAGES.wuensche).optional(),
          empfehlung: adviceText(BERATUNG_MESSAGES.empfehlung).optional(),
          begruendung: adviceText(BERATUNG_MESSAGES.begruendung).optional(),
          kundenentscheidung: z
            .enum(['EMPFEHLUNG_GEFOLGT', 'ABWEICHEND'], { error: BERATUNG_MESSAGES.kundenentscheidung })
            .optional(),
        })
        .superRefine((page, context) => {
          const keys = ['wuensche', 'empfehlung', 'begruendung', 'kundenentscheidung'] as const;
          for (const key of keys) {
            if (page.beratungsart === 'BERATUNG' && page[key] === undefined) {
              context.addIssue({ code: 'custom', path: [key], message: BERATUNG_MESSAGES[key] });
            }
            if (page.beratungsart === 'VERZICHT' && page[key] !== undefined) {
              context.addIssue({ code: 'custom', path: [key], message: BERATUNG_MESSAGES.nurBeiBeratung });
            }
          }
        }),
      fields: [
        {
          key: 'beratungsort',
          kind: 'radio',
          label: 'Wo fand die Beratung statt?',
          options: optionsOf(BERATUNGSORT_LABELS),
        },
        {
          key: 'beratungsart',
          kind: 'radio',
          label: 'Beratung oder Verzicht',
          options: optionsOf(BERATUNGSARTEN),
        },
        {
          key: 'wuensche',
          kind: 'text',
          label: 'Wünsche und Bedürfnisse des Kunden',
          maxLength: BERATUNG_TEXT_MAX,
          visibleWhen: { key: 'beratungsart', in: advised },
        },
        {
          key: 'empfehlung',
          kind: 'text',
          label: 'Ihr Rat (empfohlenes Produkt und Variante)',
          maxLength: BERATUNG_TEXT_MAX,
          visibleWhen: { key: 'beratungsart', in: advised },
        },
        {
          key: 'begruendung',
          kind: 'text',
          label: 'Gründe für den Rat',
          maxLength: BERATUNG_TEXT_MAX,
          visibleWhen: { key: 'beratungsart', in: advised },
        },
        {
          key: 'kundenentscheidung',
          kind: 'radio',
          label: 'Entscheidung des Kunden',
          options: optionsOf(KUNDENENTSCHEIDUNGEN),
          visibleWhen: { key: 'beratungsart', in: advised },
        },
      ],
      next: [{ to: 'verzichtserklaerung', guard: isWaived }, { to: 'beratungsverzicht' }],
    },
    {
      id: 'verzichtserklaerung',
      title: 'Verzicht auf Beratung',
      channels: ['vermittler-beratung'],
      pageSchema: z.object({ verzichtErklaert: confirmed(BERATUNG_MESSAGES.verzicht) }),
      fields: [
        {
          key: 'hinweis',
          kind: 'notice',
          title: 'Gesonderte Erklärung des Kunden',
          text: VERMITTLER_BERATUNGSVERZICHT_TEXT,
        },
        {
          key: 'verzichtErklaert',
          kind: 'checkbox',
          label: 'Der Kunde hat diese Verzichtserklärung gesondert abgegeben.',
        },
      ],
      next: [{ to: 'beratungsverzicht' }],
    },
    {
      id: 'beratungsverzicht',
      title: 'Verzicht auf Beratung',
      channels: ['antrag', 'beratung'],
      pageSchema: z.object({ beratungsverzicht: confirmed(APPLICATION_MESSAGES.beratungsverzicht) }),
      fields: [
        {
          key: 'hinweis',
          kind: 'notice',
          title: 'Wichtiger Hinweis zum Beratungsverzicht',
          text: BERATUNGSVERZICHT_TEXT,
        },
        {
          key: 'beratungsverzicht',
          kind: 'checkbox',
          label: 'Ich verzichte auf eine Beratung und Dokumentation nach § 6 VVG.',
        },
      ],
      next: [{ to: 'dokumente' }],
    },
  ];
}

/** The § 7 VVG documents (sent by e-mail, offered for download) and the binding declaration. */
export function abschlussSteps(): FlowStep[] {
  return [
    {
      id: 'dokumente',
      title: 'Vertragsinformationen',
      pageSchema: z.object({}),
      fields: [{ key: 'dokumente', kind: 'documents' }],
      next: [{ to: 'erklaerung' }],
    },
    {
      id: 'erklaerung',
      title: 'Erklärung und Antrag',
      pageSchema: z.object({ antragVerbindlich: confirmed(APPLICATION_MESSAGES.erklaerung) }),
      fields: [
        { key: 'erklaerungText', kind: 'notice', title: 'Ihre Erklärung', text: ERKLAERUNG_TEXT },
        { key: 'antragVerbindlich', kind: 'checkbox', label: 'Ich stelle den Antrag verbindlich.' },
      ],
    },
  ];
}

/** The shared steps after the product's questions, in order, starting with the start date. */
export function commonSteps(
  context: CommonStepContext,
  {
    applicant,
    unit,
    addressFrom,
  }: {
    applicant: 'person' | 'antragsteller';
    unit?: InsuranceStartUnit;
    /** An earlier step whose address the applicant's address starts with (the insured flat or premises). */
    addressFrom?: string;
  },
): FlowStep[] {
  const applicantStep =
    applicant === 'person'
      ? personStep(context, { next: [{ to: 'adresse' }] })
      : antragstellerStep(context, { next: [{ to: 'adresse' }] });
  return [
    beginnStep(context, { next: [{ to: applicant }], ...(unit === undefined ? {} : { unit }) }),
    applicantStep,
    adresseStep({
      next: [{ to: 'sepa' }],
      ...(addressFrom === undefined ? {} : { prefillFrom: addressFrom }),
    }),
    sepaStep({ next: [{ to: 'beratung' }] }),
    ...beratungSteps(),
    ...abschlussSteps(),
  ];
}
