import { CancelledError } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, QUERY_STALE_TIME_MS, RequestError, unwrapResult } from './query-client';
import { createRequest } from './request';

describe('query client', () => {
  it('keeps query data fresh for 60 seconds', () => {
    expect(QUERY_STALE_TIME_MS).toBe(60_000);
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(60_000);
  });

  it('returns the data of an ok result', () => {
    expect(unwrapResult({ ok: true, data: { id: 'V1' } })).toEqual({ id: 'V1' });
    expect(unwrapResult({ ok: true, data: undefined })).toBeNull();
  });

  it('throws a RequestError carrying status, message and body for a not-ok result', () => {
    const failure = { ok: false as const, errorStatus: 404, errorMessage: 'Nicht gefunden', error: { x: 1 } };
    let thrown: unknown;
    try {
      unwrapResult(failure);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RequestError);
    expect(thrown).toMatchObject({ errorStatus: 404, errorMessage: 'Nicht gefunden', error: { x: 1 } });
  });

  it('throws a cancellation for a cancelled result', () => {
    expect(() => unwrapResult({ ok: true, canceled: true, errorMessage: 'RequestCancelled' })).toThrow(
      CancelledError,
    );
  });

  it('surfaces a failed request as the query error without retrying client errors', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { message: 'Kein Zugriff' } }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const request = createRequest({ getAccessToken: () => 't', fetch: fetchMock as unknown as typeof fetch });
    const client = createQueryClient();

    await expect(
      client.fetchQuery({
        queryKey: ['vertrag', '1'],
        queryFn: async ({ signal }) =>
          unwrapResult(await request({ path: '/api/vertrag/vertrag/1', signal })),
      }),
    ).rejects.toMatchObject({ errorStatus: 403, errorMessage: 'Kein Zugriff' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
