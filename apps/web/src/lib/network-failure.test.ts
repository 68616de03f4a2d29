import { describe, expect, it, vi } from 'vitest';
import { isNetworkFailure } from './network-failure';
import { createQueryClient, RequestError, unwrapResult } from './query-client';
import { createRequest } from './request';

function offlineRequest() {
  const fetchMock = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  return {
    fetchMock,
    request: createRequest({ getAccessToken: () => 't', fetch: fetchMock as unknown as typeof fetch }),
  };
}

describe('no connection', () => {
  it('fails a query at once, without retries', async () => {
    const { fetchMock, request } = offlineRequest();
    const client = createQueryClient();
    const error: unknown = await client
      .fetchQuery({
        queryKey: ['vertrag', '1'],
        queryFn: async ({ signal }) =>
          unwrapResult(await request({ path: '/api/vertrag/vertrag/1', signal })),
      })
      .catch((caught: unknown) => caught);
    expect(isNetworkFailure(error)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('still retries a server error', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (
      n: number,
      e: unknown,
    ) => boolean;
    expect(retry(0, new RequestError({ ok: false, errorStatus: 503, errorMessage: 'x' }))).toBe(true);
    expect(
      retry(0, new RequestError({ ok: false, errorStatus: 'unknown', errorMessage: 'Network error' })),
    ).toBe(false);
  });
});
