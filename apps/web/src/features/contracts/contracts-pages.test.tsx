import { OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { ContractDetails } from './api/contracts-api';
import { ContractDetailsPage } from './contract-details-page';
import { ContractsOverviewPage } from './contracts-overview-page';

const bhv: ContractCustomerView = {
  versicherungsNummer: '8000000002',
  vertragsArt: 'BHV',
  vertragsstatus: 'LAUFEND',
  versicherungsTyp: 'BHV',
  versicherungsName: 'Betriebshaftpflicht',
  produktIdentifier: 'BHV_2',
  marke: 'SCHIRM',
  kuendbar: 'VERTRAGSENDE',
  widerrufbar: false,
  dokumente: [],
  versicherungsPraemie: 12.34,
  jahresVersicherungsPraemie: 24.68,
  zahlweise: 'HALBJAEHRLICH',
  antragsdatum: '2025-12-20',
  vertragsBeginn: '2026-01-01',
  hauptfaelligkeit: '2027-01-01',
  wirksamkeitsdatum: '2026-01-01',
  mahnung: true,
  deckungsVarianten: [],
  versicherteGewerbe: {
    hauptgewerbe: { id: 'bhv-unternehmensberatung', name: 'Unternehmensberatung' },
    nebengewerbe: [],
  },
};

const fahrrad: ContractDetails = {
  ...bhv,
  versicherteGewerbe: undefined,
  versicherungsNummer: '8000000003',
  vertragsArt: 'FAHRRAD',
  versicherungsTyp: 'FAHRRAD',
  versicherungsName: 'Fahrradversicherung',
  produktIdentifier: 'FAHRRAD_2',
  versicherungsPraemie: 1234.5,
  zahlweise: 'MONATLICH',
  mahnung: false,
  bankverbindung: { iban: 'DE89 **** **** **** **30 00', kontoinhaber: 'Erika Mustermann' },
  vermittler: {
    email: 'agentur@example.com',
    name: 'Agentur Rhein',
    vertriebsweg: 'AGENTUR',
    vermittlerNummer: '4700000001',
  },
  fahrrad: {
    hersteller: 'Cube',
    typ: 'MOUNTAINBIKE',
    versicherteRisiken: {
      diebstahl: true,
      reparatur: false,
      reparaturOhneVerschleiss: false,
      schutzbrief: true,
    },
  },
  dokumente: [
    { name: 'Versicherungsschein', typ: 'default', url: '/api/dokument/download-bereich/dokumente/d-1' },
  ],
  selbstServices: ['zahlungsweise', 'rahmennummer'],
  vorgemerkteAenderungen: [
    {
      typ: 'zahlweise',
      bezeichnung: 'Zahlweise: monatlich',
      wirksamkeitsdatum: '2027-01-01',
      neuerBeitrag: 140,
      zahlweise: 'MONATLICH',
    },
  ],
};

/** Anna's trip: a single premium, fixed term to the day after the last travel day. */
const reise: ContractDetails = {
  ...bhv,
  versicherteGewerbe: undefined,
  versicherungsNummer: '8000000005',
  vertragsArt: 'REISE',
  versicherungsTyp: 'REISE',
  versicherungsName: 'Reiseversicherung',
  produktIdentifier: 'REISE',
  kuendbar: 'NEIN',
  mahnung: false,
  versicherungsPraemie: 112.96,
  jahresVersicherungsPraemie: undefined,
  zahlweise: 'EINMALIG',
  hauptfaelligkeit: undefined,
  ablaufdatum: '2027-01-15',
  vertragsende: '2027-01-15',
  reise: { personenkreis: 'SINGLE_PLUS_KIND', beginn: '2027-01-01', ende: '2027-01-14', dauer: 14 },
  selbstServices: ['bankverbindung'],
  vorgemerkteAenderungen: [],
};

/** The bike after a cancellation to 31.12.2026, still within the revocation period. */
const gekuendigt: ContractDetails = {
  ...fahrrad,
  vertragsstatus: 'AUSLAUFEND',
  kuendbar: 'NEIN',
  widerrufbar: true,
  hauptfaelligkeit: undefined,
  ablaufdatum: '2026-12-31',
  beendigungsdatum: '2026-12-31',
  vertragsende: '2026-12-31',
  selbstServices: ['bankverbindung', 'rahmennummer', 'kuendigen-widerrufen'],
  vorgemerkteAenderungen: [],
};

function stubApi(answer: (url: string) => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL) => {
      urls.push(String(url));
      if (String(url) === '/api/auth/me') return Response.json({ partnerNummer: '2000000001' });
      return answer(String(url));
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  return urls;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (element: React.ReactNode) => (
    // The details page's help button reads the help-button flag (the flag's default applies).
    <OpenFeatureProvider>
      <QueryClientProvider client={client}>{element}</QueryClientProvider>
    </OpenFeatureProvider>
  );
  return renderRoutes(
    [
      { path: '/kunden/vertraege', element: wrap(<ContractsOverviewPage />) },
      { path: '/kunden/vertraege/:versicherungsNummer', element: wrap(<ContractDetailsPage />) },
    ],
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Meine Verträge', () => {
  it('lists the contracts with number, status, premium per period, next due date and the overdue flag', async () => {
    const urls = stubApi(() => Response.json([fahrrad, bhv]));
    renderAt('/kunden/vertraege');

    const bike = await screen.findByRole('listitem', { name: 'Fahrradversicherung' });
    expect(bike).toHaveTextContent('8000000003');
    expect(bike).toHaveTextContent('Laufend');
    expect(bike).toHaveTextContent('1.234,50 EUR monatlich');
    expect(bike).toHaveTextContent('01.01.2027');
    expect(bike).not.toHaveTextContent('Zahlung überfällig');
    const liability = screen.getByRole('listitem', { name: 'Betriebshaftpflicht' });
    expect(liability).toHaveTextContent('12,34 EUR halbjährlich');
    expect(liability).toHaveTextContent('Zahlung überfällig');
    expect(within(liability).getByRole('link', { name: 'Betriebshaftpflicht' })).toHaveAttribute(
      'href',
      '/kunden/vertraege/8000000002/',
    );
    expect(urls).toContain('/api/vertrag/vertrag/findByPartnerNummer/2000000001');
  });

  it('shows a single premium as einmalig and a contract that ends with its end instead of a next due date', async () => {
    stubApi(() => Response.json([reise, gekuendigt]));
    renderAt('/kunden/vertraege');

    const trip = await screen.findByRole('listitem', { name: 'Reiseversicherung' });
    expect(trip).toHaveTextContent('112,96 EUR einmalig');
    expect(trip).toHaveTextContent('Endet zum15.01.2027');
    expect(trip).not.toHaveTextContent('Nächste Hauptfälligkeit');
    const bike = screen.getByRole('listitem', { name: 'Fahrradversicherung' });
    expect(bike).toHaveTextContent('Endet zum31.12.2026');
    expect(bike).not.toHaveTextContent('Nächste Hauptfälligkeit');
  });

  it('says why the list is empty', async () => {
    stubApi(() => Response.json([]));
    renderAt('/kunden/vertraege');
    expect(await screen.findByText('Sie haben noch keine Verträge bei uns')).toBeVisible();
  });

  it('shows the API-error text when the contracts cannot be loaded', async () => {
    stubApi(() => Response.json({ error: { code: 'INTERNAL_ERROR' } }, { status: 500 }));
    renderAt('/kunden/vertraege');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Leider ist etwas schief gelaufen. Bitte versuchen Sie es später nochmal.',
    );
  });

  it('shows a loading state first', () => {
    stubApi(() => Response.json([]));
    renderAt('/kunden/vertraege');
    expect(screen.getByText('Ihre Verträge werden geladen …')).toBeInTheDocument();
  });
});

describe('Vertragsdetails', () => {
  it('shows the fields that apply, masked bank details, documents, pending changes and the self-services', async () => {
    const urls = stubApi(() => Response.json(fahrrad));
    renderAt('/kunden/vertraege/8000000003');

    expect(await screen.findByRole('heading', { level: 1, name: 'Fahrradversicherung' })).toBeVisible();
    const payment = screen.getByRole('region', { name: 'Zahlung' });
    expect(payment).toHaveTextContent('DE89 **** **** **** **30 00');
    expect(payment).toHaveTextContent('Erika Mustermann');
    const cover = screen.getByRole('region', { name: 'Versicherungsumfang' });
    expect(cover).toHaveTextContent('Cube');
    expect(cover).toHaveTextContent('Mountainbike');
    expect(cover).toHaveTextContent('Diebstahl, Schutzbrief');
    expect(cover).not.toHaveTextContent('Hauptgewerbe');
    expect(screen.getByRole('region', { name: 'Ihre Ansprechperson' })).toHaveTextContent('Agentur Rhein');
    expect(screen.getByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Vorgemerkte Änderungen' })).toHaveTextContent(
      'Zahlweise: monatlich ab 01.01.2027 (neuer Beitrag: 140,00 EUR monatlich)',
    );
    const actions = screen.getByRole('region', { name: 'Das können Sie selbst ändern' });
    expect(within(actions).getByRole('link', { name: 'Zahlweise ändern' })).toHaveAttribute(
      'href',
      '/kunden/zahlungsweise/?vertrag=8000000003',
    );
    expect(urls).toContain('/api/vertrag/vertrag/8000000003');
  });

  it('names the co-insured partner and children of a PHV with their birth dates', async () => {
    const phv: ContractDetails = {
      ...bhv,
      versicherteGewerbe: undefined,
      versicherungsNummer: '8000000006',
      vertragsArt: 'PHV',
      versicherungsTyp: 'PRIVATHAFTPFLICHT',
      versicherungsName: 'Privathaftpflichtversicherung',
      produktIdentifier: 'PRIVATHAFTPFLICHT',
      phv: {
        familienstand: {
          current: 'FAMILIE',
          options: [{ key: 'FAMILIE', label: 'Familie mit Kind(ern)' }],
        },
      },
      mitversichertePersonen: [
        { art: 'MITVERSICHERTE_PERSON', vorname: 'Max', name: 'Mustermann', geburtsdatum: '1983-09-30' },
        { art: 'MITVERSICHERTES_KIND', vorname: 'Lena', name: 'Mustermann', geburtsdatum: '2015-02-01' },
      ],
      selbstServices: [],
      vorgemerkteAenderungen: [],
    };
    stubApi(() => Response.json(phv));
    renderAt('/kunden/vertraege/8000000006');
    const cover = await screen.findByRole('region', { name: 'Versicherungsumfang' });
    expect(cover).toHaveTextContent('Familie mit Kind(ern)');
    expect(cover).toHaveTextContent(
      'Mitversicherte Partnerin bzw. mitversicherter PartnerMax Mustermann, geboren am 30.09.1983',
    );
    expect(cover).toHaveTextContent('Mitversichertes KindLena Mustermann, geboren am 01.02.2015');
  });

  it('names the Land of a dog liability contract with its dogs', async () => {
    const thv: ContractDetails = {
      ...bhv,
      versicherteGewerbe: undefined,
      versicherungsNummer: '8000000007',
      vertragsArt: 'THV',
      versicherungsTyp: 'TIERHALTER',
      versicherungsName: 'Tierhalterhaftpflichtversicherung',
      produktIdentifier: 'TIERHALTERHAFTPFLICHT',
      bundesland: { id: 'NW', name: 'Nordrhein-Westfalen' },
      hunde: [{ name: 'Bello', rasse: { id: 'beagle', name: 'Beagle' }, mischling: false }],
      selbstServices: [],
      vorgemerkteAenderungen: [],
    };
    stubApi(() => Response.json(thv));
    renderAt('/kunden/vertraege/8000000007');
    const cover = await screen.findByRole('region', { name: 'Versicherungsumfang' });
    expect(cover).toHaveTextContent('BundeslandNordrhein-Westfalen');
    expect(cover).toHaveTextContent('Hund BelloBeagle');
  });

  it('words the term of a running contract as a renewal', async () => {
    stubApi(() => Response.json({ ...fahrrad, ablaufdatum: '2027-01-01' }));
    renderAt('/kunden/vertraege/8000000003');
    const vertrag = await screen.findByRole('region', { name: 'Vertrag' });
    expect(vertrag).toHaveTextContent(
      'Ihr Vertrag verlängert sich zum 01.01.2027 um ein Jahr, wenn er nicht vorher gekündigt wird.',
    );
  });

  it('shows a single premium once: einmalig, no yearly premium, no renewal, no premium change', async () => {
    stubApi(() => Response.json(reise));
    renderAt('/kunden/vertraege/8000000005');

    const amounts = await screen.findByRole('region', { name: 'Beitrag und Summen' });
    expect(amounts).toHaveTextContent('Einmalbeitrag112,96 EUR einmalig');
    expect(amounts).not.toHaveTextContent('Jahresbeitrag');
    expect(amounts).not.toHaveTextContent('Zahlungsperiode');
    expect(amounts).toHaveTextContent(
      'Diesen Beitrag zahlen Sie einmal für die ganze Laufzeit; weitere Beiträge fallen nicht an.',
    );
    expect(screen.getByRole('region', { name: 'Vertrag' })).toHaveTextContent(
      'Ihr Vertrag endet zum 15.01.2027.',
    );
    expect(document.body).not.toHaveTextContent('verlängert');
    expect(screen.getByRole('region', { name: 'Termine' })).not.toHaveTextContent('Hauptfälligkeit');
    const actions = screen.getByRole('region', { name: 'Das können Sie selbst ändern' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Bankverbindung ändern']);
  });

  it('follows a cancellation: its end, no next due date, no changes but bank data, revocation without kündigen', async () => {
    stubApi(() => Response.json(gekuendigt));
    renderAt('/kunden/vertraege/8000000003');

    const vertrag = await screen.findByRole('region', { name: 'Vertrag' });
    expect(vertrag).toHaveTextContent('Läuft aus');
    expect(vertrag).toHaveTextContent('Ihr Vertrag endet zum 31.12.2026.');
    expect(vertrag).not.toHaveTextContent('verlängert');
    expect(screen.getByRole('region', { name: 'Termine' })).not.toHaveTextContent('Hauptfälligkeit');
    const actions = screen.getByRole('region', { name: 'Das können Sie selbst ändern' });
    expect(actions).toHaveTextContent(
      'Ihr Vertrag endet zum 31.12.2026. Beitrag und Versicherungsschutz können bis dahin nicht mehr geändert werden.',
    );
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Bankverbindung ändern', 'Rahmennummer ändern', 'Vertrag widerrufen']);
    expect(actions).not.toHaveTextContent(/kündigen/i);
    expect(screen.getByRole('link', { name: 'Nachricht zu diesem Vertrag schreiben' })).toHaveAttribute(
      'href',
      '/kunden/kontakt/nachricht/?vertrag=8000000003',
    );
  });

  it('says so when the contract is not among the customer’s contracts', async () => {
    stubApi(() => Response.json({ error: { code: 'NOT_FOUND' } }, { status: 404 }));
    renderAt('/kunden/vertraege/1000000001');
    expect(
      await screen.findByText('Diesen Vertrag konnten wir unter Ihren Verträgen nicht finden.'),
    ).toBeVisible();
  });

  it('downloads a document with the bearer token and saves it under its German file name', async () => {
    const calls: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(url), authorization: new Headers(init?.headers).get('Authorization') });
        if (String(url).startsWith('/api/dokument/')) {
          return new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
        }
        return Response.json(fahrrad);
      }),
    );
    configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/kunden/vertraege/8000000003');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' }),
    );
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls).toContainEqual({
      url: '/api/dokument/download-bereich/dokumente/d-1',
      authorization: 'Bearer token-1',
    });
    expect(await (createObjectURL.mock.calls[0]?.[0] as Blob).text()).toBe('%PDF-1.4');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Versicherungsschein 8000000003.pdf');
    click.mockRestore();
    createObjectURL.mockRestore();
  });

  it('says in German when a document cannot be downloaded', async () => {
    stubApi((url) =>
      url.startsWith('/api/dokument/')
        ? Response.json(
            {
              error: {
                code: 'DOCUMENT_FILE_MISSING',
                message: 'Dieses Dokument ist zurzeit nicht verfügbar.',
              },
            },
            { status: 404 },
          )
        : Response.json(fahrrad),
    );
    renderAt('/kunden/vertraege/8000000003');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieses Dokument ist zurzeit nicht verfügbar.',
    );
  });

  it('requests a contract confirmation and offers the PDF at once', async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
        requests.push(`${init?.method ?? 'GET'} ${String(url)}`);
        if (String(url) === '/api/auth/me') return Response.json({ partnerNummer: '2000000001' });
        if (String(url).startsWith('/api/vertrag/vertrag/confirmation/')) {
          return Response.json({
            dokument: {
              id: 'd-2',
              name: 'Vertragsbestätigung',
              typ: 'default',
              url: '/api/dokument/download-bereich/dokumente/d-2',
            },
          });
        }
        return Response.json(fahrrad);
      }),
    );
    configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
    renderAt('/kunden/vertraege/8000000003');

    const section = await screen.findByRole('region', { name: 'Vertragsbestätigung' });
    await userEvent.click(within(section).getByRole('button', { name: 'Vertragsbestätigung anfordern' }));
    expect(await within(section).findByText('Ihre Vertragsbestätigung liegt bereit')).toBeVisible();
    expect(
      within(section).getByRole('button', { name: 'Vertragsbestätigung herunterladen (PDF)' }),
    ).toBeVisible();
    expect(requests).toContain('POST /api/vertrag/vertrag/confirmation/2000000001/8000000003');
    // The contract is read again, so its documents list the new confirmation.
    expect(requests.filter((request) => request === 'GET /api/vertrag/vertrag/8000000003')).toHaveLength(2);
  });
});
