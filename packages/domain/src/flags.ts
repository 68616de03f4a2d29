// The feature flags of spec §6. Web and server share this list so a key cannot be misspelt on
// either side; per-environment values and brand targeting live on the server (platform/flags).

/** Self-service page slugs under /kunden (spec §2); `disabled-self-services` switches single pages off. */
export const SELF_SERVICE_SLUGS = [
  'jahresumsatz',
  'bankverbindung',
  'rahmennummer',
  'bhv',
  'gewerbearten',
  'elementar',
  'familienstand',
  'versicherte-kosten',
  'zahlungsweise',
  'phv',
  'risikoort',
  'selbstbeteiligung',
  'deckung',
  'versicherungssumme',
  'kuendigen-widerrufen',
] as const;
export type SelfServiceSlug = (typeof SELF_SERVICE_SLUGS)[number];

interface FlagValueTypes {
  boolean: boolean;
  'self-service-list': readonly SelfServiceSlug[];
}
export type FlagType = keyof FlagValueTypes;

interface FlagDefinition<T extends FlagType> {
  readonly type: T;
  /** German description for people who configure flags. */
  readonly description: string;
  /** The value used when the flag service does not answer (spec §9: after 2,000 ms); chosen to be safe. */
  readonly defaultValue: FlagValueTypes[T];
}

function booleanFlag(description: string, defaultValue: boolean): FlagDefinition<'boolean'> {
  return { type: 'boolean', description, defaultValue };
}

/** Every flag of spec §6 with its type, German description and safe default. */
export const FLAG_DEFINITIONS = {
  // Default on: §312k BGB requires online contracts to offer online cancellation, so a silent
  // flag service must not hide it.
  'self-service-cancellation': booleanFlag(
    'Kundinnen und Kunden können Verträge im Portal selbst kündigen und widerrufen.',
    true,
  ),
  'contract-holder-change': booleanFlag('Wechsel des Versicherungsnehmers im Portal.', false),
  'insured-amount-change': booleanFlag('Änderung der Versicherungssumme im Portal.', false),
  'claims-page': booleanFlag('Seite „Schäden“ mit Schadenübersicht und Details.', false),
  feedback: booleanFlag('Feedback-Abfrage nach abgeschlossenen Vorgängen.', false),
  'services-widget': booleanFlag('Service-Kacheln auf der Vertragsübersicht.', false),
  'relocation-service': booleanFlag('Umzugsservice für Vermittlerinnen und Vermittler.', false),
  'help-button': booleanFlag('Hilfe-Schaltfläche, die das Hilfe-Panel öffnet.', true),
  'mfa-code-autocomplete': booleanFlag(
    'Automatisches Ausfüllen des SMS-Codes bei der Anmeldung (autocomplete="one-time-code").',
    true,
  ),
  'travel-health-insurance': booleanFlag(
    'Auslandsreise-Krankenversicherung als Option im Reiseantrag.',
    false,
  ),
  'bhv-tariff-change': booleanFlag(
    'Tarifwechsel in der Betriebshaftpflicht (…/betriebshaftpflicht/wechsel/).',
    false,
  ),
  'new-product-generations': booleanFlag('Neue Produktgenerationen in Antrag und Beratung.', false),
  'disabled-self-services': {
    type: 'self-service-list',
    description:
      'Selbstbedienungsseiten, die abgeschaltet sind (Liste von Seitenkennungen wie „zahlungsweise“).',
    defaultValue: [],
  } satisfies FlagDefinition<'self-service-list'>,
  'claims-hub': booleanFlag(
    'Funktionen des Schaden-Hubs (Schadenmeldung mit Nachrichten und Dokumenten).',
    false,
  ),
} as const;

export type FlagKey = keyof typeof FLAG_DEFINITIONS;
export type FlagValue<K extends FlagKey> = FlagValueTypes[(typeof FLAG_DEFINITIONS)[K]['type']];
export type FlagValues = { readonly [K in FlagKey]: FlagValue<K> };

/** All flag keys in the order of spec §6. */
export const FLAG_KEYS = Object.keys(FLAG_DEFINITIONS) as readonly FlagKey[];

/** The safe default value of every flag. */
export const DEFAULT_FLAG_VALUES: FlagValues = Object.fromEntries(
  FLAG_KEYS.map((key) => [key, FLAG_DEFINITIONS[key].defaultValue]),
) as unknown as FlagValues;

/** True when the string is one of the flag keys. */
export function isFlagKey(value: string): value is FlagKey {
  return Object.hasOwn(FLAG_DEFINITIONS, value);
}

/** True when the value has the type the flag declares (list entries must be known self-service slugs). */
export function isValidFlagValue<K extends FlagKey>(key: K, value: unknown): value is FlagValue<K> {
  const { type } = FLAG_DEFINITIONS[key];
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'self-service-list':
      return (
        Array.isArray(value) &&
        value.every((slug) => (SELF_SERVICE_SLUGS as readonly unknown[]).includes(slug))
      );
  }
}
