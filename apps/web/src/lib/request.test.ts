import { describe, expect, it, vi } from 'vitest';
import { buildPath, createRequest, isSuccessStatus } from './request';

type FetchArgs = [url: string, init: RequestInit];

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function setup({ token = 'token-123' as string | null, response = jsonResponse(200, { a: 1 }) } = {}) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => response.clone());
  const onUnauthenticated = vi.fn();
  const onUnauthorized = vi.fn();
  const request = createRequest({
    baseUrl: 'https://api.test',
    getAccessToken: () => token,
    onUnauthenticated,
    onUnauthorized,
    fetch: fetchMock as unknown as typeof fetch,
  });
  const call = request;
  const sent = (index = 0) => {
    const args = fetchMock.mock.calls[index];
    if (!args) throw new Error(`fetch call ${index} was not made`);
    const [url, init] = args;
    return { url, init, headers: new Headers(init.headers) };
  };
  return { call, fetchMock, onUnauthenticated, onUnauthorized, sent };
}

/** A fetch that only settles when the test says so, and rejects like a browser on abort. */
function controllableFetch() {
  const pending: { resolve: (response: Response) => void; signal: AbortSignal }[] = [];
  const fetchMock = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init.signal as AbortSignal;
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        pending.push({ resolve, signal });
      }),
  );
  return { fetchMock, pending };
}

describe('request helper: building the call', () => {
  it('substitutes path parameters URI-encoded and prefixes the base URL', async () => {
    const { call, sent } = setup();
    await call({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: 'A/1 ä' } });
    expect(sent().url).toBe('https://api.test/api/vertrag/vertrag/A%2F1%20%C3%A4');
  });

  it('substitutes several path parameters and numbers', async () => {
    const { call, sent } = setup();
    await call({
      path: '/api/vertrag/vertrag/confirmation/{partner}/{contract}',
      pathParams: { partner: 42, contract: 'V-7' },
      method: 'POST',
    });
    expect(sent().url).toBe('https://api.test/api/vertrag/vertrag/confirmation/42/V-7');
  });

  it('throws for a missing path parameter instead of calling a wrong URL', () => {
    expect(() => buildPath('/api/vertrag/vertrag/{id}', {})).toThrow('Missing path parameter "id"');
  });

  it('appends query parameters and leaves out empty ones', async () => {
    const { call, sent } = setup();
    await call({
      path: '/api/openiban-validator/validate/{iban}',
      pathParams: { iban: 'DE89370400440532013000' },
      query: { getBIC: true, skip: undefined, none: null, tag: ['a', 'b c'] },
    });
    expect(sent().url).toBe(
      'https://api.test/api/openiban-validator/validate/DE89370400440532013000?getBIC=true&tag=a&tag=b+c',
    );
  });

  it('sends the body as JSON with the JSON content type and the method', async () => {
    const { call, sent } = setup();
    await call({ method: 'PATCH', path: '/api/x', body: { versicherungsNummer: 'V1' } });
    expect(sent().init.method).toBe('PATCH');
    expect(sent().headers.get('Content-Type')).toBe('application/json');
    expect(sent().init.body).toBe('{"versicherungsNummer":"V1"}');
  });

  it('sends extra headers (e.g. an Idempotency-Key) next to its own', async () => {
    const { call, sent } = setup();
    await call({ method: 'POST', path: '/api/x', body: {}, headers: { 'Idempotency-Key': 'key-12345678' } });
    expect(sent().headers.get('Idempotency-Key')).toBe('key-12345678');
    expect(sent().headers.get('Authorization')).toBe('Bearer token-123');
    expect(sent().headers.get('Content-Type')).toBe('application/json');
  });

  it('defaults to GET and asks for JSON', async () => {
    const { call, sent } = setup();
    await call({ path: '/api/x' });
    expect(sent().init.method).toBe('GET');
    expect(sent().headers.get('Accept')).toBe('application/json');
  });

  it('sends files as form data without the JSON content type, with the body as fields', async () => {
    const { call, sent } = setup();
    const file = new File(['%PDF'], 'rechnung.pdf', { type: 'application/pdf' });
    await call({ method: 'POST', path: '/api/upload/', files: { datei: file }, body: { schadenId: 7 } });
    const body = sent().init.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect((form.get('datei') as File).name).toBe('rechnung.pdf');
    expect(form.get('schadenId')).toBe('7');
    expect(sent().headers.get('Content-Type')).toBeNull();
  });

  it('sends a ready FormData as is', async () => {
    const { call, sent } = setup();
    const form = new FormData();
    form.append('feld', 'wert');
    await call({ method: 'POST', path: '/api/upload/', formData: form });
    expect(sent().init.body).toBe(form);
    expect(sent().headers.get('Content-Type')).toBeNull();
  });
});

describe('request helper: authentication', () => {
  it('sends the bearer token on authenticated calls (the default)', async () => {
    const { call, sent } = setup({ token: 'abc' });
    await call({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: '1' } });
    expect(sent().headers.get('Authorization')).toBe('Bearer abc');
  });

  it('awaits an asynchronous token source', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    const request = createRequest({
      getAccessToken: async () => 'later',
      fetch: fetchMock as unknown as typeof fetch,
    });
    await request({ path: '/api/x' });
    const init = fetchMock.mock.calls[0] as unknown as FetchArgs;
    expect(new Headers(init[1].headers).get('Authorization')).toBe('Bearer later');
  });

  it('sends no Authorization header on calls without sign-in', async () => {
    const { call, sent } = setup({ token: 'abc' });
    await call({
      path: '/api/vertrag/vertrag/{id}/vertragsart',
      pathParams: { id: '1' },
      authenticated: false,
    });
    expect(sent().headers.has('Authorization')).toBe(false);
  });

  it('resolves not-ok without sending and reports it when an authenticated call has no token', async () => {
    const { call, fetchMock, onUnauthenticated } = setup({ token: null });
    const result = await call({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: '1' } });
    expect(result).toEqual({ ok: false, errorStatus: 401, errorMessage: 'An error occured' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('reports the rejected token when the server answers an authenticated call with 401', async () => {
    const { call, onUnauthorized, onUnauthenticated } = setup({
      token: 'revoked',
      response: jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Bitte melden Sie sich an.' } }),
    });
    const result = await call({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: '1' } });
    expect(result).toMatchObject({ ok: false, errorStatus: 401, errorMessage: 'Bitte melden Sie sich an.' });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('revoked');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('does not report a 401 of a call without sign-in (e.g. a refused refresh)', async () => {
    const { call, onUnauthorized } = setup({
      response: jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Bitte melden Sie sich an.' } }),
    });
    const result = await call({ method: 'POST', path: '/api/auth/refresh', authenticated: false });
    expect(result).toMatchObject({ ok: false, errorStatus: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not report other refusals such as 403 as an ended session', async () => {
    const { call, onUnauthorized } = setup({
      response: jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Kein Zugriff.' } }),
    });
    expect(await call({ path: '/api/x' })).toMatchObject({ ok: false, errorStatus: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('treats an empty token like no token', async () => {
    const { call, fetchMock, onUnauthenticated } = setup({ token: '' });
    const result = await call({ path: '/api/x' });
    expect(result.ok).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });
});

describe('request helper: results', () => {
  it.each([200, 201, 204, 299, 302, 303, 307])('counts %i as success', (status) => {
    expect(isSuccessStatus(status)).toBe(true);
  });

  it.each([199, 300, 301, 304, 308, 400, 401, 404, 422, 500])('counts %i as not ok', (status) => {
    expect(isSuccessStatus(status)).toBe(false);
  });

  it('returns the parsed JSON data on success', async () => {
    const { call } = setup({ response: jsonResponse(200, [{ id: 'V1' }]) });
    expect(await call({ path: '/api/x' })).toEqual({ ok: true, data: [{ id: 'V1' }] });
  });

  it('returns no data for an empty success body (204)', async () => {
    const { call } = setup({ response: new Response(null, { status: 204 }) });
    expect(await call({ method: 'DELETE', path: '/api/x' })).toEqual({ ok: true, data: undefined });
  });

  it('returns a 303 answer as success', async () => {
    const { call } = setup({ response: jsonResponse(303, { weiter: true }) });
    expect(await call({ method: 'POST', path: '/api/x' })).toEqual({ ok: true, data: { weiter: true } });
  });

  it('returns a binary body as Blob when asked', async () => {
    const pdf = new Response(new Blob(['%PDF-1.7']), {
      status: 200,
      headers: { 'Content-Type': 'application/pdf' },
    });
    const { call } = setup({ response: pdf });
    const result = await call<Blob>({ path: '/api/druck/pdf/kundeninformation/PHV', responseType: 'blob' });
    expect(result.ok && !result.canceled && (await result.data.text())).toBe('%PDF-1.7');
  });

  it('maps 422 to status 422 with "Unprocessable Entity"', async () => {
    const { call } = setup({ response: jsonResponse(422, { error: { message: 'Feld fehlt' } }) });
    expect(await call({ method: 'POST', path: '/api/x' })).toMatchObject({
      ok: false,
      errorStatus: 422,
      errorMessage: 'Unprocessable Entity',
    });
  });

  it('maps 422 without a readable body to the same result', async () => {
    const { call } = setup({ response: new Response('nope', { status: 422 }) });
    expect(await call({ method: 'POST', path: '/api/x' })).toEqual({
      ok: false,
      errorStatus: 422,
      errorMessage: 'Unprocessable Entity',
    });
  });

  it('returns the parsed body of other non-ok answers and the message of our error envelope', async () => {
    const envelope = {
      error: {
        code: 'NOT_FOUND',
        status: 404,
        message: 'Der Vertrag wurde nicht gefunden.',
        requestId: 'r1',
      },
    };
    const { call } = setup({ response: jsonResponse(404, envelope) });
    expect(await call({ path: '/api/x' })).toEqual({
      ok: false,
      errorStatus: 404,
      errorMessage: 'Der Vertrag wurde nicht gefunden.',
      error: envelope,
    });
  });

  it('uses a top-level message of a foreign JSON body', async () => {
    const { call } = setup({ response: jsonResponse(400, { message: 'Ungültig' }) });
    expect(await call({ path: '/api/x' })).toMatchObject({ errorStatus: 400, errorMessage: 'Ungültig' });
  });

  it('falls back to the default message "An error occured" for a JSON body without message', async () => {
    const { call } = setup({ response: jsonResponse(500, { foo: 'bar' }) });
    expect(await call({ path: '/api/x' })).toEqual({
      ok: false,
      errorStatus: 500,
      errorMessage: 'An error occured',
      error: { foo: 'bar' },
    });
  });

  it('returns status "unknown" with "Unexpected error" when the error body is not JSON', async () => {
    const { call } = setup({ response: new Response('<html>Bad Gateway</html>', { status: 502 }) });
    expect(await call({ path: '/api/x' })).toEqual({
      ok: false,
      errorStatus: 'unknown',
      errorMessage: 'Unexpected error',
    });
  });

  it('returns "Unexpected error" when a success body claims JSON but is not', async () => {
    const broken = new Response('{oops', { status: 200, headers: { 'Content-Type': 'application/json' } });
    const { call } = setup({ response: broken });
    expect(await call({ path: '/api/x' })).toEqual({
      ok: false,
      errorStatus: 'unknown',
      errorMessage: 'Unexpected error',
    });
  });

  it('returns "Network error" with the detail when the request fails to reach the server', async () => {
    const failure = new TypeError('Failed to fetch');
    const request = createRequest({
      getAccessToken: () => 't',
      fetch: vi.fn(async () => Promise.reject(failure)) as unknown as typeof fetch,
    });
    expect(await request({ path: '/api/x' })).toEqual({
      ok: false,
      errorStatus: 'unknown',
      errorMessage: 'Network error',
      detail: 'Failed to fetch',
      error: failure,
    });
  });
});

describe('request helper: cancelling', () => {
  it('cancels an in-flight request when a new one goes to the same URL', async () => {
    const { fetchMock, pending } = controllableFetch();
    const request = createRequest({ getAccessToken: () => 't', fetch: fetchMock as unknown as typeof fetch });

    const first = request({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: '1' } });
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    const second = request({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: '1' } });
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1]?.resolve(jsonResponse(200, { id: '1' }));

    expect(await first).toEqual({ ok: true, canceled: true, errorMessage: 'RequestCancelled' });
    expect(await second).toEqual({ ok: true, data: { id: '1' } });
    expect(pending[0]?.signal.aborted).toBe(true);
  });

  it('keeps requests to different URLs or methods independent', async () => {
    const { fetchMock, pending } = controllableFetch();
    const request = createRequest({ getAccessToken: () => 't', fetch: fetchMock as unknown as typeof fetch });

    const first = request({ path: '/api/a' });
    const other = request({ path: '/api/a', query: { seite: 2 } });
    const posted = request({ path: '/api/a', method: 'POST' });
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    for (const call of pending) call.resolve(jsonResponse(200, 'ok'));

    expect(await first).toEqual({ ok: true, data: 'ok' });
    expect(await other).toEqual({ ok: true, data: 'ok' });
    expect(await posted).toEqual({ ok: true, data: 'ok' });
  });

  it('lets parallel calls to the same URL run when asked to', async () => {
    const { fetchMock, pending } = controllableFetch();
    const request = createRequest({ getAccessToken: () => 't', fetch: fetchMock as unknown as typeof fetch });

    const first = request({ method: 'POST', path: '/api/upload/', cancelPrevious: false });
    const second = request({ method: 'POST', path: '/api/upload/', cancelPrevious: false });
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    for (const call of pending) call.resolve(jsonResponse(200, 'url'));

    expect(await first).toEqual({ ok: true, data: 'url' });
    expect(await second).toEqual({ ok: true, data: 'url' });
  });

  it('resolves as cancelled when the caller aborts its signal', async () => {
    const { fetchMock, pending } = controllableFetch();
    const request = createRequest({ getAccessToken: () => 't', fetch: fetchMock as unknown as typeof fetch });
    const caller = new AbortController();

    const result = request({ path: '/api/x', signal: caller.signal });
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    caller.abort();

    expect(await result).toEqual({ ok: true, canceled: true, errorMessage: 'RequestCancelled' });
  });

  it('does not send a request whose signal is already aborted', async () => {
    const { fetchMock } = controllableFetch();
    const request = createRequest({ getAccessToken: () => 't', fetch: fetchMock as unknown as typeof fetch });
    const caller = new AbortController();
    caller.abort();

    expect(await request({ path: '/api/x', signal: caller.signal })).toMatchObject({ canceled: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not cancel a request that has already finished', async () => {
    const { call, fetchMock } = setup();
    expect(await call({ path: '/api/x' })).toEqual({ ok: true, data: { a: 1 } });
    expect(await call({ path: '/api/x' })).toEqual({ ok: true, data: { a: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
