// /kunden/partner-freigaben/ (issue 16): the customer sees, grants and revokes partner access.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import { PartnerGrantsPage, type PartnerGrants } from './partner-grants-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeGrantsApi(initial: PartnerGrants) {
  let state = initial;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      const json = (status: number, body: unknown) =>
        new Response(body === null ? null : JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      if (method === 'GET' && path === '/api/kunden/einbettung/freigaben') return json(200, state);
      const revoked = /^\/api\/kunden\/einbettung\/freigaben\/([a-z-]+)$/.exec(path)?.[1];
      if (method === 'DELETE' && revoked) {
        const grant = state.freigaben.find((entry) => entry.partnerKey === revoked)!;
        state = {
          freigaben: state.freigaben.filter((entry) => entry !== grant),
          verfuegbar: [...state.verfuegbar, { partnerKey: grant.partnerKey, name: grant.name }],
        };
        return new Response(null, { status: 204 });
      }
      return json(404, { error: { message: 'Diesen Partner gibt es nicht.' } });
    }),
  );
  return calls;
}

function renderPage() {
  configureApiAuth({ getAccessToken: () => 'kunde', onUnauthenticated: () => undefined });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithRouter(
    <QueryClientProvider client={client}>
      <main>
        <PartnerGrantsPage />
      </main>
    </QueryClientProvider>,
  );
}

it('lists the grants with their day and revokes one', async () => {
  const calls = fakeGrantsApi({
    freigaben: [
      { partnerKey: 'hausbank-nord', name: 'Hausbank Nord', freigegebenAm: '2026-03-09T23:30:00Z' },
    ],
    verfuegbar: [],
  });
  const { container } = renderPage();
  const item = (await screen.findByText('Hausbank Nord')).closest('li')!;
  expect(item).toHaveTextContent('freigegeben am 10.03.2026');
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  await userEvent.click(within(item).getByRole('button', { name: 'Freigabe für Hausbank Nord widerrufen' }));

  expect(await screen.findByRole('status')).toHaveTextContent('Die Freigabe ist widerrufen.');
  await waitFor(() =>
    expect(
      screen.getByRole('heading', { name: 'Sie haben keinem Partner eine Freigabe erteilt' }),
    ).toBeInTheDocument(),
  );
  expect(calls).toContain('DELETE /api/kunden/einbettung/freigaben/hausbank-nord');
  expect(screen.getByRole('button', { name: 'Hausbank Nord freigeben' })).toBeInTheDocument();
});

it("shows the server's German message when a change fails", async () => {
  fakeGrantsApi({ freigaben: [], verfuegbar: [{ partnerKey: 'radhaus-mueller', name: 'Radhaus Müller' }] });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Radhaus Müller freigeben' }));
  expect(await screen.findByText('Diesen Partner gibt es nicht.')).toBeInTheDocument();
});
