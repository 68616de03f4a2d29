// What a page shows, as data (ADR 0021 addendum): each step lists its fields with a kind, a German
// label and, for choices, the options. The browser renders pages from this list with the design
// system's inputs; the page schema stays the one source of what is valid. So a new product is a
// flow file, not a set of screens.
import type { CalendarDate } from '../dates/calendar-date';

/** One option of a choice field. */
export interface FieldOption {
  value: string;
  label: string;
  hint?: string;
}

/** Shows a field only while another field of the same page (or item) has one of these values. */
export interface FieldCondition {
  key: string;
  in: readonly unknown[];
}

interface FieldBase {
  /** Key in the page's answers (and in the page schema, unless the step lists it as irrelevant). */
  key: string;
  label: string;
  /** A sentence below the label that explains what to enter. */
  hint?: string;
  /** Marked '(optional)' (spec §5); the schema decides, this only labels. */
  optional?: boolean;
  visibleWhen?: FieldCondition;
}

/** Free text of a kind the browser knows input modes and autocomplete for. */
export interface TextField extends FieldBase {
  kind: 'text' | 'email' | 'tel' | 'iban' | 'plz' | 'hausnummer';
  autoComplete?: string;
  maxLength?: number;
}

/** A calendar day (yyyy-MM-dd, spec §5 date input with min and max). */
export interface DateField extends FieldBase {
  kind: 'date';
  min?: CalendarDate;
  max?: CalendarDate;
}

/** An amount in EUR entered with German separators; the answer is integer cents. */
export interface MoneyField extends FieldBase {
  kind: 'money';
}

/** A whole number with a unit ('m²', 'km'). */
export interface NumberField extends FieldBase {
  kind: 'number';
  unit?: string;
  min?: number;
  max?: number;
}

/** One of a few options (radio group, or a select list when there are many). */
export interface ChoiceField extends FieldBase {
  kind: 'radio' | 'select';
  options: readonly FieldOption[];
}

/** Several of a few options; the answer is the list of chosen values. */
export interface CheckboxesField extends FieldBase {
  kind: 'checkboxes';
  options: readonly FieldOption[];
}

/** One box a person ticks (a declaration, a mandate); the answer is `true`. */
export interface CheckboxField extends FieldBase {
  kind: 'checkbox';
}

/** A search over a reference list (spec §7 finders); the answer is the chosen entry's value. */
export interface FinderField extends FieldBase {
  kind: 'finder';
  finder: 'fahrradhersteller' | 'hunderasse' | 'gewerbeart';
  /** For gewerbeart: the product whose trades are searched. */
  produkt?: string;
  /** Irrelevant key that keeps the search text (so a reload shows it). */
  searchKey?: string;
}

/** A list of like items (dogs, co-insured persons, secondary trades) with add and remove. */
export interface ListField extends FieldBase {
  kind: 'list';
  itemLabel: string;
  addLabel: string;
  min: number;
  max: number;
  itemFields: readonly Field[];
}

/** The variant comparison with the live price per payment period (spec §3/§4 product display). */
export interface VariantsField extends FieldBase {
  kind: 'variants';
}

/** The pre-contract documents (§ 7 VVG): sent by e-mail, offered for download. */
export interface DocumentsField {
  kind: 'documents';
  key: string;
}

/** A paragraph of text the page shows (a legal warning, a summary heading). */
export interface NoticeField {
  kind: 'notice';
  key: string;
  title?: string;
  text: string;
}

/** Any field a page can show. */
export type Field =
  | TextField
  | DateField
  | MoneyField
  | NumberField
  | ChoiceField
  | CheckboxesField
  | CheckboxField
  | FinderField
  | ListField
  | VariantsField
  | DocumentsField
  | NoticeField;

/** Options from a value → label table, in its order. */
export function optionsOf(labels: Readonly<Record<string, string>>): FieldOption[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

/** Whether a field is shown for the page's current answers. */
export function isFieldVisible(field: Field, page: Readonly<Record<string, unknown>>): boolean {
  if (!('visibleWhen' in field) || !field.visibleWhen) return true;
  return field.visibleWhen.in.includes(page[field.visibleWhen.key]);
}
