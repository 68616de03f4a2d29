import { CancelledError, QueryClient } from '@tanstack/react-query';
import type { RequestResult } from './request';
import { isNetworkFailure } from './network-failure';
import { RequestError } from './request-error';

export { RequestError };

/** Spec §9: query cache stale time 60 s. */
export const QUERY_STALE_TIME_MS = 60_000;

/**
 * Turns a request result into query data: throws RequestError when not ok and TanStack's
 * CancelledError when a newer request replaced this one (the query keeps its previous data).
 * Query data must not be undefined, so an empty body becomes null.
 */
export function unwrapResult<T>(result: RequestResult<T>): NonNullable<T> | null {
  if (!result.ok) throw new RequestError(result);
  if (result.canceled) throw new CancelledError({ revert: true });
  return result.data ?? null;
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof RequestError)) return false;
  // Without a connection the person is told at once (OFFLINE_MESSAGE) instead of waiting for retries.
  if (isNetworkFailure(error)) return false;
  // Client errors (4xx) will not change by asking again; server and network errors might.
  return error.errorStatus === 'unknown' || error.errorStatus >= 500;
}

/** The app's query client: stale time 60 s, retries only where a retry can help. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
