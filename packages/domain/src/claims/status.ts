// Claim states and their transitions as data (issue 14): a claim is reported (GEMELDET), its cover
// is checked (DECKUNG_GEPRUEFT), the loss is assessed (BEGUTACHTET) and it is settled and paid
// (REGULIERT); from any open state it can be rejected (ABGELEHNT), always with a reason. REGULIERT and
// ABGELEHNT are final. The customer's tracker shows the four steps of the way and the rejection.

/** Claim states in the order of the way. */
export const CLAIM_STATES = [
  'GEMELDET',
  'DECKUNG_GEPRUEFT',
  'BEGUTACHTET',
  'REGULIERT',
  'ABGELEHNT',
] as const;
/** One claim state. */
export type ClaimState = (typeof CLAIM_STATES)[number];

/** German labels of the states (tracker, lists, e-mails). */
export const CLAIM_STATE_LABELS: Readonly<Record<ClaimState, string>> = {
  GEMELDET: 'Gemeldet',
  DECKUNG_GEPRUEFT: 'Deckung geprüft',
  BEGUTACHTET: 'Begutachtet',
  REGULIERT: 'Reguliert',
  ABGELEHNT: 'Abgelehnt',
};

/** A sentence per state for the customer: what it means and what happens next. */
export const CLAIM_STATE_DESCRIPTIONS: Readonly<Record<ClaimState, string>> = {
  GEMELDET: 'Ihre Schadenmeldung ist bei uns eingegangen. Wir prüfen als Nächstes den Versicherungsschutz.',
  DECKUNG_GEPRUEFT: 'Der Schaden ist versichert. Wir stellen jetzt die Höhe des Schadens fest.',
  BEGUTACHTET: 'Der Schaden ist festgestellt. Wir regulieren ihn und veranlassen die Zahlung.',
  REGULIERT: 'Der Schaden ist reguliert und die Zahlung veranlasst.',
  ABGELEHNT:
    'Wir können diesen Schaden leider nicht übernehmen. Den Grund nennen wir Ihnen in unserer Nachricht.',
};

/** The steps of the tracker (the way a claim takes when it is paid). */
export const CLAIM_TRACKER_STATES: readonly ClaimState[] = [
  'GEMELDET',
  'DECKUNG_GEPRUEFT',
  'BEGUTACHTET',
  'REGULIERT',
];

/** States in which the claim is still being handled. */
export const OPEN_CLAIM_STATES: readonly ClaimState[] = ['GEMELDET', 'DECKUNG_GEPRUEFT', 'BEGUTACHTET'];

const NEXT_ON_THE_WAY: Readonly<Partial<Record<ClaimState, ClaimState>>> = {
  GEMELDET: 'DECKUNG_GEPRUEFT',
  DECKUNG_GEPRUEFT: 'BEGUTACHTET',
  BEGUTACHTET: 'REGULIERT',
};

/** True when the value is a claim state. */
export function isClaimState(value: unknown): value is ClaimState {
  return typeof value === 'string' && (CLAIM_STATES as readonly string[]).includes(value);
}

/** True while the claim is being handled (not settled, not rejected). */
export function isOpenClaimState(state: ClaimState): boolean {
  return OPEN_CLAIM_STATES.includes(state);
}

/** The states a claim in this state may move to: the next step of the way, or a rejection while open. */
export function allowedClaimTransitions(from: ClaimState): ClaimState[] {
  const next = NEXT_ON_THE_WAY[from];
  if (!isOpenClaimState(from)) return [];
  return next ? [next, 'ABGELEHNT'] : ['ABGELEHNT'];
}

/** Why a move is refused, in German for the clerk. */
export const CLAIM_TRANSITION_MESSAGES = {
  notAllowed: (from: ClaimState, to: ClaimState) =>
    `Ein Schaden im Status „${CLAIM_STATE_LABELS[from]}“ kann nicht in den Status „${CLAIM_STATE_LABELS[to]}“ wechseln.`,
  reasonRequired: 'Bitte nennen Sie den Grund der Ablehnung.',
  reasonTooLong: 'Der Grund darf höchstens 2.000 Zeichen lang sein.',
} as const;

/** Longest rejection reason. */
export const CLAIM_REASON_MAX_LENGTH = 2000;

/** The check of one move: allowed, or the German reason why not. */
export type ClaimTransitionCheck = { ok: true; grund?: string } | { ok: false; message: string };

/** Checks a move; a rejection needs a reason (trimmed, not empty), other moves take an optional note. */
export function checkClaimTransition(from: ClaimState, to: ClaimState, grund?: string): ClaimTransitionCheck {
  if (!allowedClaimTransitions(from).includes(to)) {
    return { ok: false, message: CLAIM_TRANSITION_MESSAGES.notAllowed(from, to) };
  }
  const reason = grund?.trim() ?? '';
  if (to === 'ABGELEHNT' && reason === '')
    return { ok: false, message: CLAIM_TRANSITION_MESSAGES.reasonRequired };
  if (reason.length > CLAIM_REASON_MAX_LENGTH)
    return { ok: false, message: CLAIM_TRANSITION_MESSAGES.reasonTooLong };
  return reason === '' ? { ok: true } : { ok: true, grund: reason };
}
