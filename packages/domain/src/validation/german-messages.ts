// One German error map for zod in every process that shows zod messages to people: the web app
// (installed at start) and the server (request validation). Schemas keep their own German
// messages where wording matters (those win over this map); this map answers everything a schema
// leaves to zod, in plain German without type names, patterns or English words. zod's own German
// locale (z.locales.de) is not used: it names types and patterns ('Zu groß: erwartet, dass string
// <=50 Zeichen hat', 'muss dem Muster /^\d{5}$/ entsprechen'), which no customer should read.
// Only zod's core (and types): the web app resolves 'zod' itself to a module that installs this
// map (apps/web/src/ui/forms/zod.ts), which must not import itself back through this file.
import { config } from 'zod/v4/core';
import type { core } from 'zod';
import { formatGermanNumber } from '../format/number';

/** The message of a field left empty. */
export const REQUIRED_MESSAGE = 'Bitte machen Sie eine Angabe.';
/** The message when nothing more specific can be said. */
export const CHECK_INPUT_MESSAGE = 'Bitte prüfen Sie Ihre Eingabe.';

type Issue = core.$ZodRawIssue;

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

function amount(value: number | bigint): string {
  return typeof value === 'bigint' ? value.toString() : formatGermanNumber(value);
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>, required: string): string {
  const minimum = amount(issue.minimum);
  switch (issue.origin) {
    case 'string':
      if (isEmpty(issue.input)) return required;
      return issue.exact
        ? `Bitte geben Sie genau ${minimum} Zeichen ein.`
        : `Bitte geben Sie mindestens ${minimum} Zeichen ein.`;
    case 'array':
    case 'set':
      return issue.minimum === 1
        ? 'Bitte wählen Sie mindestens eine Angabe.'
        : `Bitte wählen Sie mindestens ${minimum} Angaben.`;
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false
        ? `Bitte geben Sie einen Wert über ${minimum} ein.`
        : `Bitte geben Sie einen Wert von mindestens ${minimum} ein.`;
    case 'date':
      return 'Bitte wählen Sie ein späteres Datum.';
    default:
      return CHECK_INPUT_MESSAGE;
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const maximum = amount(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return issue.exact
        ? `Bitte geben Sie genau ${maximum} Zeichen ein.`
        : `Bitte geben Sie höchstens ${maximum} Zeichen ein.`;
    case 'array':
    case 'set':
      return `Bitte wählen Sie höchstens ${maximum} Angaben.`;
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false
        ? `Bitte geben Sie einen Wert unter ${maximum} ein.`
        : `Bitte geben Sie einen Wert von höchstens ${maximum} ein.`;
    case 'date':
      return 'Bitte wählen Sie ein früheres Datum.';
    case 'file':
      return 'Die Datei ist zu groß.';
    default:
      return CHECK_INPUT_MESSAGE;
  }
}

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>, required: string): string {
  if (isEmpty(issue.input)) return required;
  switch (issue.expected) {
    case 'number':
    case 'int':
    case 'bigint':
      return 'Bitte geben Sie eine Zahl ein.';
    case 'boolean':
      return 'Bitte wählen Sie Ja oder Nein.';
    case 'date':
      return 'Bitte geben Sie ein gültiges Datum ein.';
    default:
      return CHECK_INPUT_MESSAGE;
  }
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>, required: string): string {
  if (isEmpty(issue.input)) return required;
  switch (issue.format) {
    case 'email':
      return 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
    case 'date':
    case 'datetime':
      return 'Bitte geben Sie ein gültiges Datum ein.';
    case 'time':
      return 'Bitte geben Sie eine gültige Uhrzeit ein.';
    case 'url':
      return 'Bitte geben Sie eine gültige Internetadresse ein.';
    case 'iban':
      return 'Bitte geben Sie eine gültige IBAN ein.';
    default:
      return 'Bitte prüfen Sie das Format Ihrer Eingabe.';
  }
}

/** The German message of a zod issue that its schema left without one. */
export function germanZodMessage(issue: Issue, required: string = REQUIRED_MESSAGE): string {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue, required);
    case 'too_small':
      return tooSmall(issue, required);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return invalidFormat(issue, required);
    case 'invalid_value':
      return isEmpty(issue.input) ? required : 'Bitte wählen Sie eine der angebotenen Möglichkeiten.';
    case 'not_multiple_of':
      return `Bitte geben Sie ein Vielfaches von ${amount(issue.divisor)} ein.`;
    case 'unrecognized_keys':
      return 'Die Anfrage enthält Angaben, die hier nicht vorgesehen sind.';
    default:
      return isEmpty(issue.input) ? required : CHECK_INPUT_MESSAGE;
  }
}

/**
 * Makes every message zod produces without a schema's own text German, for the whole process
 * (zod's configuration is global). `required` is the text of a missing value.
 */
export function installGermanZodMessages(required: string = REQUIRED_MESSAGE): void {
  config({ localeError: (issue) => germanZodMessage(issue, required) });
}
