/**
 * The portals and their user pools (docs/api/identity.md 'Pools and sign-in names'): customers,
 * agents and the insurer's clerks (Innendienst, ADR 0027).
 */
export type Portal = 'kunden' | 'vermittler' | 'innendienst';
export type Pool = 'benutzer' | 'vermittler' | 'innendienst';

export type PortalPaths = {
  pool: Pool;
  /** Signed-in start page of the area. */
  startPath: string;
  loginPath: string;
  forgotPasswordPath: string;
};

export const PORTALS: Readonly<Record<Portal, PortalPaths>> = {
  kunden: {
    pool: 'benutzer',
    startPath: '/kunden/',
    loginPath: '/kunden/login/',
    forgotPasswordPath: '/kunden/login/passwort-vergessen/',
  },
  vermittler: {
    pool: 'vermittler',
    startPath: '/vermittler/',
    loginPath: '/vermittler/login/',
    forgotPasswordPath: '/vermittler/login/passwort-vergessen/',
  },
  innendienst: {
    pool: 'innendienst',
    startPath: '/innendienst/',
    loginPath: '/innendienst/login/',
    forgotPasswordPath: '/innendienst/login/passwort-vergessen/',
  },
};

export const REGISTRATION_PATH = '/kunden/login/registrieren/';
export const PHONE_RESET_PATH = '/kunden/handynummer-aendern/';
export const CUSTOMER_DATA_PATH = '/kunden/kundendaten/';

/** Spec §5: sign-in names are lower-cased; the server also trims, and SRP needs the same identity. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
