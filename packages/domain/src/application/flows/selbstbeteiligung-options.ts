// Small helpers the private products' flows share: the deductible options as a radio group shows
// them, and the test whether a raw answer is still open (pricing requests wait for it).
import { SELBSTBETEILIGUNG_EURO } from '../../contract/amounts';
import { formatMoney } from '../../format/money';
import type { Selbstbeteiligung } from '../../products/enums';
import type { FieldOption } from '../fields';
import { isEmptyAnswer } from '../flow';

/** German label of a deductible: 'Keine' or the amount in EUR. */
export function selbstbeteiligungLabel(option: Selbstbeteiligung): string {
  return option === 'SB_KEINE' ? 'Keine Selbstbeteiligung' : formatMoney(SELBSTBETEILIGUNG_EURO[option]);
}

/** The deductibles a tariff offers, as radio options in the tariff's order. */
export function selbstbeteiligungOptions(options: readonly Selbstbeteiligung[]): FieldOption[] {
  return options.map((value) => ({ value, label: selbstbeteiligungLabel(value) }));
}

/** Whether a raw answer is still open (empty text, missing, empty list). */
export function isOpen(value: unknown): boolean {
  return isEmptyAnswer(value);
}
