// Limits of sign-in, codes and links (issue 5). Durations in milliseconds.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const IDENTITY_POLICY = {
  /** An SRP challenge session (init → verify, new password, password proof). */
  challengeTtlMs: 5 * MINUTE,
  /** A sign-in or verification TAN. */
  tanTtlMs: 5 * MINUTE,
  tanMaxAttempts: 3,
  /** Failed password proofs (and wrong sign-in TANs) per account within the window before a lock. */
  maxFailedSignIns: 5,
  failedWindowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  registrationLinkTtlMs: 24 * HOUR,
  emailChangeLinkTtlMs: 24 * HOUR,
  phoneResetLinkTtlMs: HOUR,
  resetCodeTtlMs: 15 * MINUTE,
  resetCodeMaxAttempts: 3,
  /** A TAN verification (registration, mobile change) with its codes. */
  verificationTtlMs: 30 * MINUTE,
  maxCodesPerVerification: 3,
} as const;

/** Requests per IP within the window, per endpoint (429 with Retry-After beyond). */
export const IDENTITY_RATE_LIMITS = {
  signIn: { max: 30, timeWindow: '1 minute' },
  /** Every open tab refreshes about every 10 minutes; offices share one address. */
  refresh: { max: 120, timeWindow: '1 minute' },
  reset: { max: 10, timeWindow: '1 minute' },
  registration: { max: 10, timeWindow: '1 minute' },
  tan: { max: 20, timeWindow: '1 minute' },
  credentials: { max: 20, timeWindow: '1 minute' },
} as const;
