import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { ChangePreview } from '../../features/self-service/api/self-service-api';
import {
  contractOf,
  monthly,
  previewOf,
  stubApi,
} from '../../features/self-service/self-service-test-support';
import { routes } from './agent-customers';

// The customer's self-service pages opened by an agent for the customer (ADR 0031), through this
// contribution's routes: the agent's
// calls (/api/vermittler/vertraege/aenderung/…), the links back to the agent's contract page and
// the agent's wording, against a stubbed fetch.

const BASE = '/api/vermittler/vertraege/aenderung';

/** Renders the agent's routes of this contribution (lazy, as the app mounts them) at a change page. */
function renderAgentPage(slug: string, vertragsnummer: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: '/vermittler',
        element: (
          <QueryClientProvider client={client}>
            <main>
              <Outlet />
            </main>
          </QueryClientProvider>
        ),
        children: routes.agent ?? [],
      },
    ],
    { path: `/vermittler/vertraege/details/${vertragsnummer}/aenderung/${slug}/` },
  );
}

async function expectAxeClean() {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Selbstbeteiligung for the customer (premium changes, with preview)', () => {
  const contract = contractOf({
    versicherungsNummer: '9000000103',
    neueSelbstbeteiligung: 'SB_KEINE',
    selbstBeteiligung: { value: 0, unit: 'ABSOLUT' },
    selbstServices: ['selbstbeteiligung'],
  });
  const CHANGE = `${BASE}/beitrag/selbstbeteiligung/9000000103`;
  const preview = { ...previewOf('9000000103', 6.9), wirksamkeitsdatum: '2030-09-01' };

  it('calculates and saves through the agent’s calls, in the agent’s words, and leads back to the agent’s contract page', async () => {
    const calls = stubApi({
      [`GET ${BASE}/9000000103`]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    renderAgentPage('selbstbeteiligung', '9000000103');

    expect(await screen.findByRole('heading', { level: 1, name: 'Selbstbeteiligung ändern' })).toBeVisible();
    expect(screen.getByText(/den die Kundin oder der Kunde bei einem Schaden selbst trägt/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zurück zum Vertrag' })).toHaveAttribute(
      'href',
      '/vermittler/vertraege/details/9000000103/',
    );
    await expectAxeClean();

    await userEvent.click(screen.getByRole('radio', { name: '500,00 EUR' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText('Neue Selbstbeteiligung: 500,00 EUR')).toBeVisible();
    expect(screen.getByText(/^6,90\sEUR monatlich$/)).toBeVisible();
    expect(screen.getByText(/sie wird als Ihre Änderung vermerkt/)).toBeVisible();
    await expectAxeClean();

    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Die Änderung ist für die Kundin oder den Kunden gespeichert',
      }),
    ).toBeVisible();
    expect(screen.getByText(/„Änderungen durch Vermittler“/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zu den Vertragsdetails' })).toHaveAttribute(
      'href',
      '/vermittler/vertraege/details/9000000103/',
    );
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: CHANGE,
      body: { selbstbeteiligung: 'SB_500', version: 3, erwarteterBeitrag: 6.9 },
    });
    // Nothing went to the customer's own calls.
    expect(calls.every((c) => c.url.startsWith(BASE))).toBe(true);
    await expectAxeClean();
  });

  it('says why in the agent’s terms when the contract does not offer the change, never “ask your agent”', async () => {
    stubApi({ [`GET ${BASE}/9000000103`]: [{ body: { ...contract, selbstServices: [] } }] });
    renderAgentPage('selbstbeteiligung', '9000000103');
    expect(
      await screen.findByText('Diese Änderung ist für diesen Vertrag online nicht möglich'),
    ).toBeVisible();
    expect(screen.getByText(/hilft Ihnen der Vermittlerservice/)).toBeVisible();
    expect(document.body.textContent).not.toMatch(/Ihre Vermittlerin|Ihren Vermittler/);
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('Rahmennummer for the customer (no premium change)', () => {
  it('saves the frame number at once and says the premium stays', async () => {
    const contract = contractOf({
      versicherungsNummer: '9000000104',
      versicherungsName: 'Fahrradversicherung',
      fahrrad: {
        hersteller: 'Riese & Müller',
        rahmennummer: 'WRM-2026-118734',
        typ: 'SONSTIGES_RAD',
        versicherteRisiken: {
          diebstahl: true,
          reparatur: false,
          reparaturOhneVerschleiss: true,
          schutzbrief: false,
        },
      },
      selbstServices: ['rahmennummer'],
    });
    const CHANGE = `${BASE}/fahrrad/9000000104`;
    const preview: ChangePreview = {
      versicherungsNummer: '9000000104',
      version: 2,
      wirksamkeitsdatum: '2026-01-01',
      bisherigerBeitrag: monthly(9.9),
      zeitplan: [],
      ersetzteVormerkungen: [],
      ruecknahme: false,
    };
    const calls = stubApi({
      [`GET ${BASE}/9000000104`]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 3 } }],
    });
    renderAgentPage('rahmennummer', '9000000104');

    await userEvent.type(
      await screen.findByRole('textbox', { name: /Neue Rahmennummer/ }),
      'WRM-2026-999001',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Prüfung' }));
    expect(await screen.findByText('Neue Rahmennummer: WRM-2026-999001')).toBeVisible();
    expect(screen.getByText('Der Beitrag ändert sich nicht.')).toBeVisible();
    await expectAxeClean();
    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung gilt ab sofort')).toBeVisible();
    expect(screen.getByText(/Der Vertrag zeigt bereits den neuen Stand/)).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: CHANGE,
      body: { rahmennummer: 'WRM-2026-999001', version: 2 },
    });
  });
});

describe('Jahresumsatz for the customer (business change)', () => {
  it('reports the new revenue through the agent’s call and offers no confirmation of an unchanged one', async () => {
    const contract = contractOf({
      versicherungsNummer: '9000000201',
      vertragsArt: 'BHV',
      versicherungsTyp: 'BHV',
      versicherungsName: 'Betriebshaftpflichtversicherung',
      produktIdentifier: 'BHV_2',
      jahresumsatz: { value: 480_000, isAdjustable: true },
      selbstServices: ['jahresumsatz'],
    });
    const CHANGE = `${BASE}/jahresumsatz/9000000201`;
    const preview = previewOf('9000000201', 9.8);
    const calls = stubApi({
      [`GET ${BASE}/9000000201`]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    renderAgentPage('jahresumsatz', '9000000201');

    const field = await screen.findByRole('textbox', { name: /^Neuer Jahresumsatz/ });
    // The unchanged revenue is the customer's own declaration in the portal.
    expect(screen.queryByRole('button', { name: /bestätigen/i })).toBeNull();
    expect(screen.getByText(/bestätigt die Kundin oder der Kunde selbst im Kundenportal/)).toBeVisible();
    await expectAxeClean();
    await userEvent.type(field, '410000');
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText(/^Neuer Jahresumsatz: 410\.000,00\sEUR$/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung ist vorgemerkt')).toBeVisible();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${CHANGE}`,
      `PATCH ${CHANGE}`,
    ]);
  });
});
