// What the web tests of the self-service pages share: a contract as the API answers it, premiums and
// previews, a stubbed fetch that answers per method and URL and records the calls, and rendering a
// page at its address. Only for tests: the pages themselves always talk to the real API.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { ChangePremium, ChangePreview, SelfServiceContract } from './api/self-service-api';

/** A running contract offering the change of the page; override what the page needs. */
export function contractOf(overrides: Partial<SelfServiceContract>): SelfServiceContract {
  return {
    versicherungsNummer: '9000000103',
    vertragsArt: 'HRV',
    vertragsstatus: 'LAUFEND',
    versicherungsTyp: 'HAUSRAT',
    versicherungsName: 'Hausratversicherung',
    produktIdentifier: 'HAUSRAT',
    marke: 'SCHIRM',
    kuendbar: 'VERTRAGSENDE',
    widerrufbar: false,
    dokumente: [],
    versicherungsPraemie: 7.5,
    jahresVersicherungsPraemie: 90,
    zahlweise: 'MONATLICH',
    antragsdatum: '2025-08-18',
    vertragsBeginn: '2025-09-01',
    wirksamkeitsdatum: '2025-09-01',
    mahnung: false,
    deckungsVarianten: [],
    selbstServices: [],
    vorgemerkteAenderungen: [],
    ...overrides,
  };
}

/** A monthly premium with 19 % insurance tax on the net amount. */
export function monthly(brutto: number): ChangePremium {
  const netto = Math.round((brutto / 1.19) * 100) / 100;
  return {
    zahlweise: 'MONATLICH',
    nettoProPeriode: netto,
    versicherungsteuerProPeriode: Math.round((brutto - netto) * 100) / 100,
    beitragProPeriode: brutto,
    jahresbeitrag: Math.round(brutto * 1200) / 100,
  };
}

/** A preview of a contract from 7,50 EUR a month to `neu` a month, effective 01.12.2030 (in the future, so the change is pending). */
export function previewOf(versicherungsNummer: string, neu: number): ChangePreview {
  return {
    versicherungsNummer,
    version: 3,
    wirksamkeitsdatum: '2030-12-01',
    bisherigerBeitrag: monthly(7.5),
    neuerBeitrag: monthly(neu),
    zeitplan: [],
    ersetzteVormerkungen: [],
    ruecknahme: false,
  };
}

type Answer = { status?: number; body: unknown };

/** Stubs fetch: answers `${method} ${url}` with the queued answers (the last one repeats). */
export function stubApi(answers: Record<string, Answer[]>) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        url: String(url),
        ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}),
      });
      const queue = answers[`${method} ${String(url)}`] ?? [];
      const answer = queue.length > 1 ? queue.shift()! : queue[0];
      if (!answer) return Response.json({ error: { code: 'NOT_FOUND' } }, { status: 404 });
      return Response.json(answer.body, { status: answer.status ?? 200 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  return calls;
}

/** Renders the page under /kunden/<slug> at `path`, with a fresh query client. */
export function renderPage(slug: string, page: ReactNode, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [{ path: `/kunden/${slug}`, element: <QueryClientProvider client={client}>{page}</QueryClientProvider> }],
    { path },
  );
}
