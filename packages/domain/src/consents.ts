// Consents a customer gives in the portal (spec §2 '/einwilligung', §7 'einwilligungserklaerung',
// 'consents list') and the feedback a customer leaves after a claim, a message or an application
// (spec §2 '/feedback/:source/:score?', flag 'feedback'). Shared by web and server.

/** Kinds of consent; today only the processing of health data (§ 9 DSGVO, § 213 VVG). */
export const CONSENT_KINDS = ['GESUNDHEITSDATEN'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** How a consent ended: withdrawn by the customer, or replaced by a consent to a newer wording. */
export const CONSENT_ENDINGS = ['WIDERRUF', 'ERSETZT'] as const;
export type ConsentEnding = (typeof CONSENT_ENDINGS)[number];

/**
 * The customer's state for one consent: ERTEILT (given to the current wording), VERALTET (given to
 * an older wording: a new consent is needed), WIDERRUFEN (the last one was withdrawn), NICHT_ERTEILT.
 */
export const CONSENT_STATES = ['ERTEILT', 'VERALTET', 'WIDERRUFEN', 'NICHT_ERTEILT'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** Where a feedback link points from (the `:source` of /feedback/:source/:score?). */
export const FEEDBACK_SOURCES = ['schaden', 'nachricht', 'antrag'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

export const FEEDBACK_SCORE_MIN = 0;
export const FEEDBACK_SCORE_MAX = 10;
/** Longest comment, in characters. */
export const FEEDBACK_COMMENT_MAX = 1000;

export function isFeedbackSource(value: string): value is FeedbackSource {
  return (FEEDBACK_SOURCES as readonly string[]).includes(value);
}

/** The score of a feedback link ('0'…'10', digits only), or undefined when the text is none. */
export function parseFeedbackScore(value: string | undefined): number | undefined {
  if (value === undefined || !/^(?:[0-9]|10)$/.test(value)) return undefined;
  return Number(value);
}
