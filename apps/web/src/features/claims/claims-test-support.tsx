// What the claim pages' web tests share: a faked API answering per method and path (recording each
// call with its body and headers), the customer's contracts, and rendering a page with the query
// client and flags it needs. Only for tests.
import { InMemoryProvider, OpenFeature, OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { expect, vi } from 'vitest';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { FlagStatusContext } from '../../lib/flags';
import { renderRoutes } from '../../lib/testing/render-with-router';

/** The day the claim tests run on (Europe/Berlin). */
export const TODAY = '2026-03-10';

/** Fakes only the clock's date (timers stay real, so user events and waitFor work). */
export function fixToday(): void {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T09:00:00Z`) });
}

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  body?: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/** Fakes fetch: `${method} ${path}` (path without the query) → handler; unknown calls answer 404. */
export function fakeApi(handlers: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
      const method = init?.method ?? 'GET';
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const body =
        typeof init?.body === 'string'
          ? (JSON.parse(init.body) as unknown)
          : init?.body
            ? '[bytes]'
            : undefined;
      const call: RecordedCall = { method, path, url, headers, ...(body === undefined ? {} : { body }) };
      calls.push(call);
      const handler = handlers[`${method} ${path}`];
      const reply = handler
        ? await handler(call)
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nicht gefunden' } } };
      return reply.status === 204
        ? new Response(null, { status: 204 })
        : Response.json(reply.body ?? null, { status: reply.status ?? 200 });
    }),
  );
  return calls;
}

/**
 * The uploads' PUT goes through XMLHttpRequest (for its progress); in tests it is handed to the
 * faked fetch, so fakeApi answers and records it like any other call.
 */
export class FetchBackedXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private controller = new AbortController();
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.controller.abort();
    this.onabort?.();
  }
  send(body: BodyInit) {
    void fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body,
      signal: this.controller.signal,
    }).then(
      async (response) => {
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => {
        if (!this.controller.signal.aborted) this.onerror?.();
      },
    );
  }
}

/** A promise the test resolves when it wants (a server that takes its time). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A contract of the customer view with the fields the claim pages read. */
export function contract(
  versicherungsNummer: string,
  produktIdentifier: ContractCustomerView['produktIdentifier'],
  versicherungsName: string,
  extra: Partial<ContractCustomerView> = {},
): ContractCustomerView {
  return {
    versicherungsNummer,
    produktIdentifier,
    versicherungsName,
    vertragsBeginn: '2025-01-01',
    vertragsstatus: 'LAUFEND',
    ...extra,
  } as ContractCustomerView;
}

/** Anna's contracts as the list answers them: bicycle first, then private liability, then a motor one. */
export const CONTRACTS: ContractCustomerView[] = [
  contract('9000000104', 'FAHRRAD', 'Fahrradversicherung', {
    fahrrad: { hersteller: 'Riese & Müller', rahmennummer: 'WBK1234567', typ: 'EBIKE' },
  } as unknown as Partial<ContractCustomerView>),
  contract('9000000101', 'PRIVATHAFTPFLICHT', 'Privathaftpflicht'),
];

/** Sets the flags the claim pages read. */
export async function setFlags(flags: Partial<Record<'claims-page' | 'claims-hub', boolean>> = {}) {
  const flag = (on: boolean) =>
    ({ variants: { on: true, off: false }, defaultVariant: on ? 'on' : 'off', disabled: false }) as const;
  await OpenFeature.setProviderAndWait(
    new InMemoryProvider({
      'claims-page': flag(flags['claims-page'] ?? true),
      'claims-hub': flag(flags['claims-hub'] ?? true),
    }),
  );
}

/** Renders routes inside the providers the claim pages need (query client, flags). */
export function renderPages(children: RouteObject[], path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        element: (
          <OpenFeatureProvider>
            <FlagStatusContext value="ready">
              <QueryClientProvider client={client}>
                <main>
                  <Outlet />
                </main>
              </QueryClientProvider>
            </FlagStatusContext>
          </OpenFeatureProvider>
        ),
        children,
      },
    ],
    { path },
  );
}

export function page(element: ReactNode, path: string): RouteObject {
  return { path, element };
}

/** axe on a rendered page; contrast and layout need a real browser (checked there). */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
