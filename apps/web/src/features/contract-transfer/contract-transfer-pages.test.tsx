import { InMemoryProvider, OpenFeature, OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { HolderChangeState, TariffChangePreview, TariffChangeResult } from './api';
import { AgentHolderChangePage, HolderConfirmationPage } from './holder-change-pages';
import { AgentTariffChangePage, PublicTariffChangePage } from './tariff-change-pages';

const preview: TariffChangePreview = {
  versicherungsNummer: '6000000101',
  versicherungsName: 'Betriebshaftpflichtversicherung',
  neuerVersicherungsName: 'Betriebshaftpflichtversicherung',
  inhaber: 'Erika Mustermann',
  hauptgewerbe: 'Tischlerei',
  nebengewerbe: [],
  jahresumsatzCents: 25_000_000,
  wechselDatum: '2027-01-01',
  altEndetMitAblaufDes: '2026-12-31',
  fruehestesDatum: '2026-11-27',
  spaetestesDatum: '2027-01-01',
  varianteName: 'Komfort',
  versicherungssummeCents: 500_000_000,
  zahlweise: 'MONATLICH',
  vergleich: [
    {
      zahlweise: 'MONATLICH',
      altBruttoCents: 4_998,
      neuNettoCents: 4_000,
      neuVersicherungsteuerCents: 760,
      neuBruttoCents: 4_760,
      differenzCents: -238,
    },
    {
      zahlweise: 'JAEHRLICH',
      altBruttoCents: 57_120,
      neuNettoCents: 45_714,
      neuVersicherungsteuerCents: 8_686,
      neuBruttoCents: 54_400,
      differenzCents: -2_720,
    },
  ],
};

const result: TariffChangeResult = {
  alteVersicherungsNummer: '6000000101',
  neueVersicherungsNummer: '7000000555',
  wechselDatum: '2027-01-01',
  altEndetMitAblaufDes: '2026-12-31',
  zahlweise: 'MONATLICH',
  bruttoCents: 4_760,
  dokument: { id: 'd-1', name: 'Versicherungsschein', url: '/api/dokument/download-bereich/dokumente/d-1' },
};

type Call = { method: string; url: string; headers: Headers; body: unknown };

function stubFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(input),
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  return calls;
}

beforeAll(async () => {
  await OpenFeature.setProviderAndWait(
    new InMemoryProvider({
      'bhv-tariff-change': { variants: { on: true }, defaultVariant: 'on', disabled: false },
      'contract-holder-change': { variants: { on: true }, defaultVariant: 'on', disabled: false },
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string, route: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: route,
        element: (
          <OpenFeatureProvider>
            <QueryClientProvider client={client}>{element}</QueryClientProvider>
          </OpenFeatureProvider>
        ),
      },
    ],
    { path },
  );
}

describe('BHV tariff change', () => {
  it('shows the premiums per payment period and submits once with an Idempotency-Key', async () => {
    const calls = stubFetch((call) => Response.json(call.method === 'POST' ? result : preview));
    renderAt(
      '/vermittler/betriebshaftpflicht/wechsel/?vertrag=6000000101',
      '/vermittler/betriebshaftpflicht/wechsel',
      <AgentTariffChangePage />,
    );

    const table = await screen.findByRole('table');
    const monthly = within(table).getByRole('row', { name: /monatlich/ });
    expect(within(monthly).getByText('49,98 EUR')).toBeInTheDocument();
    expect(within(monthly).getByText('47,60 EUR')).toBeInTheDocument();
    expect(screen.getByText(/endet mit Ablauf des 31\.12\.2026 \(24:00 Uhr\)/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Verbindlich in den neuen Tarif wechseln' }));
    expect(
      await screen.findByRole('heading', { name: 'Der Tarifwechsel ist abgeschlossen' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Der neue Vertrag 7000000555 beginnt am 01\.01\.2027/)).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toContain('/api/vermittler/tarifwechsel/bhv/6000000101');
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]?.body).toEqual({ wechselDatum: '2027-01-01' });
  });

  it('asks for contract number and postcode without revealing whether a contract exists', async () => {
    const calls = stubFetch(() =>
      Response.json(
        {
          eingegangen: true,
          nachricht: 'Vielen Dank. Wenn die Angaben zu einem laufenden Vertrag passen, …',
        },
        { status: 202 },
      ),
    );
    renderAt('/betriebshaftpflicht/wechsel/', '/:produkt/wechsel', <PublicTariffChangePage />);
    await userEvent.type(await screen.findByRole('textbox', { name: /Vertragsnummer/ }), '6000000101');
    await userEvent.type(screen.getByRole('textbox', { name: /Postleitzahl/ }), '508');
    await userEvent.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(screen.getByText('Die Postleitzahl hat 5 Ziffern.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Postleitzahl/ }), '23');
    await userEvent.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByText(/Wenn die Angaben zu einem laufenden Vertrag passen/)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ vertragsnummer: '6000000101', plz: '50823' });
  });
});

describe('contract holder change', () => {
  const state: HolderChangeState = {
    versicherungsNummer: '9000000104',
    versicherungsName: 'Privathaftpflichtversicherung',
    vertragsstatus: 'LAUFEND',
    inhaber: { name: 'Erika Mustermann', partnerNummer: '2000000001' },
    fruehestesDatum: '2026-11-26',
    spaetestesDatum: '2027-11-26',
    offen: {
      id: 'h-1',
      status: 'OFFEN',
      neuerInhaber: 'Nora Neumann',
      email: 'nora@example.com',
      wirksamAb: '2026-12-01',
      erstelltAm: '2026-11-26T10:00:00.000Z',
      gueltigBis: '2026-12-10T10:00:00.000Z',
    },
    verlauf: [],
    anfragen: [],
  };

  it('shows the waiting change to the agent and cancels it', async () => {
    const calls = stubFetch((call) =>
      Response.json(
        call.method === 'DELETE'
          ? { ...state, offen: undefined, verlauf: [{ ...state.offen, status: 'STORNIERT' }] }
          : state,
      ),
    );
    renderAt(
      '/vermittler/vertraege/details/9000000104/inhaberwechsel/',
      '/vermittler/vertraege/details/:vertragsnummer/inhaberwechsel',
      <AgentHolderChangePage />,
    );
    expect(
      await screen.findByText(/Nora Neumann \(nora@example\.com\) soll ab dem 01\.12\.2026/),
    ).toBeInTheDocument();
    expect(screen.getByText('Die Kundin oder der Kunde hat keinen Wechsel angefragt.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Wechsel stornieren' }));
    expect(await screen.findByText('Nora Neumann, ab 01.12.2026: storniert')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    // With nothing waiting, the form to start a new change is offered.
    expect(screen.getByRole('button', { name: 'Link zur Bestätigung senden' })).toBeInTheDocument();
  });

  it('shows a confirmed change waiting for its day to the agent, without the form for another', async () => {
    stubFetch(() =>
      Response.json({
        ...state,
        offen: { ...state.offen, status: 'BESTAETIGT', bestaetigtAm: '2026-11-27T09:00:00.000Z' },
      }),
    );
    renderAt(
      '/vermittler/vertraege/details/9000000104/inhaberwechsel/',
      '/vermittler/vertraege/details/:vertragsnummer/inhaberwechsel',
      <AgentHolderChangePage />,
    );
    expect(await screen.findByText('Bestätigt – wirksam ab 01.12.2026')).toBeInTheDocument();
    expect(
      screen.getByText(/Bis zum 01\.12\.2026 bleibt Erika Mustermann Versicherungsnehmer\/in/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wechsel stornieren' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link zur Bestätigung senden' })).not.toBeInTheDocument();
  });

  function stubConfirmation(status: 'DURCHGEFUEHRT' | 'BESTAETIGT') {
    return stubFetch((call) =>
      Response.json(
        call.url.endsWith('/vorschau')
          ? {
              versicherungsNummer: '9000000104',
              versicherungsName: 'Privathaftpflichtversicherung',
              wirksamAb: '2026-12-01',
              neuerInhaber: 'Nora Neumann',
              zahlweise: 'MONATLICH',
              bruttoBeitragProPeriodeCents: 595,
            }
          : call.url.includes('openiban')
            ? { valid: true }
            : {
                versicherungsNummer: '9000000104',
                versicherungsName: 'Privathaftpflichtversicherung',
                wirksamAb: '2026-12-01',
                status,
                mandatsreferenz: 'SCHIRM-9000000104-20261126',
                registrierung: '/kunden/login/registrieren/',
              },
      ),
    );
  }

  it('tells the new holder the day when the change takes effect later', async () => {
    stubConfirmation('BESTAETIGT');
    renderAt(
      '/inhaberwechsel/bestaetigen/?token=abcdefghijklmnopqrstuvwxyz',
      '/inhaberwechsel/bestaetigen',
      <HolderConfirmationPage />,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /IBAN/ }), 'DE62370400440532013001');
    await userEvent.type(screen.getByRole('textbox', { name: /Kontoinhaber/ }), 'Nora Neumann');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Übernahme verbindlich bestätigen' }));
    expect(
      await screen.findByRole('heading', { name: 'Vielen Dank für Ihre Bestätigung' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Ihre Bestätigung ist eingegangen. Der Vertrag geht am 01.12.2026 auf Sie über.'),
    ).toBeInTheDocument();
    // Registration needs the contract on record for the new holder: from that day.
    expect(screen.queryByRole('link', { name: 'Für das Kundenportal registrieren' })).not.toBeInTheDocument();
    expect(screen.getByText(/Ab dem 01\.12\.2026 können Sie sich/)).toBeInTheDocument();
  });

  it('needs the SEPA mandate before the new holder confirms', async () => {
    const calls = stubConfirmation('DURCHGEFUEHRT');
    renderAt(
      '/inhaberwechsel/bestaetigen/?token=abcdefghijklmnopqrstuvwxyz',
      '/inhaberwechsel/bestaetigen',
      <HolderConfirmationPage />,
    );
    expect(await screen.findByText(/5,95 EUR monatlich/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /IBAN/ }), 'DE62370400440532013001');
    await userEvent.type(screen.getByRole('textbox', { name: /Kontoinhaber/ }), 'Nora Neumann');
    await userEvent.click(screen.getByRole('button', { name: 'Übernahme verbindlich bestätigen' }));
    expect(screen.getByText('Bitte erteilen Sie das SEPA-Lastschriftmandat.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/bestaetigung'))).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Übernahme verbindlich bestätigen' }));
    expect(
      await screen.findByRole('heading', { name: 'Sie sind jetzt Versicherungsnehmer/in' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Für das Kundenportal registrieren' })).toHaveAttribute(
      'href',
      '/kunden/login/registrieren/',
    );
    const confirm = calls.find((call) => call.url.endsWith('/bestaetigung'));
    expect(confirm?.body).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz',
      iban: 'DE62370400440532013001',
      kontoinhaber: 'Nora Neumann',
      mandat: true,
    });
  });
});
