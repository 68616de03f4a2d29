// Revocation reasons (Widerrufsgründe) offered by GET /api/vertrag/vertrag/widerrufsgruende. They are
// the same for every product. A revocation under § 8 VVG needs no reason at all: the reason is asked
// only to learn from it, so SONSTIGES is always available and the free text stays optional.

/** A selectable reason: stable key for the API path, German label for the person. */
export interface ReasonOption {
  key: string;
  label: string;
}

/** Product-independent revocation reasons. */
export const REVOCATION_REASONS: readonly ReasonOption[] = [
  { key: 'GUENSTIGERES_ANGEBOT', label: 'Ich habe ein günstigeres Angebot gefunden.' },
  { key: 'BEDARF_ENTFALLEN', label: 'Ich benötige die Versicherung nicht mehr.' },
  { key: 'LEISTUNG_UNPASSEND', label: 'Der Leistungsumfang passt nicht zu meinem Bedarf.' },
  { key: 'BEREITS_VERSICHERT', label: 'Ich bin bereits anderweitig versichert.' },
  { key: 'VERSEHENTLICH_ABGESCHLOSSEN', label: 'Ich habe den Vertrag versehentlich abgeschlossen.' },
  { key: 'SONSTIGES', label: 'Sonstiger Grund' },
];

/** True when the key names one of the revocation reasons. */
export function isRevocationReason(key: string): boolean {
  return REVOCATION_REASONS.some((reason) => reason.key === key);
}
