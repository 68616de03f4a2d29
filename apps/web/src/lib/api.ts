import { createRequest } from './request';

type TokenSource = () => string | null | undefined | Promise<string | null | undefined>;

let tokenSource: TokenSource = () => null;
let unauthenticatedHandler: () => void = () => undefined;
let unauthorizedHandler: (rejectedToken: string) => void = () => undefined;

/**
 * Connects the shared request function to the sign-in (set by the identity provider once it
 * exists). Until then authenticated calls resolve not-ok without being sent.
 */
export function configureApiAuth(auth: {
  getAccessToken: TokenSource;
  /** An authenticated call found no token. */
  onUnauthenticated: () => void;
  /** The server answered an authenticated call with 401 (token expired or revoked). */
  onUnauthorized?: (rejectedToken: string) => void;
}): void {
  tokenSource = auth.getAccessToken;
  unauthenticatedHandler = auth.onUnauthenticated;
  unauthorizedHandler = auth.onUnauthorized ?? (() => undefined);
}

/** The app's request function for its own API (same origin). */
export const request = createRequest({
  baseUrl: '',
  getAccessToken: () => tokenSource(),
  onUnauthenticated: () => unauthenticatedHandler(),
  onUnauthorized: (rejectedToken) => unauthorizedHandler(rejectedToken),
});
