import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../lib/testing/render-with-router';
import { PublicAdvicePage } from './advice-pages';

// The public agent link asks which agent it names before anything else: a link naming no active
// agent (unknown, inactive, forged, changed) ends on /beratung/agent/notfound/, an agent who does
// not sell the product on /antrag/sorry/agent/ — never on another agent's page.

function answerWith(status: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      return Response.json({ error: { code: 'X', message: 'Fehler' } }, { status });
    }),
  );
  return calls;
}

function renderLink(path: string) {
  return renderRoutes(
    [
      { path: '/:produkt/beratung/:schritt?', element: <PublicAdvicePage /> },
      { path: '/beratung/agent/notfound/', element: <h1>Vermittler nicht gefunden</h1> },
      { path: '/antrag/sorry/agent/', element: <h1>Produkt nicht über Vermittler</h1> },
    ],
    { path },
  );
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('public agent link', () => {
  it('leads a link whose agent is not found to the not-found page, with the vmr sent as given', async () => {
    const calls = answerWith(404);
    renderLink('/hausrat/beratung/?vmr=v1.verändert');
    expect(await screen.findByRole('heading', { name: 'Vermittler nicht gefunden' })).toBeInTheDocument();
    expect(calls).toEqual([
      `/api/beratung/vermittler?produkt=hausrat&vmr=${encodeURIComponent('v1.verändert')}`,
    ]);
  });

  it('leads a product the agent does not sell to /antrag/sorry/agent/', async () => {
    answerWith(403);
    renderLink('/betriebshaftpflicht/beratung/?vermittlernummer=4711000001');
    expect(await screen.findByRole('heading', { name: 'Produkt nicht über Vermittler' })).toBeInTheDocument();
  });

  it('treats a link without any agent as not found, without asking the server', async () => {
    const calls = answerWith(200);
    renderLink('/hausrat/beratung/');
    expect(await screen.findByRole('heading', { name: 'Vermittler nicht gefunden' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
