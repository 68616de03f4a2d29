import type { TFunction } from 'i18next';
import { errorCodeOf, errorMessageOf } from '../api/api-error';

/** The text a person sees for a failed call: the API's German message, or ours for rate limits and outages. */
export function failureMessage(error: unknown, t: TFunction): string {
  if (errorCodeOf(error) === 'TOO_MANY_REQUESTS') return t('errors.tooManyRequests');
  return errorMessageOf(error, t('errors.generic'));
}
