import { request } from '../../../lib/api';
import { requireResultData } from '../../../lib/request-error';
import { FlowError } from './api-error';

type PostOptions = { authenticated?: boolean };

// Without TanStack Query: the sign-in's first screen sends its password step through here and
// must not load the query library (ADR 0017).

/** POSTs JSON and returns the answer's body; throws RequestError (or FlowError for an empty body). */
export async function postJson<T>(
  path: string,
  body: unknown,
  { authenticated = false }: PostOptions = {},
): Promise<T> {
  const data = requireResultData(await request<T>({ method: 'POST', path, body, authenticated }));
  if (data === null) throw new FlowError('EMPTY_RESPONSE');
  return data;
}

/** POSTs JSON to an endpoint that answers without a body (204); throws RequestError on failure. */
export async function postWithoutAnswer(
  path: string,
  body: unknown,
  { authenticated = false }: PostOptions = {},
): Promise<void> {
  requireResultData(await request<void>({ method: 'POST', path, body, authenticated }));
}
