import { InMemoryProvider, OpenFeature, OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

export type RecordedCall = { method: string; path: string; body: unknown; authorization: string | null };
/** An answer of the fake API; it may look at the call (e.g. to check an SRP proof). */
export type Answer = (call: RecordedCall) => Response | Promise<Response>;

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
    const call = { method, path, body, authorization: new Headers(init?.headers).get('Authorization') };
    calls.push(call);
    const answer = answers[`${method} ${path}`]?.shift();
    if (!answer) throw new TypeError(`unexpected call ${method} ${String(url)}`);
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchImpl);
  return { calls, fetch: fetchImpl as typeof fetch };
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
