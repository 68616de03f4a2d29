// The household contents application (Hausratversicherung) as a flow: the address of the flat
// first (the pricing request sends it, the server looks up the ZÜRS class from it), the living
// space, then the covers and the deductible, the variant and the shared steps. The ZÜRS class is a
// server fact: the variant screen shows it next to the elementary cover from the quote answer, and
// the tariff refuses elementary cover in class 4 with its own reason; nothing is asked for it.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import type { HausratDeckung, Selbstbeteiligung } from '../../products/enums';
import { risikoOrtSchema } from '../../products/common/risk-address';
import {
  HAUSRAT_COVERS,
  HAUSRAT_DECKUNGSVARIANTEN,
  HAUSRAT_VARIANTEN,
  HAUSRAT_VERSICHERUNGSSUMME_PRO_QM_CENTS,
} from '../../products/hausrat/catalogue';
import { hausratRatingInputSchema, isElementarEinschliessbar } from '../../products/hausrat/tariff';
import { formatCents } from '../../format/money';
import { APPLICATION_MESSAGES, commonSteps, tarifStep } from '../common-steps';
import { defineFlow } from '../flow';
import type { FlowAnswers } from '../flow';
import type { ProductApplication } from '../product-application';
import { stepData } from '../product-application';
import { isOpen, selbstbeteiligungOptions } from './selbstbeteiligung-options';

/** What the Hausrat flow depends on besides the answers. */
export interface HausratFlowContext {
  today: CalendarDate;
}

/** German messages of the Hausrat pages (the shared steps' messages included). */
export const HAUSRAT_FLOW_MESSAGES = {
  ...APPLICATION_MESSAGES,
  deckungsVariante: 'Bitte wählen Sie einen Tarif.',
} as const;

const ELEMENTAR: HausratDeckung = 'SCHIRM_ELEMENTAR_HAUSRAT';

const rating = hausratRatingInputSchema.shape;
const ort = risikoOrtSchema.shape;

/** The Hausrat application flow for a day. */
export function createHausratFlow({ today }: HausratFlowContext) {
  return defineFlow({
    id: 'hausrat',
    productKey: 'HAUSRAT',
    steps: [
      {
        id: 'wohnung',
        title: 'Ihre Wohnung',
        intro:
          'Mit diesen Angaben berechnen wir Ihren Beitrag. Aus der Anschrift ermitteln wir die Hochwassergefährdung (ZÜRS-Klasse).',
        pageSchema: z.object({
          strasse: ort.strasse.max(100),
          hausnummer: ort.hausnummer,
          plz: rating.plz,
          ort: ort.ort.max(100),
          wohnflaeche: rating.wohnflaeche,
        }),
        fields: [
          { key: 'strasse', kind: 'text', label: 'Straße', autoComplete: 'address-line1', maxLength: 100 },
          { key: 'hausnummer', kind: 'hausnummer', label: 'Hausnummer', maxLength: 20 },
          { key: 'plz', kind: 'plz', label: 'Postleitzahl', autoComplete: 'postal-code' },
          { key: 'ort', kind: 'text', label: 'Ort', autoComplete: 'address-level2', maxLength: 100 },
          {
            key: 'wohnflaeche',
            kind: 'number',
            label: 'Wohnfläche',
            unit: 'm²',
            min: 10,
            hint: `Die Versicherungssumme beträgt ${formatCents(HAUSRAT_VERSICHERUNGSSUMME_PRO_QM_CENTS)} je m² Wohnfläche (Unterversicherungsverzicht).`,
          },
        ],
        next: [{ to: 'schutz' }],
      },
      {
        id: 'schutz',
        title: 'Bausteine und Selbstbeteiligung',
        pageSchema: z.object({
          deckungen: rating.deckungen.unwrap(),
          selbstbeteiligung: rating.selbstbeteiligung.unwrap(),
        }),
        fields: [
          {
            key: 'deckungen',
            kind: 'checkboxes',
            label: 'Welche Bausteine möchten Sie versichern?',
            hint: 'Die Basisdeckung ist in jedem Vertrag enthalten.',
            options: HAUSRAT_COVERS.map((cover) => ({
              value: cover.key,
              label: cover.label,
              hint: cover.description,
            })),
          },
          {
            key: 'selbstbeteiligung',
            kind: 'radio',
            label: 'Selbstbeteiligung je Schadenfall',
            hint: 'Mit einer Selbstbeteiligung zahlen Sie einen niedrigeren Beitrag.',
            options: selbstbeteiligungOptions(rating.selbstbeteiligung.unwrap().options),
          },
        ],
        next: [{ to: 'tarif' }],
      },
      tarifStep({
        key: 'deckungsVariante',
        ids: HAUSRAT_VARIANTEN,
        message: HAUSRAT_FLOW_MESSAGES.deckungsVariante,
        next: [{ to: 'beginn' }],
      }),
      ...commonSteps({ today }, { applicant: 'person', addressFrom: 'wohnung' }),
    ],
  });
}

const PRICING_KEYS = {
  wohnung: ['plz', 'ort', 'strasse', 'hausnummer', 'wohnflaeche'],
  schutz: ['deckungen', 'selbstbeteiligung'],
} as const;

/** The rating facts of the answers so far (the address refines the ZÜRS class), or undefined while one is open. */
function ratingFacts(answers: FlowAnswers): Record<string, unknown> | undefined {
  const request: Record<string, unknown> = {};
  for (const [stepId, keys] of Object.entries(PRICING_KEYS)) {
    for (const key of keys) {
      const value = answers[stepId]?.[key];
      if (isOpen(value)) return undefined;
      request[key] = value;
    }
  }
  return request;
}

/** The Hausrat application: flow, pricing request, comparison and contract terms. */
export const hausratApplication: ProductApplication = {
  slug: 'hausrat',
  productKey: 'HAUSRAT',
  name: 'Hausratversicherung',
  pricingPath: 'hausrat/v2',
  variantStep: 'tarif',
  createFlow: ({ today }) => createHausratFlow({ today }),
  comparison() {
    return {
      variants: HAUSRAT_DECKUNGSVARIANTEN.map((variant) => ({
        value: variant.deckungsVarianteIdentifier,
        label: variant.deckungsVarianteName,
        recommended: variant.recommended,
      })),
      features: [
        {
          label: 'Leistungen',
          variantOptionRelation: Object.fromEntries(
            HAUSRAT_DECKUNGSVARIANTEN.map((variant) => [
              variant.deckungsVarianteIdentifier,
              { included: true, text: variant.leistungen },
            ]),
          ),
        },
        ...HAUSRAT_COVERS.map((cover) => ({
          label: cover.label,
          description: cover.description,
          variantOptionRelation: Object.fromEntries(
            HAUSRAT_DECKUNGSVARIANTEN.map((variant) => [
              variant.deckungsVarianteIdentifier,
              cover.required ? { included: true } : { included: true, text: 'wählbar' },
            ]),
          ),
        })),
      ],
    };
  },
  pricingRequest(answers, choice) {
    const facts = ratingFacts(answers);
    if (!facts || !choice) return facts;
    return { ...facts, variante: choice.variante, zahlweise: choice.zahlweise };
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
    const wohnung = stepData(data, 'wohnung');
    const schutz = stepData(data, 'schutz');
    const deckungen = schutz.deckungen as HausratDeckung[];
    const { zuersKlasse } = priced;
    return {
      details: {
        produktKey: 'HAUSRAT',
        hausrat: {
          plz: String(wohnung.plz),
          wohnflaeche: Number(wohnung.wohnflaeche),
          hausratDeckungen: [...deckungen],
          // The server always prices with the looked-up class; without one, elementary cover was
          // priced only if it is includable (the tariff refuses it otherwise).
          elementarEinschliessbar:
            zuersKlasse === undefined
              ? deckungen.includes(ELEMENTAR)
              : isElementarEinschliessbar(zuersKlasse as never),
          hfkVariante: stepData(data, 'tarif').deckungsVariante as never,
          ...(zuersKlasse === undefined ? {} : { zuersKlasse: zuersKlasse as never }),
        },
        // The insured home is the flat the applicant named, so it moves with the customer.
        risikoOrt: {
          plz: String(wohnung.plz),
          ort: String(wohnung.ort),
          strasse: String(wohnung.strasse),
          hausnummer: String(wohnung.hausnummer),
        },
      },
      selbstbeteiligung: { einheit: 'ABSOLUT', option: schutz.selbstbeteiligung as Selbstbeteiligung },
    };
  },
};
