/*
 * The one request helper every API call goes through (spec §7 and §8). It never throws for HTTP or
 * network problems: it resolves a result the caller can switch on. Programming errors (a path
 * parameter missing from pathParams) do throw, so they surface during development.
 */

export type RequestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type PathParams = Readonly<Record<string, string | number>>;
type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

export const DEFAULT_ERROR_MESSAGE = 'An error occured';
export const CANCELLED_MESSAGE = 'RequestCancelled';
export const UNPROCESSABLE_MESSAGE = 'Unprocessable Entity';
export const UNEXPECTED_MESSAGE = 'Unexpected error';
export const NETWORK_ERROR_MESSAGE = 'Network error';

export type RequestSuccess<T> = { ok: true; canceled?: false; data: T };
/** A request superseded by a newer one to the same URL, or aborted through its signal. */
export type RequestCanceled = { ok: true; canceled: true; errorMessage: typeof CANCELLED_MESSAGE };
export type RequestFailure = {
  ok: false;
  /** The HTTP status, or 'unknown' when the server's answer could not be read or never came. */
  errorStatus: number | 'unknown';
  errorMessage: string;
  /** The parsed JSON body of a non-ok response (for our API: the error envelope). */
  error?: unknown;
  /** Why a network failure happened (the browser's message). */
  detail?: string;
};
export type RequestResult<T> = RequestSuccess<T> | RequestCanceled | RequestFailure;

export type RequestOptions = {
  method?: RequestMethod;
  /** Path with `{name}` placeholders, e.g. `/api/vertrag/vertrag/{id}`. */
  path: string;
  pathParams?: PathParams;
  query?: QueryParams;
  /** Sent as JSON; with files it becomes the form fields. */
  body?: unknown;
  /** Files sent as multipart form data (field name → file or files). */
  files?: Readonly<Record<string, Blob | readonly Blob[]>>;
  /** A ready form; sent as is. */
  formData?: FormData;
  /** Sends the bearer token; without a token the call is not sent (default true, spec §6). */
  authenticated?: boolean;
  signal?: AbortSignal;
  /** How a successful body is read: 'auto' parses JSON and returns other content as text. */
  responseType?: 'auto' | 'blob';
  /** Set false for calls that may run in parallel to the same URL (e.g. several uploads). */
  cancelPrevious?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key` of a binding application. */
  headers?: Readonly<Record<string, string>>;
};

export type RequestFn = <T = unknown>(options: RequestOptions) => Promise<RequestResult<T>>;

export type CreateRequestOptions = {
  /** Prefix for every path, e.g. '' (same origin) or 'https://api.example.de'. */
  baseUrl?: string;
  getAccessToken: () => string | null | undefined | Promise<string | null | undefined>;
  /** Called when an authenticated call has no token; usually signs the person out. */
  onUnauthenticated?: () => void;
  /**
   * Called when the server answers an authenticated call with 401: the token it was sent with
   * expired or was revoked (e.g. by a sign-out on all devices). The call still resolves its
   * not-ok result; the hook decides about the session (usually one refresh, else sign-out).
   */
  onUnauthorized?: (rejectedToken: string) => void;
  fetch?: typeof fetch;
};

const SUCCESS_REDIRECTS = new Set([302, 303, 307]);

/** Whether a status counts as success (spec §7: 200–299, 302, 303, 307). */
export function isSuccessStatus(status: number): boolean {
  return (status >= 200 && status <= 299) || SUCCESS_REDIRECTS.has(status);
}

/** Substitutes `{name}` placeholders with URI-encoded values; throws when a value is missing. */
export function buildPath(path: string, pathParams: PathParams = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = pathParams[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Appends the query parameters that have a value (null and undefined are left out). */
export function buildQuery(query: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function toFormData(files: NonNullable<RequestOptions['files']>, fields: unknown): FormData {
  const form = new FormData();
  if (fields && typeof fields === 'object') {
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined || value === null) continue;
      form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  for (const [name, value] of Object.entries(files)) {
    const list: readonly Blob[] = Array.isArray(value) ? value : [value as Blob];
    for (const file of list) form.append(name, file);
  }
  return form;
}

function encodeBody(options: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (options.formData) return { body: options.formData };
  if (options.files) return { body: toFormData(options.files, options.body) };
  if (options.body === undefined) return {};
  return { body: JSON.stringify(options.body), contentType: 'application/json' };
}

function hasEnvelopeMessage(body: unknown): body is { error: { message: string } } {
  if (!body || typeof body !== 'object' || !('error' in body)) return false;
  const { error } = body;
  return !!error && typeof error === 'object' && 'message' in error && typeof error.message === 'string';
}

function messageOf(body: unknown): string {
  if (hasEnvelopeMessage(body)) return body.error.message;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return DEFAULT_ERROR_MESSAGE;
}

function isJson(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers.get('content-type') ?? '');
}

async function readSuccess<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
  if (responseType === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (!text) return undefined as T;
  return (isJson(response) ? JSON.parse(text) : text) as T;
}

async function readFailure(response: Response): Promise<RequestFailure> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    if (response.status === 422) {
      return { ok: false, errorStatus: 422, errorMessage: UNPROCESSABLE_MESSAGE };
    }
    return { ok: false, errorStatus: 'unknown', errorMessage: UNEXPECTED_MESSAGE };
  }
  if (response.status === 422) {
    return { ok: false, errorStatus: 422, errorMessage: UNPROCESSABLE_MESSAGE, error: body };
  }
  return { ok: false, errorStatus: response.status, errorMessage: messageOf(body), error: body };
}

const CANCELED: RequestCanceled = { ok: true, canceled: true, errorMessage: CANCELLED_MESSAGE };

/** Creates the request function bound to an API base URL and the current sign-in. */
export function createRequest({
  baseUrl = '',
  getAccessToken,
  onUnauthenticated,
  onUnauthorized,
  fetch: fetchImpl,
}: CreateRequestOptions): RequestFn {
  const inFlight = new Map<string, AbortController>();

  return async function request<T>(options: RequestOptions): Promise<RequestResult<T>> {
    const method = options.method ?? 'GET';
    const url = `${baseUrl}${buildPath(options.path, options.pathParams)}${buildQuery(options.query)}`;
    const headers = new Headers({ ...options.headers, Accept: 'application/json' });
    let token = '';

    if (options.authenticated ?? true) {
      token = (await getAccessToken()) ?? '';
      if (!token) {
        onUnauthenticated?.();
        return { ok: false, errorStatus: 401, errorMessage: DEFAULT_ERROR_MESSAGE };
      }
      headers.set('Authorization', `Bearer ${token}`);
    }

    const { body, contentType } = encodeBody(options);
    if (contentType) headers.set('Content-Type', contentType);

    const key = `${method} ${url}`;
    const controller = new AbortController();
    if (options.cancelPrevious ?? true) {
      inFlight.get(key)?.abort();
      inFlight.set(key, controller);
    }
    // The caller's signal (e.g. TanStack Query's) cancels like a newer request would.
    const abortFromCaller = () => controller.abort();
    if (options.signal?.aborted) abortFromCaller();
    options.signal?.addEventListener('abort', abortFromCaller);
    const { signal } = controller;

    try {
      if (signal.aborted) return CANCELED;
      const response = await (fetchImpl ?? globalThis.fetch)(url, { method, headers, body, signal });
      if (!isSuccessStatus(response.status)) {
        const failure = await readFailure(response);
        if (response.status === 401 && token) onUnauthorized?.(token);
        return failure;
      }
      try {
        return { ok: true, data: await readSuccess<T>(response, options.responseType) };
      } catch (error) {
        if (signal.aborted) return CANCELED;
        if (error instanceof SyntaxError) {
          return { ok: false, errorStatus: 'unknown', errorMessage: UNEXPECTED_MESSAGE };
        }
        throw error;
      }
    } catch (error) {
      if (signal.aborted) return CANCELED;
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, errorStatus: 'unknown', errorMessage: NETWORK_ERROR_MESSAGE, detail, error };
    } finally {
      options.signal?.removeEventListener('abort', abortFromCaller);
      if (inFlight.get(key) === controller) inFlight.delete(key);
    }
  };
}
