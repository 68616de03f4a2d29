import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { AgentDraft } from './api';
import { AgentDraftsPage } from './drafts-page';
import { AgentNotFoundPage, SorryAgentPage } from './result-pages';

// /vermittler/entwuerfe/ against the advice routes, in memory behind a stubbed fetch.

const DRAFT: AgentDraft = {
  entwurfId: '6f0c3c9e-1d2b-4c1e-9d0a-0b8f1a2c3d4e',
  produkt: 'hausrat',
  produktName: 'Hausratversicherung',
  kunde: 'Anna Schneider',
  schritt: 'person',
  herkunft: 'BERATUNG',
  geaendertAm: '2026-11-20T10:00:00.000Z',
  gueltigBis: '2026-12-20T10:00:00.000Z',
  vermittlerNummer: '4711000001',
};

function fakeServer(state: { drafts: AgentDraft[] }) {
  const calls: { method: string; path: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname });
      if (url.pathname === '/api/vermittler/entwuerfe') return Response.json({ entwuerfe: state.drafts });
      if (url.pathname === '/api/vermittler/beratung/link') {
        return Response.json({
          vmr: 'v1.abc',
          vermittlerNummer: '4711000001',
          links: [
            {
              produkt: 'hausrat',
              produktName: 'Hausratversicherung',
              url: 'http://localhost/hausrat/beratung/?vmr=v1.abc',
            },
            {
              produkt: 'hausrat',
              produktName: 'Hausratversicherung',
              url: 'http://localhost/hfk/hausrat/beratung/?vmr=v1.abc',
              brand: 'hfk',
            },
          ],
        });
      }
      if (method === 'DELETE' && url.pathname.startsWith('/api/vermittler/entwuerfe/')) {
        state.drafts = state.drafts.filter((draft) => !url.pathname.endsWith(draft.entwurfId));
        return new Response(null, { status: 204 });
      }
      return Response.json({ error: { message: 'unbekannt' } }, { status: 500 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'agent-token', onUnauthenticated: () => undefined });
  return calls;
}

function renderAt(path: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        element: (
          <QueryClientProvider client={client}>
            <main>
              <Outlet />
            </main>
          </QueryClientProvider>
        ),
        children: [{ path, element }],
      },
    ],
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Entwürfe', () => {
  it('lists a draft with customer, product, dates and resume link, and deletes it after the confirmation', async () => {
    const calls = fakeServer({ drafts: [DRAFT] });
    const user = userEvent.setup();
    const { container } = renderAt('/vermittler/entwuerfe/', <AgentDraftsPage />);

    const table = await screen.findByRole('table', { name: 'Gespeicherte Beratungen' });
    const row = within(table).getByRole('row', { name: /Anna Schneider/ });
    expect(row).toHaveTextContent('Hausratversicherung');
    expect(row).toHaveTextContent('20.11.2026');
    expect(row).toHaveTextContent('20.12.2026');
    expect(
      within(row).getByRole('link', { name: 'Beratung für Anna Schneider (Hausratversicherung) fortsetzen' }),
    ).toHaveAttribute('href', `/vermittler/hausrat/beratung/person/?entwurf=${DRAFT.entwurfId}`);
    expect(await screen.findByRole('textbox', { name: 'Beratungslink Hausratversicherung' })).toHaveValue(
      'http://localhost/hausrat/beratung/?vmr=v1.abc',
    );
    expect(
      screen.getByRole('textbox', { name: 'Beratungslink Hausratversicherung unter der Marke HFK' }),
    ).toHaveValue('http://localhost/hfk/hausrat/beratung/?vmr=v1.abc');
    expect((await axe.run(container)).violations).toEqual([]);

    await user.click(
      within(row).getByRole('button', { name: 'Entwurf für Anna Schneider (Hausratversicherung) löschen' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('wird endgültig gelöscht');
    await user.click(within(dialog).getByRole('button', { name: 'Entwurf löschen' }));
    expect(await screen.findByText('Der Entwurf wurde gelöscht.')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', path: `/api/vermittler/entwuerfe/${DRAFT.entwurfId}` });
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
    expect(screen.getByText('Keine gespeicherten Beratungen')).toBeInTheDocument();
  });

  it('says why the list is empty', async () => {
    fakeServer({ drafts: [] });
    renderAt('/vermittler/entwuerfe/', <AgentDraftsPage />);
    expect(await screen.findByText('Keine gespeicherten Beratungen')).toBeInTheDocument();
    expect(
      screen.getByText(/bis der Antrag gestellt ist oder der Entwurf nach 30 Tagen abläuft/),
    ).toBeInTheDocument();
  });
});

describe('result pages of the agent link', () => {
  it('explain an unknown agent and a product the agent does not sell, in German', async () => {
    renderAt('/beratung/agent/notfound/', <AgentNotFoundPage />);
    expect(
      await screen.findByRole('heading', { name: 'Diesen Vermittler finden wir nicht' }),
    ).toBeInTheDocument();
    renderAt('/antrag/sorry/agent/', <SorryAgentPage />);
    expect(
      await screen.findByRole('heading', { name: 'Ihr Vermittler bietet dieses Produkt nicht an' }),
    ).toBeInTheDocument();
  });
});
