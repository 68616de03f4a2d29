import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';
import { FlowError } from './api-error';

type PostOptions = { authenticated?: boolean };

/** POSTs JSON and returns the answer's body; throws RequestError (or FlowError for an empty body). */
export async function postJson<T>(
  path: string,
  body: unknown,
  { authenticated = false }: PostOptions = {},
): Promise<T> {
  const data = unwrapResult(await request<T>({ method: 'POST', path, body, authenticated }));
  if (data === null) throw new FlowError('EMPTY_RESPONSE');
  return data;
}

/** POSTs JSON to an endpoint that answers without a body (204); throws RequestError on failure. */
export async function postWithoutAnswer(
  path: string,
  body: unknown,
  { authenticated = false }: PostOptions = {},
): Promise<void> {
  unwrapResult(await request<void>({ method: 'POST', path, body, authenticated }));
}
