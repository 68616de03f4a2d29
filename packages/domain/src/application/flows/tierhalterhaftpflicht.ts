// The dog owner's liability application (Tierhalterhaftpflicht, THV) as a flow: each dog with its
// name, breed (finder 'hunderasse'), whether it is a mix and with which breed, and its chip or
// tattoo number, plus the deductible; then the variant and the shared steps.
//
// Dangerous breeds: the breed list marks a breed `dangerous` when the federal import ban, Bayern's
// categories 1 and 2 or Hamburg's list name it, and the tariff refuses every marked breed (and
// mixes with it) whatever the Land. So the Land would not change any answer and is not asked; a
// Land-specific list would need per-Land breed data in the tariff first. The page refuses such a
// dog with the tariff's reason, so the applicant learns it at the dog, not after the price.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import type { Selbstbeteiligung } from '../../products/enums';
import { THV_DECKUNGSVARIANTEN, THV_MAX_HUNDE, THV_VARIANTEN } from '../../products/thv/catalogue';
import { dogBreedById } from '../../products/thv/dog-breeds';
import { thvDetailsSchema, thvRatingInputSchema } from '../../products/thv/tariff';
import { APPLICATION_MESSAGES, commonSteps, tarifStep } from '../common-steps';
import { defineFlow } from '../flow';
import type { FlowAnswers } from '../flow';
import type { ProductApplication } from '../product-application';
import { stepData } from '../product-application';
import { isOpen, selbstbeteiligungOptions } from './selbstbeteiligung-options';

/** What the THV flow depends on besides the answers. */
export interface TierhalterhaftpflichtFlowContext {
  today: CalendarDate;
}

/** German messages of the THV pages (the shared steps' messages included). */
export const THV_FLOW_MESSAGES = {
  ...APPLICATION_MESSAGES,
  deckungsVariante: 'Bitte wählen Sie einen Tarif.',
  name: 'Bitte geben Sie den Namen Ihres Hundes an.',
  hunde: 'Bitte geben Sie mindestens einen Hund an.',
  zuVieleHunde: `Online können wir höchstens ${THV_MAX_HUNDE} Hunde in einem Vertrag versichern. Bitte sprechen Sie uns an.`,
  mischlingsRasseOhneMischling: 'Die zweite Rasse geben Sie nur bei einem Mischling an.',
  gefaehrlicheRasse: (rasse: string) =>
    `Für Hunde der Rasse „${rasse}“ und Mischlinge mit dieser Rasse können wir leider keinen Versicherungsschutz anbieten, weil die Rasse in Deutschland als gefährlicher Hund gelistet ist.`,
} as const;

const rating = thvRatingInputSchema.shape;
const ratingDog = rating.hunde.element.shape;
const detailsDog = thvDetailsSchema.shape.hunde.element.shape;

const hundSchema = z
  .object({
    name: z
      .string({ error: THV_FLOW_MESSAGES.name })
      .trim()
      .min(1, { error: THV_FLOW_MESSAGES.name })
      .max(100),
    rasse: ratingDog.rasse,
    mischling: ratingDog.mischling,
    mischlingsRasse: ratingDog.mischlingsRasse,
    chipOrTattoo: detailsDog.chipOrTattoo,
  })
  .superRefine((hund, context) => {
    if (!hund.mischling && hund.mischlingsRasse !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['mischlingsRasse'],
        message: THV_FLOW_MESSAGES.mischlingsRasseOhneMischling,
      });
    }
    for (const key of ['rasse', 'mischlingsRasse'] as const) {
      const breed = hund[key] === undefined ? undefined : dogBreedById(hund[key]);
      if (breed?.dangerous) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: THV_FLOW_MESSAGES.gefaehrlicheRasse(breed.name),
        });
      }
    }
  });

/** The THV application flow for a day. */
export function createTierhalterhaftpflichtFlow({ today }: TierhalterhaftpflichtFlowContext) {
  return defineFlow({
    id: 'tierhalterhaftpflicht',
    productKey: 'TIERHALTERHAFTPFLICHT',
    steps: [
      {
        id: 'hunde',
        title: 'Ihre Hunde',
        intro: 'Mit diesen Angaben berechnen wir Ihren Beitrag.',
        pageSchema: z.object({
          hunde: z
            .array(hundSchema, { error: THV_FLOW_MESSAGES.hunde })
            .min(1, { error: THV_FLOW_MESSAGES.hunde })
            .max(THV_MAX_HUNDE, { error: THV_FLOW_MESSAGES.zuVieleHunde }),
          selbstbeteiligung: rating.selbstbeteiligung.unwrap(),
        }),
        fields: [
          {
            key: 'hunde',
            kind: 'list',
            label: 'Welche Hunde möchten Sie versichern?',
            itemLabel: 'Hund',
            addLabel: 'Weiteren Hund hinzufügen',
            min: 1,
            max: THV_MAX_HUNDE,
            itemFields: [
              { key: 'name', kind: 'text', label: 'Name des Hundes', maxLength: 100 },
              {
                key: 'rasse',
                kind: 'finder',
                finder: 'hunderasse',
                label: 'Rasse',
                hint: 'Bei einem Mischling die Rasse, der er am meisten ähnelt, oder „Mischling“ mit seiner Größe.',
              },
              { key: 'mischling', kind: 'checkbox', label: 'Mein Hund ist ein Mischling.', optional: true },
              {
                key: 'mischlingsRasse',
                kind: 'finder',
                finder: 'hunderasse',
                label: 'Eingekreuzte Rasse',
                hint: 'Wenn Sie sie kennen: die zweite Rasse Ihres Mischlings.',
                optional: true,
                visibleWhen: { key: 'mischling', in: [true] },
              },
              {
                key: 'chipOrTattoo',
                kind: 'text',
                label: 'Chip- oder Tätowiernummer',
                hint: 'Sie können sie auch später im Kundenportal nachtragen.',
                optional: true,
                maxLength: 30,
              },
            ],
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
        ids: THV_VARIANTEN,
        message: THV_FLOW_MESSAGES.deckungsVariante,
        next: [{ to: 'beginn' }],
      }),
      ...commonSteps({ today }, { applicant: 'person' }),
    ],
  });
}

type RawDog = Readonly<Record<string, unknown>>;

function dogsOf(answers: FlowAnswers): readonly RawDog[] {
  const hunde = answers.hunde?.hunde;
  return Array.isArray(hunde) ? (hunde as RawDog[]) : [];
}

/** A dog as the tariff rates it: breed, mix and the other breed of a mix (when known). */
function ratingDogOf(hund: RawDog): Record<string, unknown> {
  const mischling = hund.mischling === true;
  return {
    rasse: hund.rasse,
    mischling,
    ...(mischling && !isOpen(hund.mischlingsRasse) ? { mischlingsRasse: hund.mischlingsRasse } : {}),
  };
}

/** The dog owner's liability application: flow, pricing request, comparison and contract terms. */
export const tierhalterhaftpflichtApplication: ProductApplication = {
  slug: 'tierhalterhaftpflicht',
  productKey: 'TIERHALTERHAFTPFLICHT',
  name: 'Hundehalterhaftpflichtversicherung',
  pricingPath: 'thv/v2',
  variantStep: 'tarif',
  createFlow: ({ today }) => createTierhalterhaftpflichtFlow({ today }),
  comparison() {
    return {
      variants: THV_DECKUNGSVARIANTEN.map((variant) => ({
        value: variant.deckungsVarianteIdentifier,
        label: variant.deckungsVarianteName,
        // The catalogue recommends no THV variant.
        recommended: false,
      })),
      features: [
        {
          label: 'Deckungssumme',
          description: 'Pauschal für Personen-, Sach- und Vermögensschäden je Schadenfall.',
          variantOptionRelation: Object.fromEntries(
            THV_DECKUNGSVARIANTEN.map((variant) => [
              variant.deckungsVarianteIdentifier,
              { included: true, text: formatCents(variant.versicherungssumme, { compact: true }) },
            ]),
          ),
        },
      ],
    };
  },
  pricingRequest(answers, choice) {
    const hunde = dogsOf(answers);
    const selbstbeteiligung = answers.hunde?.selbstbeteiligung;
    if (hunde.length === 0 || hunde.some((hund) => isOpen(hund.rasse)) || isOpen(selbstbeteiligung)) {
      return undefined;
    }
    const request = { hunde: hunde.map(ratingDogOf), selbstbeteiligung };
    return choice ? { ...request, variante: choice.variante, zahlweise: choice.zahlweise } : request;
  },
  choice(data) {
    const beginn = stepData(data, 'beginn');
    return {
      variante: String(stepData(data, 'tarif').deckungsVariante),
      zahlweise: beginn.zahlweise as never,
      versicherungsbeginn: String(beginn.versicherungsbeginn),
    };
  },
  contractTerms(data) {
    const page = stepData(data, 'hunde');
    const hunde = page.hunde as readonly z.output<typeof hundSchema>[];
    return {
      details: {
        produktKey: 'TIERHALTERHAFTPFLICHT',
        hunde: hunde.map((hund) => ({
          name: hund.name,
          rasse: hund.rasse,
          mischling: hund.mischling,
          ...(hund.mischlingsRasse === undefined ? {} : { mischlingsRasse: hund.mischlingsRasse }),
          ...(hund.chipOrTattoo === undefined ? {} : { chipOrTattoo: hund.chipOrTattoo }),
        })),
      },
      selbstbeteiligung: { einheit: 'ABSOLUT', option: page.selbstbeteiligung as Selbstbeteiligung },
    };
  },
};
