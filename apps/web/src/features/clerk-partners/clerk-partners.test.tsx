import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { ClerkPartner } from './api';
import { parseOrigins } from './origins';
import { ClerkPartnerPage, ClerkPartnersPage } from './partners-pages';

// The clerk's partner administration against /api/innendienst/einbettungspartner (issue 16), in
// memory behind a stubbed fetch: what the clerk sees, what is refused before sending, what is sent.

const RADHAUS: ClerkPartner = {
  partnerKey: 'radhaus-mueller',
  name: 'Radhaus Müller',
  origins: ['http://localhost:3001', 'http://127.0.0.1:3001'],
  brand: 'fahrrad',
  vermittlernummer: '4711000001',
  produkte: ['fahrrad', 'hausrat'],
  kundenbereich: false,
  aktiv: true,
  geheimnisErneuertAm: null,
};

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

function fakeServer(partners: ClerkPartner[]) {
  const calls: Call[] = [];
  let state = partners;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/innendienst/einbettungspartner' && method === 'GET') {
        return Response.json({ partner: state });
      }
      if (url.pathname === '/api/innendienst/einbettungspartner/radhaus-mueller' && method === 'PUT') {
        const saved = { ...RADHAUS, ...(body as object) } as ClerkPartner;
        state = state.map((partner) => (partner.partnerKey === saved.partnerKey ? saved : partner));
        return Response.json(saved);
      }
      if (
        url.pathname === '/api/innendienst/einbettungspartner/radhaus-mueller/secret' &&
        method === 'POST'
      ) {
        return Response.json({ secret: 'neues-geheimnis-123' }, { status: 201 });
      }
      return Response.json({ error: { message: 'unbekannt' } }, { status: 404 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'clerk-token', onUnauthenticated: () => undefined });
  return calls;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: '/innendienst',
        element: (
          <QueryClientProvider client={client}>
            <main>
              <Outlet />
            </main>
          </QueryClientProvider>
        ),
        children: [
          { path: 'einbettungspartner', element: <ClerkPartnersPage /> },
          { path: 'einbettungspartner/:partnerKey', element: <ClerkPartnerPage /> },
        ],
      },
    ],
    { path },
  );
}

async function expectNoAxeViolations(): Promise<void> {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('parseOrigins', () => {
  it('keeps exact origins (lower case, blank lines dropped) and names each bad line and why', () => {
    expect(parseOrigins('https://www.Radhaus-Mueller.de\n\nhttp://localhost:3001\n')).toEqual({
      origins: ['https://www.radhaus-mueller.de', 'http://localhost:3001'],
      problems: [],
    });
    expect(
      parseOrigins(
        [
          'https://shop.example.de/fahrrad',
          'http://shop.example.de',
          'https://*.example.de',
          'http://localhost',
          'kein origin',
          'https://a.example.de',
          'https://a.example.de',
          'https://b.example.de/',
        ].join('\n'),
      ).problems.map((problem) => [problem.line, problem.kind]),
    ).toEqual([
      [1, 'path'],
      [2, 'insecure'],
      [3, 'wildcard'],
      [4, 'localPort'],
      [5, 'format'],
      [7, 'duplicate'],
      [8, 'path'],
    ]);
  });
});

describe('clerk partner pages', () => {
  it('lists the partners with state, origins, products and broker', async () => {
    fakeServer([
      RADHAUS,
      {
        ...RADHAUS,
        partnerKey: 'alt-partner',
        name: 'Alter Partner',
        aktiv: false,
        origins: [],
        produkte: ['fahrrad'],
        vermittlernummer: null,
      },
    ]);
    renderAt('/innendienst/einbettungspartner/');
    const link = await screen.findByRole('link', { name: 'Radhaus Müller' });
    expect(link.getAttribute('href')).toBe('/innendienst/einbettungspartner/radhaus-mueller/');
    const item = link.closest('li') as HTMLElement;
    expect(item.textContent).toContain('radhaus-mueller · aktiv');
    expect(item.textContent).toContain('2 erlaubte Adressen · 2 Produkte · Vermittlernummer 4711000001');
    const old = (await screen.findByRole('link', { name: 'Alter Partner' })).closest('li') as HTMLElement;
    expect(old.textContent).toContain('gesperrt');
    expect(old.textContent).toContain('keine erlaubte Adresse · 1 Produkt · ohne Vermittler');
    await expectNoAxeViolations();
  });

  it('says why the list is empty', async () => {
    fakeServer([]);
    renderAt('/innendienst/einbettungspartner/');
    expect(await screen.findByText(/Es sind noch keine Einbettungspartner eingerichtet/)).toBeTruthy();
  });

  it('refuses bad origins, a bad broker number and no product in German, then saves the corrected settings', async () => {
    const calls = fakeServer([RADHAUS]);
    const user = userEvent.setup();
    renderAt('/innendienst/einbettungspartner/radhaus-mueller/');
    await screen.findByRole('heading', { level: 1, name: 'Radhaus Müller' });
    await expectNoAxeViolations();

    const origins = screen.getByRole('textbox', { name: /Erlaubte Adressen/ });
    await user.clear(origins);
    await user.type(origins, 'https://www.radhaus-mueller.de/versicherung{enter}http://radhaus.example');
    const broker = screen.getByRole('textbox', { name: /Vermittlernummer/ });
    await user.clear(broker);
    await user.type(broker, '12345');
    await user.click(screen.getByRole('checkbox', { name: 'Fahrrad- und E-Bike-Versicherung' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hausratversicherung' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(
      await screen.findByText(
        /Zeile 1: „https:\/\/www\.radhaus-mueller\.de\/versicherung“ enthält mehr als die Adresse/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Zeile 2: „http:\/\/radhaus\.example“ ist nicht verschlüsselt/)).toBeTruthy();
    expect(
      screen.getByText(
        'Bitte geben Sie die zehnstellige Vermittlernummer ein oder lassen Sie das Feld leer.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Bitte wählen Sie mindestens ein Produkt oder erlauben Sie den Kundenbereich.'),
    ).toBeTruthy();
    expect(screen.getByText('Bitte korrigieren Sie die markierten Angaben.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(origins);
    await user.type(origins, 'https://www.radhaus-mueller.de{enter}http://127.0.0.1:4100');
    await user.clear(broker);
    await user.click(screen.getByRole('checkbox', { name: 'Reiseversicherung' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fahrrad- und E-Bike-Versicherung' }));
    await user.click(screen.getByRole('checkbox', { name: /Kundenbereich einbetten/ }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText(/Die Änderungen gelten ab sofort/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/innendienst/einbettungspartner/radhaus-mueller',
      body: {
        name: 'Radhaus Müller',
        origins: ['https://www.radhaus-mueller.de', 'http://127.0.0.1:4100'],
        brand: 'fahrrad',
        vermittlernummer: null,
        produkte: ['reise', 'fahrrad'],
        kundenbereich: true,
        aktiv: true,
      },
    });
    await expectNoAxeViolations();
  });

  it('issues a new secret only after confirmation and shows it once with a copy button', async () => {
    const calls = fakeServer([RADHAUS]);
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/innendienst/einbettungspartner/radhaus-mueller/');
    await user.click(await screen.findByRole('button', { name: 'Neues Secret erzeugen' }));
    expect(screen.getByText(/Das bisherige Secret gilt danach sofort nicht mehr/)).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/secret'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Ja, neues Secret erzeugen' }));

    const warning = (await screen.findByText('Dieses Secret wird nur jetzt angezeigt')).closest(
      '[role="note"]',
    ) as HTMLElement;
    expect(within(warning).getByText('neues-geheimnis-123')).toBeTruthy();
    await user.click(within(warning).getByRole('button', { name: 'Secret kopieren' }));
    expect(writeText).toHaveBeenCalledWith('neues-geheimnis-123');
    expect(within(warning).getByRole('status').textContent).toBe('Kopiert.');
    await expectNoAxeViolations();
  });

  it('says so for a partner that does not exist', async () => {
    fakeServer([RADHAUS]);
    renderAt('/innendienst/einbettungspartner/unbekannt/');
    expect(await screen.findByText(/Diesen Einbettungspartner gibt es nicht/)).toBeTruthy();
  });
});
