import { InMemoryProvider, OpenFeature, OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { createRequest, type RequestFn } from '../../../lib/request';

type Answer = () => Response | Promise<Response>;
export type RecordedCall = { method: string; path: string; body: unknown; authorization: string | null };

/** A JSON response as the API sends it. */
export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The API's error envelope with a code and its German message. */
export function apiError(status: number, code: string, message: string): Response {
  return json(status, { error: { code, status, message, requestId: 'test' } });
}

/**
 * A scripted API behind window.fetch: answers per `METHOD /path` in order, records every call
 * (with its parsed body) and fails loudly on calls nobody expected.
 */
export function fakeApi(answers: Record<string, Answer[]>) {
  const calls: RecordedCall[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(url).split('?')[0] ?? '';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body, authorization: new Headers(init?.headers).get('Authorization') });
    const answer = answers[`${method} ${path}`]?.shift();
    if (!answer) throw new TypeError(`unexpected call ${method} ${String(url)}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchImpl);
  return { calls, fetch: fetchImpl as typeof fetch };
}

/** A request function over a given fetch, for stores under test. */
export function requestOver(
  fetchImpl: typeof fetch,
  getAccessToken: () => Promise<string | null> | null,
): RequestFn {
  return createRequest({ getAccessToken, fetch: fetchImpl });
}

/** Sets the feature flags the screens read (OpenFeature in-memory provider). */
export async function setFlags(flags: Record<string, boolean>): Promise<void> {
  const definitions = Object.fromEntries(
    Object.entries(flags).map(([key, value]) => [
      key,
      { variants: { on: value }, defaultVariant: 'on', disabled: false },
    ]),
  );
  await OpenFeature.setProviderAndWait(new InMemoryProvider(definitions));
}

/** Renders routes with the providers the auth screens need (server state, flags) in a memory router. */
export function renderAuthRoutes(
  routes: RouteObject[],
  path: string,
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <OpenFeatureProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </OpenFeatureProvider>,
  );
  return { ...result, router };
}
