import { CancelledError, QueryClient } from '@tanstack/react-query';
import type { RequestFailure, RequestResult } from './request';

/** Spec §9: query cache stale time 60 s. */
export const QUERY_STALE_TIME_MS = 60_000;

/** A not-ok request result thrown so TanStack Query (and error boundaries) see it as an error. */
export class RequestError extends Error {
  readonly errorStatus: RequestFailure['errorStatus'];
  readonly errorMessage: string;
  readonly error: unknown;

  constructor(failure: RequestFailure) {
    super(failure.errorMessage);
    this.name = 'RequestError';
    this.errorStatus = failure.errorStatus;
    this.errorMessage = failure.errorMessage;
    this.error = failure.error;
  }
}

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
