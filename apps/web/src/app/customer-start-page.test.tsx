import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../lib/api';
import { renderRoutes } from '../lib/testing/render-with-router';
import { session } from '../features/auth/session/session';
import type { ContractDetails } from '../features/contracts/api/contracts-api';
import type { CustomerDocument } from '../features/contracts/api/documents-api';
import { CustomerStartPage } from './customer-start-page';

const bhv: ContractCustomerView = {
  versicherungsNummer: '9000000201',
  vertragsArt: 'BHV',
  vertragsstatus: 'LAUFEND',
  versicherungsTyp: 'BHV',
  versicherungsName: 'Betriebshaftpflichtversicherung',
  produktIdentifier: 'BHV_2',
  marke: 'SCHIRM',
  kuendbar: 'VERTRAGSENDE',
  widerrufbar: false,
  dokumente: [],
  versicherungsPraemie: 49.58,
  jahresVersicherungsPraemie: 99.16,
  zahlweise: 'HALBJAEHRLICH',
  antragsdatum: '2025-12-20',
  vertragsBeginn: '2026-01-01',
  hauptfaelligkeit: '2027-01-01',
  wirksamkeitsdatum: '2026-01-01',
  mahnung: true,
  ueberfaelligeBeitraege: [
    {
      art: 'FOLGEBEITRAG',
      betrag: 49.58,
      faelligAm: '2026-07-01',
      mahnstufe: 'FRIST_ABGELAUFEN',
      gemahntAm: '2026-07-15',
      zahlungsfristBis: '2026-07-29',
    },
    { art: 'FOLGEBEITRAG', betrag: 49.58, faelligAm: '2026-10-01', mahnstufe: 'NICHT_GEMAHNT' },
  ],
  jahresumsatz: { value: 250_000, isAdjustable: true },
  jahresumsatzMeldenBis: '2026-12-17',
  deckungsVarianten: [],
};

const phv: ContractCustomerView = {
  ...bhv,
  versicherungsNummer: '9000000101',
  vertragsArt: 'PHV',
  versicherungsTyp: 'PRIVATHAFTPFLICHT',
  versicherungsName: 'Privathaftpflichtversicherung',
  produktIdentifier: 'PRIVATHAFTPFLICHT',
  versicherungsPraemie: 5.95,
  zahlweise: 'MONATLICH',
  mahnung: false,
  ueberfaelligeBeitraege: undefined,
  jahresumsatz: undefined,
  jahresumsatzMeldenBis: undefined,
};

const reise: ContractCustomerView = {
  ...phv,
  versicherungsNummer: '9000000102',
  vertragsArt: 'REISE',
  versicherungsTyp: 'REISE',
  versicherungsName: 'Reiseversicherung',
  produktIdentifier: 'REISE',
  vertragsstatus: 'BEENDET',
  versicherungsPraemie: 112.96,
  zahlweise: 'EINMALIG',
};

const detailsOf = (view: ContractCustomerView, extra: Partial<ContractDetails> = {}): ContractDetails => ({
  ...view,
  selbstServices: [],
  vorgemerkteAenderungen: [],
  ...extra,
});

// A variable, not a literal: the fixture fits the details answer with and without its newer fields.
const pendingZahlweise = {
  typ: 'zahlweise' as const,
  bezeichnung: 'Zahlweise: monatlich',
  wirksamkeitsdatum: '2027-01-01',
  neuerBeitrag: 70,
};

const DETAILS: Record<string, ContractDetails> = {
  [bhv.versicherungsNummer]: detailsOf(bhv, { selbstServices: ['bankverbindung', 'jahresumsatz'] }),
  [phv.versicherungsNummer]: detailsOf(phv, {
    selbstServices: ['zahlungsweise', 'kuendigen-widerrufen'],
    vorgemerkteAenderungen: [pendingZahlweise],
  }),
};

const doc = (id: string, versicherungsNummer: string, geoeffnetAm: string | null): CustomerDocument => ({
  id,
  name: 'Versicherungsschein',
  typ: 'default',
  url: `/api/dokument/download-bereich/dokumente/${id}`,
  versicherungsNummer,
  erstelltAm: '2026-01-01T10:00:00.000Z',
  geoeffnetAm,
});

interface Answers {
  contracts?: () => Response;
  documents?: () => Response;
  details?: (nr: string) => Response;
}

function stubApi({
  contracts = () => Response.json([bhv, phv, reise]),
  documents = () =>
    Response.json([
      doc('d-1', phv.versicherungsNummer, null),
      doc('d-2', bhv.versicherungsNummer, '2026-01-02T08:00:00.000Z'),
    ]),
  details = (nr) => Response.json(DETAILS[nr]),
}: Answers = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url === '/api/auth/me') return Response.json({ partnerNummer: '2000000002' });
      if (url.startsWith('/api/vertrag/vertrag/findByPartnerNummer/')) return contracts();
      if (url === '/api/dokument/download-bereich/dokumente') return documents();
      const match = /^\/api\/vertrag\/vertrag\/(\d+)$/.exec(url);
      if (match) return details(match[1]!);
      return Response.json({ error: { code: 'NOT_FOUND' } }, { status: 404 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  return urls;
}

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: '/kunden',
        element: (
          <QueryClientProvider client={client}>
            <CustomerStartPage />
          </QueryClientProvider>
        ),
      },
    ],
    { path: '/kunden' },
  );
}

beforeEach(() => {
  session.start({
    accessToken: 't',
    tokenType: 'Bearer',
    expiresIn: 3600,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    user: {
      pool: 'benutzer',
      username: 'markus.weber@example.com',
      nickname: 'Markus',
      partnerId: 'p-2',
      agentId: null,
    },
  });
});

afterEach(() => {
  session.handleUnauthenticated();
  vi.unstubAllGlobals();
});

describe('Kundenportal: Übersicht', () => {
  it('greets the customer and lists every contract in short with what needs attention', async () => {
    const urls = stubApi();
    renderHome();

    expect(screen.getByRole('heading', { level: 1, name: 'Willkommen, Markus' })).toBeVisible();
    expect(document.title).toContain('Übersicht');
    const business = await screen.findByRole('listitem', { name: 'Betriebshaftpflichtversicherung' });
    expect(business).toHaveTextContent('9000000201');
    expect(business).toHaveTextContent('49,58 EUR halbjährlich');
    expect(business).toHaveTextContent('Laufend');
    const businessTodos = await within(business).findByRole('list', {
      name: 'Zu erledigen bei Betriebshaftpflichtversicherung',
    });
    expect(businessTodos).toHaveTextContent('Zahlung überfällig: 99,16 EUR, fällig seit 01.07.2026.');
    expect(within(businessTodos).getByRole('link', { name: 'So bezahlen Sie' })).toHaveAttribute(
      'href',
      '/kunden/vertraege/9000000201/',
    );
    expect(businessTodos).toHaveTextContent('Bitte melden Sie Ihren Jahresumsatz bis zum 17.12.2026.');
    expect(await within(businessTodos).findByRole('link', { name: 'Jahresumsatz melden' })).toHaveAttribute(
      'href',
      '/kunden/jahresumsatz/?vertrag=9000000201',
    );
    // The policy of this contract was opened already.
    expect(businessTodos).not.toHaveTextContent('Neues Dokument');
    expect(within(business).getByRole('link', { name: 'Bankverbindung ändern' })).toHaveAttribute(
      'href',
      '/kunden/bankverbindung/?vertrag=9000000201',
    );

    const privat = screen.getByRole('listitem', { name: 'Privathaftpflichtversicherung' });
    const privatTodos = await within(privat).findByRole('list', {
      name: 'Zu erledigen bei Privathaftpflichtversicherung',
    });
    expect(privatTodos).toHaveTextContent('Vorgemerkte Änderung ab 01.01.2027 – Zahlweise: monatlich');
    expect(privatTodos).toHaveTextContent('Neues Dokument: Versicherungsschein, noch nicht geöffnet.');
    expect(
      within(privatTodos).getByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' }),
    ).toBeVisible();
    expect(privat).not.toHaveTextContent('Zahlung überfällig');
    expect(within(privat).queryByRole('link', { name: 'Bankverbindung ändern' })).toBeNull();

    const ended = screen.getByRole('listitem', { name: 'Reiseversicherung' });
    expect(ended).toHaveTextContent('112,96 EUR einmalig');
    expect(ended).toHaveTextContent('Beendet');
    expect(ended).toHaveTextContent('Hier ist nichts zu tun.');
    // Ended contracts have no pending changes or self-services: their details are not asked for.
    expect(urls).not.toContain('/api/vertrag/vertrag/9000000102');
  });

  it('offers the quick actions customers use most, and the sign-out', async () => {
    stubApi();
    renderHome();
    const actions = screen.getByRole('region', { name: 'Häufig genutzt' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Meine Verträge', '/kunden/vertraege/'],
      ['Meine Daten ansehen und ändern', '/kunden/kundendaten/'],
      ['Kontaktdaten ändern', '/kunden/kundendaten/kontaktdaten/'],
      ['E-Mail-Adresse ändern', '/kunden/kundendaten/email/'],
      ['Passwort ändern', '/kunden/kundendaten/passwort/'],
      ['Nachricht schreiben', '/kunden/kontakt/nachricht/'],
    ]);
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    expect(await screen.findByRole('listitem', { name: 'Reiseversicherung' })).toBeVisible();
    // Claims do not exist yet: nothing stands in for them.
    expect(screen.queryByText(/Schaden|Schäden/)).toBeNull();
  });

  it('says why there is nothing to show when the customer has no contracts', async () => {
    stubApi({ contracts: () => Response.json([]), documents: () => Response.json([]) });
    renderHome();
    expect(await screen.findByText('Sie haben noch keine Verträge bei uns')).toBeVisible();
    expect(screen.getByText(/Unter Ihrer Partnernummer ist kein Vertrag gespeichert/)).toBeVisible();
  });

  it('shows a loading state first, then the error text when the contracts cannot be loaded', async () => {
    stubApi({ contracts: () => Response.json({ error: { code: 'INTERNAL_ERROR' } }, { status: 500 }) });
    renderHome();
    expect(screen.getByText('Ihre Übersicht wird geladen …')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Leider ist etwas schief gelaufen. Bitte versuchen Sie es später nochmal.',
    );
    expect(screen.getByRole('region', { name: 'Häufig genutzt' })).toBeVisible();
  });

  it('still lists the contracts and says what could not be checked when documents or details fail', async () => {
    stubApi({
      documents: () => Response.json({ error: { code: 'INTERNAL_ERROR' } }, { status: 500 }),
      details: (nr) =>
        nr === phv.versicherungsNummer
          ? Response.json({ error: { code: 'INTERNAL_ERROR' } }, { status: 500 })
          : Response.json(DETAILS[nr]),
    });
    renderHome();
    expect(
      await screen.findByText(/Ob neue Dokumente für Sie bereitliegen, konnten wir gerade nicht prüfen/),
    ).toBeVisible();
    const privat = screen.getByRole('listitem', { name: 'Privathaftpflichtversicherung' });
    expect(
      await within(privat).findByText(
        /Vorgemerkte Änderungen zu diesem Vertrag konnten wir gerade nicht laden/,
      ),
    ).toBeVisible();
    expect(privat).not.toHaveTextContent('Hier ist nichts zu tun.');
  });
});
