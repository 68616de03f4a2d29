import { NETWORK_ERROR_MESSAGE } from './request';
import { RequestError } from './request-error';

/** What a person reads when a call found no connection (issue 12: said at once, not after retries). */
export const OFFLINE_MESSAGE =
  'Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.';

/** Whether the error is a call that never reached the server (no connection), not an answer. */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof RequestError &&
    error.errorStatus === 'unknown' &&
    error.errorMessage === NETWORK_ERROR_MESSAGE
  );
}
