// The dog owner's liability application (Tierhalterhaftpflicht, THV) as a flow: the Land the
// dogs live in, each dog with its name, breed (finder 'hunderasse'), whether it is a mix and with
// which breed, and its chip or tattoo number, plus the deductible; for a Listenhund of Kategorie 2
// the confirmation that the Land's conditions are met; then the variant and the shared steps.
//
// Listed breeds differ by Land (products/thv/listenhunde.ts): the Land is asked on the first page,
// before any personal data, so the page refuses a Kategorie 1 dog at its breed with the tariff's
// reason and a Kategorie 2 dog leads to the 'auflagen' step. The tariff gets the Land and the
// confirmation and refuses the same dogs, so a forged combination fails on the server too.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import type { Selbstbeteiligung } from '../../products/enums';
import { THV_DECKUNGSVARIANTEN, THV_MAX_HUNDE, THV_VARIANTEN } from '../../products/thv/catalogue';
import type { Bundesland } from '../../products/thv/listenhunde';
import {
  BUNDESLAENDER,
  BUNDESLAND_NAMEN,
  kategorie1Reason,
  listingOfDog,
} from '../../products/thv/listenhunde';
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
  bundesland: 'Bitte wählen Sie das Bundesland, in dem Ihre Hunde leben.',
  listenhund: kategorie1Reason,
  auflagen:
    'Ohne diese Bestätigung können wir Ihren Hund online nicht versichern. Sind die Auflagen noch nicht erfüllt, sprechen Sie uns bitte an.',
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
  });

/** The Kategorie 1 dogs of a Land as errors at the listed breed (own breed or the mix's breed). */
function kategorie1Issues(
  land: Bundesland,
  hunde: readonly z.output<typeof hundSchema>[],
): { path: (string | number)[]; message: string }[] {
  return hunde.flatMap((hund, index) =>
    (['rasse', 'mischlingsRasse'] as const).flatMap((key) => {
      const id = hund[key];
      if (id === undefined || (key === 'mischlingsRasse' && !hund.mischling)) return [];
      const listing = listingOfDog(land, { rasse: id });
      return listing?.kategorie === 1
        ? [{ path: ['hunde', index, key], message: THV_FLOW_MESSAGES.listenhund(listing.breed.name, land) }]
        : [];
    }),
  );
}

const bundeslandOptions = BUNDESLAENDER.map((land) => ({ value: land, label: BUNDESLAND_NAMEN[land] }));

/** Whether a dog of the answers is a Listenhund of Kategorie 2 in the Land answered (none of Kategorie 1). */
export function needsListenhundAuflagen(answers: FlowAnswers): boolean {
  const land = answers.hunde?.bundesland;
  if (typeof land !== 'string' || !(BUNDESLAENDER as readonly string[]).includes(land)) return false;
  const listings = dogsOf(answers)
    .filter((hund) => typeof hund.rasse === 'string')
    .map((hund) => listingOfDog(land as Bundesland, ratingDogOf(hund) as never));
  return listings.some((listing) => listing?.kategorie === 2) && !listings.some((l) => l?.kategorie === 1);
}

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
        pageSchema: z
          .object({
            bundesland: z.enum(BUNDESLAENDER, { error: THV_FLOW_MESSAGES.bundesland }),
            hunde: z
              .array(hundSchema, { error: THV_FLOW_MESSAGES.hunde })
              .min(1, { error: THV_FLOW_MESSAGES.hunde })
              .max(THV_MAX_HUNDE, { error: THV_FLOW_MESSAGES.zuVieleHunde }),
            selbstbeteiligung: rating.selbstbeteiligung.unwrap(),
          })
          .superRefine((page, context) => {
            for (const issue of kategorie1Issues(page.bundesland, page.hunde)) {
              context.addIssue({ code: 'custom', ...issue });
            }
          }),
        fields: [
          {
            key: 'bundesland',
            kind: 'select',
            label: 'In welchem Bundesland leben Ihre Hunde?',
            hint: 'Welche Rassen als Listenhunde gelten, regelt jedes Bundesland in seinem Hundegesetz.',
            options: bundeslandOptions,
          },
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
        next: [{ to: 'auflagen', guard: needsListenhundAuflagen }, { to: 'tarif' }],
      },
      {
        id: 'auflagen',
        title: 'Auflagen für Listenhunde',
        pageSchema: z.object({
          listenhundAuflagenErfuellt: z.literal(true, { error: THV_FLOW_MESSAGES.auflagen }),
        }),
        fields: [
          {
            key: 'auflagenHinweis',
            kind: 'notice',
            title: 'Ihr Hund gilt in Ihrem Bundesland als Listenhund',
            text: 'Für seine Rasse verlangt das Hundegesetz Ihres Bundeslandes besondere Auflagen, zum Beispiel einen bestandenen Wesenstest (Negativzeugnis), einen Sachkundenachweis oder die Erlaubnis der zuständigen Behörde. Wir versichern Ihren Hund, wenn diese Auflagen erfüllt sind.',
          },
          {
            key: 'listenhundAuflagenErfuellt',
            kind: 'checkbox',
            label:
              'Ich bestätige, dass für meinen Hund alle Auflagen des Hundegesetzes meines Bundeslandes erfüllt sind.',
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
    const bundesland = answers.hunde?.bundesland;
    if (isOpen(bundesland)) return undefined;
    const request = {
      bundesland,
      hunde: hunde.map(ratingDogOf),
      selbstbeteiligung,
      ...(answers.auflagen?.listenhundAuflagenErfuellt === true ? { listenhundAuflagenErfuellt: true } : {}),
    };
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
    const auflagen = stepData(data, 'auflagen').listenhundAuflagenErfuellt === true;
    return {
      details: {
        produktKey: 'TIERHALTERHAFTPFLICHT',
        bundesland: page.bundesland as Bundesland,
        ...(auflagen ? { listenhundAuflagenErfuellt: true } : {}),
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
