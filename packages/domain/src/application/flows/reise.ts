// The travel application (Reiseversicherung) as a flow: who travels, the first and last travel day
// and, while the flag 'travel health insurance' is on, the travel health part; then the variant
// and the shared steps without 'beginn': the trip's first day is the insurance start and the
// premium is a single premium (EINMALIG), so there is no start or payment period to choose.
import { z } from 'zod';
import { addDays, formatGermanDate, isCalendarDate } from '../../dates/calendar-date';
import type { CalendarDate } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import type { Personenkreis } from '../../products/enums';
import {
  REISE_DECKUNGSVARIANTEN,
  REISE_PERSONENKREIS_OPTIONS,
  REISE_VARIANTEN,
} from '../../products/reise/catalogue';
import { MAX_DAUER_TAGE } from '../../products/reise/tariff-data';
import { reiseDauer, reiseRatingInputSchema } from '../../products/reise/tariff';
import { insuranceStartBounds } from '../../validation/dates';
import {
  abschlussSteps,
  adresseStep,
  APPLICATION_MESSAGES,
  beratungSteps,
  personStep,
  sepaStep,
  tarifStep,
} from '../common-steps';
import { optionsOf } from '../fields';
import type { Field } from '../fields';
import { defineFlow } from '../flow';
import type { FlowAnswers } from '../flow';
import type { ProductApplication } from '../product-application';
import { stepData } from '../product-application';
import { isOpen } from './selbstbeteiligung-options';

/** What the travel flow depends on besides the answers. */
export interface ReiseFlowContext {
  /** Today in Germany: bounds the travel dates and the birth date. */
  today: CalendarDate;
  /** Flag 'travel health insurance': the health part is offered only while it is on. */
  travelHealthInsurance: boolean;
}

/** German messages of the travel pages (the shared steps' messages included). */
export const REISE_FLOW_MESSAGES = {
  ...APPLICATION_MESSAGES,
  deckungsVariante: 'Bitte wählen Sie einen Tarif.',
  beginn: (min: CalendarDate, max: CalendarDate) =>
    `Der Reisebeginn muss zwischen dem ${formatGermanDate(min)} und dem ${formatGermanDate(max)} liegen.`,
  endeVorBeginn: 'Das Reiseende darf nicht vor dem Reisebeginn liegen.',
  zuLang: `Wir versichern Reisen mit einer Dauer von höchstens ${MAX_DAUER_TAGE} Tagen.`,
} as const;

const rating = reiseRatingInputSchema.shape;

function reiseSchema(today: CalendarDate, travelHealthInsurance: boolean) {
  // The trip is the insurance term: it starts at the earliest tomorrow (spec §5) and at the latest
  // as far ahead as the tariff insures.
  const { min, max } = insuranceStartBounds(today, { unit: 'year' });
  return z
    .object({
      personenkreis: rating.personenkreis,
      beginn: rating.beginn,
      ende: rating.ende,
      ...(travelHealthInsurance ? { reisekrankenversicherung: rating.reisekrankenversicherung } : {}),
    })
    .superRefine((page, context) => {
      if (!isCalendarDate(page.beginn) || !isCalendarDate(page.ende)) return;
      if (page.beginn < min || page.beginn > max) {
        context.addIssue({ code: 'custom', path: ['beginn'], message: REISE_FLOW_MESSAGES.beginn(min, max) });
      }
      if (page.ende < page.beginn) {
        context.addIssue({ code: 'custom', path: ['ende'], message: REISE_FLOW_MESSAGES.endeVorBeginn });
      } else if (reiseDauer(page.beginn, page.ende) > MAX_DAUER_TAGE) {
        context.addIssue({ code: 'custom', path: ['ende'], message: REISE_FLOW_MESSAGES.zuLang });
      }
    });
}

/** The travel application flow for a day and the travel-health flag. */
export function createReiseFlow({ today, travelHealthInsurance }: ReiseFlowContext) {
  const { min, max } = insuranceStartBounds(today, { unit: 'year' });
  const healthField: Field[] = travelHealthInsurance
    ? [
        {
          key: 'reisekrankenversicherung',
          kind: 'checkbox',
          label: 'Auslandsreisekrankenversicherung einschließen',
          hint: 'Arzt- und Krankenhauskosten im Ausland und der medizinisch sinnvolle Rücktransport.',
          optional: true,
        },
      ]
    : [];
  return defineFlow({
    id: 'reise',
    productKey: 'REISE',
    steps: [
      {
        id: 'reise',
        title: 'Ihre Reise',
        intro: 'Mit diesen Angaben berechnen wir Ihren einmaligen Beitrag.',
        pageSchema: reiseSchema(today, travelHealthInsurance),
        fields: [
          {
            key: 'personenkreis',
            kind: 'radio',
            label: 'Wer reist?',
            options: optionsOf(
              Object.fromEntries(REISE_PERSONENKREIS_OPTIONS.map((option) => [option.key, option.label])),
            ),
          },
          {
            key: 'beginn',
            kind: 'date',
            label: 'Erster Reisetag',
            hint: 'Erster und letzter Reisetag bestimmen Beginn und Ende des Vertrags.',
            min,
            max,
          },
          {
            key: 'ende',
            kind: 'date',
            label: 'Letzter Reisetag',
            hint: `Höchstens ${MAX_DAUER_TAGE} Reisetage.`,
            min,
            max: addDays(max, MAX_DAUER_TAGE - 1),
          },
          ...healthField,
        ],
        next: [{ to: 'tarif' }],
      },
      tarifStep({
        key: 'deckungsVariante',
        ids: REISE_VARIANTEN,
        message: REISE_FLOW_MESSAGES.deckungsVariante,
        next: [{ to: 'person' }],
      }),
      personStep({ today }, { next: [{ to: 'adresse' }] }),
      adresseStep({ next: [{ to: 'sepa' }] }),
      sepaStep({ next: [{ to: 'beratung' }] }),
      ...beratungSteps(),
      ...abschlussSteps(),
    ],
  });
}

/** The rating facts of the answers so far, or undefined while one is open. */
function ratingFacts(answers: FlowAnswers): Record<string, unknown> | undefined {
  const page = answers.reise ?? {};
  if (['personenkreis', 'beginn', 'ende'].some((key) => isOpen(page[key]))) return undefined;
  return {
    personenkreis: page.personenkreis,
    beginn: page.beginn,
    ende: page.ende,
    // The field exists only while the flag is on (the submission refuses it otherwise).
    ...(page.reisekrankenversicherung === true ? { reisekrankenversicherung: true } : {}),
  };
}

/** The travel application: flow, pricing request, comparison and contract terms. */
export const reiseApplication: ProductApplication = {
  slug: 'reise',
  productKey: 'REISE',
  name: 'Reiseversicherung',
  pricingPath: 'reise',
  variantStep: 'tarif',
  createFlow: ({ today, travelHealthInsurance }) => createReiseFlow({ today, travelHealthInsurance }),
  comparison({ travelHealthInsurance }) {
    const row = (text: (variant: (typeof REISE_DECKUNGSVARIANTEN)[number]) => string) =>
      Object.fromEntries(
        REISE_DECKUNGSVARIANTEN.map((variant) => [
          variant.deckungsVarianteIdentifier,
          { included: true, text: text(variant) },
        ]),
      );
    return {
      variants: REISE_DECKUNGSVARIANTEN.map((variant) => ({
        value: variant.deckungsVarianteIdentifier,
        label: variant.deckungsVarianteName,
        recommended: variant.recommended,
      })),
      features: [
        { label: 'Leistungen', variantOptionRelation: row((variant) => variant.leistungen) },
        {
          label: 'Reiserücktritt und Reiseabbruch',
          description: 'Höchstbetrag je Reise.',
          variantOptionRelation: row((variant) => formatCents(variant.versicherungssumme)),
        },
        ...(travelHealthInsurance
          ? [{ label: 'Auslandsreisekrankenversicherung', variantOptionRelation: row(() => 'wählbar') }]
          : []),
      ],
    };
  },
  pricingRequest(answers, choice) {
    const facts = ratingFacts(answers);
    // A single premium: the offer names the variant, there is no payment period to send.
    if (!facts || !choice) return facts;
    return { ...facts, variante: choice.variante };
  },
  choice(data) {
    return {
      variante: String(stepData(data, 'tarif').deckungsVariante),
      zahlweise: 'EINMALIG',
      versicherungsbeginn: String(stepData(data, 'reise').beginn),
    };
  },
  contractTerms(data) {
    const reise = stepData(data, 'reise');
    const beginn = String(reise.beginn);
    const ende = String(reise.ende);
    return {
      details: {
        produktKey: 'REISE',
        reise: {
          personenkreis: reise.personenkreis as Personenkreis,
          beginn,
          ende,
          dauer: reiseDauer(beginn, ende),
          reisekrankenversicherung: reise.reisekrankenversicherung === true,
        },
      },
      reiseEnde: ende,
    };
  },
};
