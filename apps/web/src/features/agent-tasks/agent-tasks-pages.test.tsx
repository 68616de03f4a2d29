import { InMemoryProvider, OpenFeature, OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMonths, formatGermanDate, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { configureApiAuth } from '../../lib/api';
import { FlagStatusContext } from '../../lib/flags';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { Aufgabe, UmzugKunde, UmzugVorschau } from './agent-tasks-api';
import { AgentRelocationPage } from './relocation-page';
import { AgentTasksPage } from './tasks-page';

// Open activities and the Umzugsservice against apps/server/src/modules/agent-tasks behind a faked
// fetch: what the agent sees, which query each filter sends, and what closing and saving send.

const today = todayInGermany();
const MOVE = addMonths(today, 1);
const digitsOf = (date: string) => formatGermanDate(date).replace(/\./g, '');

const TASK: Aufgabe = {
  id: '0b6f7b8e-1111-4c4c-9999-000000000001',
  vertragsnummer: '9000000201',
  typ: 'UmsatzErinnern1',
  status: 'Offen',
  faelligAm: '2026-11-11',
  erledigtAm: null,
  erstelltAm: '2026-11-11',
  partnerNummer: '1000000002',
  kundenname: 'Weber Digitalagentur GmbH',
  ueberfaellig: true,
};

type Call = { method: string; url: string; body: unknown };
type Answer = { status?: number; body: unknown };

/** The API behind window.fetch: answers per 'METHOD path' in order (the last one repeats). */
function stubApi(answers: Record<string, Answer[]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url: `${url.pathname}${url.search}`, body });
      const queue = answers[`${method} ${url.pathname}`];
      if (!queue?.length) return Response.json({ error: { message: 'unbekannt' } }, { status: 404 });
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      return Response.json(answer.body, { status: answer.status ?? 200 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'agent-token', onUnauthenticated: () => undefined });
  return calls;
}

async function renderAt(path: string) {
  await OpenFeature.setProviderAndWait(
    new InMemoryProvider({
      'relocation-service': { variants: { on: true, off: false }, defaultVariant: 'on', disabled: false },
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: '/vermittler',
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
        children: [
          { path: 'aktivitaeten', element: <AgentTasksPage /> },
          { path: 'umzugsservice/:partnerNummer', element: <AgentRelocationPage /> },
        ],
      },
    ],
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Offene Aktivitäten', () => {
  it('lists the open tasks by due day with customer and contract links, closes one, axe clean', async () => {
    const calls = stubApi({
      'GET /api/vermittler/aktivitaeten': [
        { body: { aufgaben: [TASK], gesamt: 1, seite: 1, proSeite: 25 } },
        { body: { aufgaben: [], gesamt: 0, seite: 1, proSeite: 25 } },
      ],
      [`PATCH /api/vermittler/aktivitaeten/${TASK.id}`]: [
        { body: { ...TASK, status: 'Erledigt', erledigtAm: today, ueberfaellig: false } },
      ],
    });
    const user = userEvent.setup();
    await renderAt('/vermittler/aktivitaeten/');
    const table = await screen.findByRole('table', { name: 'Aktivitäten' });
    expect(calls[0]!.url).toContain('status=Offen');
    const row = within(table)
      .getByRole('link', { name: 'Weber Digitalagentur GmbH' })
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('11.11.2026')).toBeTruthy();
    expect(within(row).getByText('überfällig')).toBeTruthy();
    expect(within(row).getByText('Umsatz melden: 1. Erinnerung')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '9000000201' }).getAttribute('href')).toBe(
      '/vermittler/vertraege/details/9000000201/',
    );
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await user.click(
      within(row).getByRole('button', {
        name: 'Umsatz melden: 1. Erinnerung zu Vertrag 9000000201 als erledigt markieren',
      }),
    );
    expect(await screen.findByText('Die Aktivität zu Vertrag 9000000201 ist jetzt „Erledigt“.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'Erledigt' });
    // Read again: nothing open is left, and the page says so (spec §8).
    expect(await screen.findByRole('heading', { name: 'Keine offenen Aktivitäten' })).toBeTruthy();
  });

  it('keeps the filters in the URL and says when nothing matches them', async () => {
    const calls = stubApi({
      'GET /api/vermittler/aktivitaeten': [{ body: { aufgaben: [], gesamt: 0, seite: 1, proSeite: 25 } }],
    });
    const user = userEvent.setup();
    const { router } = await renderAt('/vermittler/aktivitaeten/?status=alle&typ=UmsatzErinnern2');
    expect(await screen.findByRole('heading', { name: 'Keine passenden Aktivitäten' })).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('typ=UmsatzErinnern2');
    expect(calls.at(-1)!.url).not.toContain('status=');
    await user.click(screen.getByRole('checkbox', { name: /Nur überfällige/ }));
    await waitFor(() => expect(router.state.location.search).toContain('ueberfaellig=true'));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('ueberfaellig=true'));
  });
});

const KUNDE: UmzugKunde = {
  partnerNummer: '1000000001',
  kundenname: 'Anna Schneider',
  anschrift: {
    strasse: 'Venloer Straße',
    hausnummer: '241',
    plz: '50823',
    ort: 'Köln',
    gueltigAb: '2020-01-01',
  },
  umzug: { fruehestesDatum: addMonths(today, -3), spaetestesDatum: addMonths(today, 12) },
};

const VORSCHAU: UmzugVorschau = {
  partnerNummer: '1000000001',
  umzugsdatum: MOVE,
  bisherigeAnschrift: KUNDE.anschrift!,
  neueAnschrift: { strasse: 'Friesenplatz', hausnummer: '1', plz: '50672', ort: 'Köln', gueltigAb: MOVE },
  vertraege: [
    {
      versicherungsNummer: '9000000103',
      versicherungsName: 'Hausratversicherung',
      art: 'AENDERUNG',
      wirksamkeitsdatum: MOVE,
      bisherigerBeitrag: { zahlweise: 'MONATLICH', beitragProPeriode: 8.4, jahresbeitrag: 100.8 },
      neuerBeitrag: { zahlweise: 'MONATLICH', beitragProPeriode: 9.1, jahresbeitrag: 109.2 },
      bisherigeZuersKlasse: 1,
      zuersKlasse: 2,
      elementarEinschliessbar: true,
      beitragSteigt: true,
      sonderkuendigungBis: addMonths(today, 1),
    },
    {
      versicherungsNummer: '9000000101',
      versicherungsName: 'Privathaftpflichtversicherung',
      art: 'UNVERAENDERT',
      grund: 'Dieser Vertrag ist nicht an Ihre Anschrift gebunden und ändert sich nicht.',
    },
  ],
  speicherbar: true,
  stand: 'stand-1',
};

describe('Umzugsservice', () => {
  it(
    'previews each contract with premium, ZÜRS class and cancellation deadline, then saves all',
    { timeout: 30_000 },
    async () => {
      const path = '/api/vermittler/umzugsservice/1000000001';
      const calls = stubApi({
        [`GET ${path}`]: [{ body: KUNDE }],
        'GET /api/fragebogen/validate/zip/50672': [{ body: { valid: true } }],
        'GET /api/zuers/zuers/orte/50672': [
          { body: [{ plz: '50672', ort: 'Köln', zuersKlasse: 2, basis: 'ORT', strassenVorhanden: false }] },
        ],
        [`POST ${path}`]: [{ body: VORSCHAU }],
        [`PATCH ${path}`]: [{ body: VORSCHAU }],
      });
      await renderAt('/vermittler/umzugsservice/1000000001/');
      expect(await screen.findByText('Anna Schneider, Kundennummer 1000000001')).toBeTruthy();
      expect(screen.getByText('Bisherige Anschrift: Venloer Straße 241, 50823 Köln')).toBeTruthy();

      await userEvent.type(screen.getByRole('textbox', { name: /Postleitzahl/ }), '50672');
      const town = await screen.findByRole('button', { name: /Ort/ });
      await vi.waitFor(() => expect(town.textContent).toContain('Köln'), { timeout: 5000 });
      await userEvent.type(screen.getByRole('textbox', { name: /Straße/ }), 'Friesenplatz');
      await userEvent.type(screen.getByRole('textbox', { name: /Hausnummer/ }), '1');
      const [day] = within(screen.getByRole('group', { name: /Umzugsdatum/ })).getAllByRole('spinbutton');
      await userEvent.click(day!);
      await userEvent.keyboard(digitsOf(MOVE));
      await userEvent.click(screen.getByRole('button', { name: 'Auswirkungen berechnen' }));

      expect(await screen.findByRole('heading', { name: 'Was sich durch den Umzug ändert' })).toBeTruthy();
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        adresse: { plz: '50672', ort: 'Köln', strasse: 'Friesenplatz', hausnummer: '1' },
        umzugsdatum: MOVE,
      });
      const table = screen.getByRole('table', { name: 'Verträge, die Sie betreuen' });
      const [, hausrat, phv] = within(table).getAllByRole('row');
      expect(hausrat!.textContent).toMatch(/9,10\sEUR monatlich/);
      expect(hausrat!.textContent).toContain('Klasse 1 → 2');
      expect(phv!.textContent).toContain('ändert sich nicht');
      expect(screen.getByText(new RegExp(`bis zum ${formatGermanDate(addMonths(today, 1))}`))).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: 'Umzug für alle Verträge speichern' }));
      expect(await screen.findByRole('heading', { name: 'Der Umzug ist gespeichert' })).toBeTruthy();
      expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
        stand: 'stand-1',
        umzugsdatum: MOVE,
      });
    },
  );
});
