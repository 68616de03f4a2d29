// Limits of sign-in, codes and links (issue 5). Durations in milliseconds.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const IDENTITY_POLICY = {
  /** An SRP challenge session (init → verify, new password, password proof). */
  challengeTtlMs: 5 * MINUTE,
  /** A sign-in or verification TAN. */
  tanTtlMs: 5 * MINUTE,
  tanMaxAttempts: 3,
  /**
   * Failed password proofs (and wrong sign-in TANs) of one account from one client (IP address,
   * IPv6 /64) within the window before that client is locked out of that account (ADR 0013).
   */
  maxFailedSignIns: 5,
  failedWindowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  /** The ceiling across all clients: this many failures within the hour lock the account for an hour. */
  maxFailedSignInsPerAccount: 25,
  accountFailedWindowMs: HOUR,
  accountLockMs: HOUR,
  registrationLinkTtlMs: 24 * HOUR,
  emailChangeLinkTtlMs: 24 * HOUR,
  phoneResetLinkTtlMs: HOUR,
  resetCodeTtlMs: 15 * MINUTE,
  resetCodeMaxAttempts: 3,
  /** Reset codes issued per account, whatever the client (ADR 0013); beyond, requests send nothing. */
  maxResetCodesPerHour: 5,
  maxResetCodesPerDay: 10,
  /** Wrong reset codes per account across all its codes; at the bound no code is accepted until the day ends. */
  maxWrongResetCodesPerDay: 10,
  /** The window of the per-day bounds. */
  dayMs: DAY,
  /** A TAN verification (registration, mobile change) with its codes. */
  verificationTtlMs: 30 * MINUTE,
  maxCodesPerVerification: 3,
  /** Wrong verification TANs per account across verifications; at the bound every TAN is refused until the day ends. */
  maxWrongVerificationTansPerDay: 10,
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

/**
 * Budgets beyond the per-IP limits (ADR 0013), counted whatever the address: the registration
 * look-up per contract number and for all callers together.
 */
export const IDENTITY_BUDGETS = {
  registrationPerContract: { max: 5, timeWindow: '1 hour' },
  registrationGlobal: { max: 600, timeWindow: '1 hour' },
  /** The e-mailed link for a lost mobile number, per sign-in name. */
  phoneResetPerEmail: { max: 5, timeWindow: '1 hour' },
} as const;
