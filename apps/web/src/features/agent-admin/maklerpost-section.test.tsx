import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import { gdvFileName, MaklerpostSection } from './maklerpost-section';

// The section 'Maklerpost und GDV-Bestand' of the agency page against the agent entrance of
// apps/server/src/modules/maklerpost, behind a stubbed fetch.

function stubServer(anzahlUngelesen: number | 'error') {
  const calls: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), authorization: new Headers(init?.headers).get('Authorization') });
      if (String(url).startsWith('/api/vermittler/maklerpost/lieferungen')) {
        if (anzahlUngelesen === 'error') {
          return Response.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 });
        }
        return Response.json({ lieferungen: [], naechsterCursor: null, anzahlUngelesen });
      }
      if (String(url) === '/api/vermittler/maklerpost/gdv-bestand') {
        return new Response(new Blob(['0001SCHRM'], { type: 'text/plain' }));
      }
      return new Response(null, { status: 404 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'agent-token', onUnauthenticated: () => undefined });
  return calls;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithRouter(
    <QueryClientProvider client={client}>
      <MaklerpostSection vermittlerNummer="4711000001" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Maklerpost und GDV-Bestand', () => {
  it('names the unread deliveries and downloads the GDV file with the token', async () => {
    const calls = stubServer(3);
    const createObjectURL = vi.spyOn(URL, 'createObjectURL');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderSection();
    const section = await screen.findByRole('region', { name: 'Maklerpost und GDV-Bestand' });
    expect(await within(section).findByText('3 ungelesene Lieferungen in der Maklerpost.')).toBeVisible();
    expect(calls[0]?.url).toBe('/api/vermittler/maklerpost/lieferungen?ungelesen=true&limit=1');

    await userEvent.click(
      within(section).getByRole('button', { name: 'GDV-Bestand herunterladen (GDV-Datei)' }),
    );
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.at(-1)).toEqual({
      url: '/api/vermittler/maklerpost/gdv-bestand',
      authorization: 'Bearer agent-token',
    });
    expect(await (createObjectURL.mock.calls[0]?.[0] as Blob).text()).toBe('0001SCHRM');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
      /^GDV_Bestand_4711000001_\d{8}\.gdv$/,
    );
  });

  it('says why there is nothing unread, and what to do when the count cannot be loaded', async () => {
    stubServer(0);
    const { unmount } = renderSection();
    expect(
      await screen.findByText(/^Keine ungelesenen Lieferungen: Alle Lieferungen wurden quittiert/),
    ).toBeVisible();
    unmount();
    stubServer('error');
    renderSection();
    expect(await screen.findByText(/Bitte laden Sie die Seite neu/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'GDV-Bestand herunterladen (GDV-Datei)' })).toBeEnabled();
  });

  it('names the file as the server does: GDV_Bestand_<Vermittlernummer>_<TTMMJJJJ>.gdv', () => {
    expect(gdvFileName('4711000001', '2026-03-09')).toBe('GDV_Bestand_4711000001_09032026.gdv');
  });
});
