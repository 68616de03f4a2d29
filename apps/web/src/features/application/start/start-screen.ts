// The first screen of a product's application without its flow (ADR 0023, 'Size of the first
// application step'): the flow brings zod, the phone and IBAN validators and the product's
// reference data, which do not fit the first step's JavaScript (at most 180 KiB gzip). The first
// step is shown from generated data (screens/*.generated.ts, made from the flows by
// generate-start-screens.ts and checked against them by start-screens.test.ts); the wizard with
// the flow loads when the person starts to answer.
import type { Field } from '@schirm/domain/application/fields';
import type { ApplicationSlug } from '@schirm/domain/application/product-application';

/**
 * The two flags that shape the flows (spec §6), as a key: 'n' new product generations or 'a' the
 * current ones, 'g' with travel health insurance or 'o' without.
 */
export const FLAG_SETTINGS = ['ao', 'ag', 'no', 'ng'] as const;
export type FlagSetting = (typeof FLAG_SETTINGS)[number];

/** The first step of a product's path, as its page shows it. */
export interface StartScreen {
  stepId: string;
  title: string;
  intro?: string;
  /** The step's fields; date fields without their bounds (they depend on the day). */
  fields: readonly Field[];
  /** The steps of the path before any answer (the step list and 'Schritt 1 von n'). */
  path: readonly { id: string; title: string }[];
}

/** A product's application as its first screen needs it. */
export interface ProductStart {
  slug: ApplicationSlug;
  name: string;
  /** `/<slug>/antrag/`, or motor's `/antrag/`. */
  baseRoute: string;
  screens: Readonly<Record<FlagSetting, StartScreen>>;
}

/** The setting of the flags as the screens are keyed. */
export function flagSetting(flags: { newProductGenerations: boolean; travelHealthInsurance: boolean }) {
  return `${flags.newProductGenerations ? 'n' : 'a'}${flags.travelHealthInsurance ? 'g' : 'o'}` as FlagSetting;
}
