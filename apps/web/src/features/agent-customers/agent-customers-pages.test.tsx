import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { AgentContract, AgentCustomer, ContactData } from './agent-customers-api';
import { AgentClaimPage } from './claim-page';
import { ContactPage } from './contact-page';
import { ContractPage } from './contract-page';
import { CustomerPage } from './customer-page';

// The agent's customer pages against apps/server/src/modules/agent-customers behind a stubbed
// fetch: what the agent sees, which request each action sends, and the German messages.

const SUMMARY = {
  vertragsnummer: '9000000101',
  status: 'LAUFEND' as const,
  vertragsart: 'PRIVAT' as const,
  produkt: 'PRIVATHAFTPFLICHT' as const,
  vertragsbeginn: '2026-01-02',
  vertragsende: null,
  naechsteVertragsjaehrung: '2027-01-02',
  hauptfaelligkeit: { day: 2, month: 1 },
  gewerbeVertragsdaten: null,
  folgeBeitrag: 59.5,
  jaehrlicherBeitrag: 59.5,
  lastUpdated: '2026-11-20T10:00:00.000Z',
};

const CUSTOMER: AgentCustomer = {
  partnerNummer: '2000000001',
  personArt: 'NatuerlichePersonDTO',
  name: 'Anna Schneider',
  anrede: 'Frau',
  email: 'anna@example.de',
  telefon: '+492211234567',
  portalZugang: true,
  anschrift: { strasse: 'Hohe Straße', hausnummer: '1', plz: '50667', ort: 'Köln' },
  bankverbindung: { iban: 'DE62 **** **** **** **30 01', kontoinhaber: 'Anna Schneider' },
  vertraege: [
    {
      ...SUMMARY,
      versicherungsName: 'Privathaftpflicht',
      mahnung: true,
      offeneBeitraege: [{ art: 'FOLGEBEITRAG', faelligAm: '2026-10-01', betrag: 59.5, ueberfaellig: true }],
    },
  ],
  offeneAufgaben: [],
  dokumente: [],
};

const CONTACT: ContactData = {
  partnerNummer: '2000000001',
  personArt: 'NatuerlichePersonDTO',
  name: 'Anna Schneider',
  version: 'v1',
  anrede: 'Frau',
  titel: null,
  vorname: 'Anna',
  nachname: 'Schnieder',
  firmenname: null,
  email: 'anna@example.de',
  telefon: null,
  portalZugang: true,
  korrigierbar: ['anrede', 'titel', 'vorname', 'nachname', 'telefon'],
};

const CONTRACT: AgentContract = {
  ...SUMMARY,
  versicherungsName: 'Privathaftpflicht',
  version: 3,
  partnerNummer: '2000000001',
  kundenName: 'Anna Schneider',
  zahlweise: 'JAEHRLICH',
  mahnung: false,
  offeneBeitraege: [],
  beitragsverlauf: [
    {
      gueltigAb: '2026-01-02',
      zahlweise: 'JAEHRLICH',
      beitragProPeriode: 59.5,
      jahresbeitrag: 59.5,
      grund: 'VERTRAGSABSCHLUSS',
    },
  ],
  vorgemerkteAenderungen: [],
  aenderungenDurchVermittler: [],
  aufgaben: [],
  dokumente: [],
  selbstServices: ['zahlungsweise', 'bankverbindung', 'familienstand', 'kuendigen-widerrufen'],
  nichtAngeboteneAenderungen: [
    { aenderung: 'selbstbeteiligung', grund: 'TARIF' },
    { aenderung: 'versicherungssumme', grund: 'ABGESCHALTET' },
  ],
  inhaberwechsel: true,
  tarifwechsel: false,
};

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

function fakeServer(handler: Handler) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === '/api/schadenstrecke/vermittler/schaden') return Response.json({ schaeden: [] });
      return handler(url, init) ?? Response.json({ error: { message: 'unbekannt' } }, { status: 404 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'agent-token', onUnauthenticated: () => undefined });
  return calls;
}

function renderAt(path: string) {
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
        children: [
          { path: 'kunde/:partnerNummer', element: <CustomerPage /> },
          { path: 'kunde/:partnerNummer/schaden/:claimId', element: <AgentClaimPage /> },
          { path: 'kundendaten/:partnerNummer', element: <ContactPage /> },
          { path: 'vertraege/details/:vertragsnummer', element: <ContractPage /> },
        ],
      },
    ],
    { path },
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
  vi.restoreAllMocks();
});

describe('Kunde', () => {
  it('shows contact, masked account, contracts with overdue premium, empty lists with reasons and the actions', async () => {
    fakeServer((url) =>
      url.pathname === '/api/vermittler/kunden/2000000001' ? Response.json(CUSTOMER) : undefined,
    );
    renderAt('/vermittler/kunde/2000000001/');
    expect(await screen.findByRole('heading', { name: 'Kunde Anna Schneider', level: 1 })).toBeTruthy();
    expect(screen.getByText('DE62 **** **** **** **30 01')).toBeTruthy();
    const contract = screen.getByRole('link', { name: 'Details zu 9000000101' });
    expect(contract.getAttribute('href')).toBe('/vermittler/vertraege/details/9000000101/');
    expect(within(contract.closest('tr') as HTMLElement).getByText(/Mahnung/)).toBeTruthy();
    expect(screen.getByText('überfällig')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kontaktdaten korrigieren' }).getAttribute('href')).toBe(
      '/vermittler/kundendaten/2000000001/',
    );
    expect(screen.getByRole('link', { name: 'Umzug erfassen' }).getAttribute('href')).toBe(
      '/vermittler/umzugsservice/2000000001/',
    );
    expect(screen.getByRole('link', { name: 'Beratung starten' }).getAttribute('href')).toBe(
      '/vermittler/privathaftpflicht/beratung/?kunde=2000000001',
    );
    expect(screen.getByText(/Keine offenen Aktivitäten/)).toBeTruthy();
    expect(await screen.findByText(/Keine Schäden/)).toBeTruthy();
    await expectAxeClean();
  });

  it('says in German when the customer is not in the agency’s portfolio', async () => {
    fakeServer(() => undefined);
    renderAt('/vermittler/kunde/2999999999/');
    expect(await screen.findByText(/nicht von Ihrer Agentur betreut/)).toBeTruthy();
  });
});

describe('Kundendaten', () => {
  it('sends only the corrected fields with the version and says the customer was told', async () => {
    const calls = fakeServer((url, init) => {
      if (url.pathname !== '/api/vermittler/kunden/2000000001/kontaktdaten') return undefined;
      if (init?.method === 'PUT') {
        return Response.json({ ...CONTACT, version: 'v2', nachname: 'Schneider', berichtigt: ['nachname'] });
      }
      return Response.json(CONTACT);
    });
    const user = userEvent.setup();
    renderAt('/vermittler/kundendaten/2000000001/');
    const nachname = await screen.findByRole('textbox', { name: /^Nachname/ });
    expect((screen.getByRole('textbox', { name: /E-Mail-Adresse/ }) as HTMLInputElement).disabled).toBe(true);
    await user.clear(nachname);
    await user.type(nachname, 'Schneider');
    await user.click(screen.getByRole('button', { name: 'Berichtigung speichern' }));
    expect(await screen.findByText(/Gespeichert: Nachname/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      version: 'v1',
      nachname: 'Schneider',
    });
    await expectAxeClean();
  });

  it('shows the conflict of a second tab and offers to load the current data', async () => {
    fakeServer((url, init) => {
      if (url.pathname !== '/api/vermittler/kunden/2000000001/kontaktdaten') return undefined;
      if (init?.method === 'PUT') {
        return Response.json(
          {
            error: {
              code: 'CONTACT_DATA_CHANGED',
              status: 409,
              message: 'Die Kontaktdaten wurden inzwischen geändert.',
              requestId: 'r',
            },
          },
          { status: 409 },
        );
      }
      return Response.json(CONTACT);
    });
    const user = userEvent.setup();
    renderAt('/vermittler/kundendaten/2000000001/');
    await user.type(await screen.findByRole('textbox', { name: /Telefon/ }), '+49 221 1234567');
    await user.click(screen.getByRole('button', { name: 'Berichtigung speichern' }));
    expect((await screen.findByRole('alert')).textContent).toContain('inzwischen geändert');
    expect(screen.getByRole('button', { name: 'Aktuelle Daten laden' })).toBeTruthy();
  });
});

describe('Vertragsdetails', () => {
  it('links every change the contract offers to its page and says why the others are not available', async () => {
    fakeServer((url) =>
      url.pathname === '/api/vermittler/vertraege/9000000101'
        ? Response.json({
            ...CONTRACT,
            aenderungenDurchVermittler: [
              {
                am: '2026-11-20T09:30:00.000Z',
                vermittler: 'Vera Vermittlerin',
                vermittlerNummer: '1000000001',
                bezeichnung: 'Familienstand: Familie mit Kind(ern)',
                wirksamkeitsdatum: '2026-12-01',
              },
            ],
          })
        : undefined,
    );
    renderAt('/vermittler/vertraege/details/9000000101/');
    expect(await screen.findByRole('heading', { name: 'Vertrag 9000000101', level: 1 })).toBeTruthy();
    expect(screen.getByText('Vertragsabschluss')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Versicherungsnehmer wechseln' }).getAttribute('href')).toBe(
      '/vermittler/vertraege/details/9000000101/inhaberwechsel/',
    );
    const offered = screen.getByRole('list', { name: 'Mögliche Änderungen' });
    expect(
      within(offered)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Zahlweise ändern', '/vermittler/vertraege/details/9000000101/aenderung/zahlungsweise/'],
      ['Bankverbindung ändern', '/vermittler/vertraege/details/9000000101/aenderung/bankverbindung/'],
      ['Familienstand ändern', '/vermittler/vertraege/details/9000000101/aenderung/familienstand/'],
    ]);
    const missing = screen.getByRole('list', { name: 'Für diesen Vertrag nicht verfügbar' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Selbstbeteiligung ändern: Der Tarif dieses Vertrags sieht diese Änderung nicht vor.',
      'Versicherungssumme ändern: Diese Änderung ist online derzeit abgeschaltet; der Vermittlerservice nimmt sie entgegen.',
    ]);
    expect(document.body.textContent).not.toMatch(/Ihre Vermittlerin|Ihren Vermittler/);
    expect(screen.getByRole('heading', { name: 'Änderungen durch Vermittler' })).toBeTruthy();
    expect(
      screen.getByText(/Familienstand: Familie mit Kind\(ern\) \(wirksam ab 01\.12\.2026\) durch Vera/),
    ).toBeTruthy();
    await expectAxeClean();
  });

  it('names the contract’s end as the reason when nothing can change any more', async () => {
    fakeServer((url) =>
      url.pathname === '/api/vermittler/vertraege/9000000101'
        ? Response.json({
            ...CONTRACT,
            status: 'AUSLAUFEND',
            vertragsende: '2027-01-02',
            selbstServices: [],
            nichtAngeboteneAenderungen: [{ aenderung: 'zahlungsweise', grund: 'VERTRAGSSTAND' }],
          })
        : undefined,
    );
    renderAt('/vermittler/vertraege/details/9000000101/');
    expect(await screen.findByText(/derzeit keine Änderung möglich/)).toBeTruthy();
    expect(
      screen.getByText(
        'Zahlweise ändern: Der Vertrag endet zum 02.01.2027; bis dahin lässt er sich hierin nicht mehr ändern.',
      ),
    ).toBeTruthy();
    await expectAxeClean();
  });
});

const CLAIM_ID = '11111111-2222-4333-8444-555555555555';
const CLAIM_PATH = `/api/schadenstrecke/vermittler/schaden/${CLAIM_ID}`;

const CLAIM = {
  claimId: CLAIM_ID,
  schadennummer: 'S-2026-000042',
  produkt: 'phv',
  produktName: 'Privathaftpflicht',
  vertragsnummer: '9000000101',
  schadentag: '2026-11-02',
  gemeldetAm: '2026-11-03T09:00:00.000Z',
  status: 'GEMELDET',
  statusLabel: 'Gemeldet',
  offeneDokumente: 1,
  ungeleseneNachrichten: 0,
  verlauf: [],
  antworten: [],
  dateien: [],
  offeneAnforderungen: [
    {
      key: 'rechnung',
      titel: 'Rechnung',
      beschreibung: '',
      frist: '2026-11-30',
      status: 'offen',
      erforderlich: true,
      dateien: [],
    },
  ],
  dokumente: [],
};

const CLERK_MESSAGE = {
  id: 'm1',
  author: 'Schirm Schadenservice',
  direction: 'incoming',
  time: '2026-11-04T10:00:00.000Z',
  source: 'CHAT',
  subject: 'Neue Nachricht',
  recipients: [],
  cc: [],
  html: false,
  text: 'Bitte reichen Sie die Rechnung ein.',
};

/** The claim, its conversation and the agent's POST (answered by `answer`). */
function claimServer(answer: (body: unknown) => Response = () => Response.json({}, { status: 201 })) {
  const messages: unknown[] = [CLERK_MESSAGE];
  return fakeServer((url, init) => {
    if (url.pathname === CLAIM_PATH) return Response.json(CLAIM);
    if (url.pathname === `${CLAIM_PATH}/nachrichten`) {
      if (init?.method !== 'POST') return Response.json({ nachrichten: messages });
      const response = answer(JSON.parse(String(init.body)));
      if (response.status === 201) {
        messages.push({
          ...CLERK_MESSAGE,
          id: 'm2',
          author: 'Claudia Krüger (Vermittlung, Agentur Krüger)',
          direction: 'outgoing',
          text: 'Die Rechnung kommt morgen.',
        });
      }
      return response;
    }
    return undefined;
  });
}

/** The editor is TipTap, loaded lazily; its first import is transformed on demand and can be slow. */
async function findEditor() {
  return screen.findByRole(
    'textbox',
    { name: 'Ihre Nachricht an die Kundin oder den Kunden' },
    { timeout: 10_000 },
  );
}

describe('Schaden eines Kunden', () => {
  it('the customer page links each claim to its page', async () => {
    fakeServer((url) =>
      url.pathname === '/api/vermittler/kunden/2000000001' ? Response.json(CUSTOMER) : undefined,
    );
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/vermittler/kunden/2000000001') return Response.json(CUSTOMER);
      if (url.pathname === '/api/schadenstrecke/vermittler/schaden')
        return Response.json({ schaeden: [CLAIM] });
      return Response.json({ error: { message: 'unbekannt' } }, { status: 404 });
    });
    renderAt('/vermittler/kunde/2000000001/');
    const link = await screen.findByRole('link', { name: 'Schaden S-2026-000042 mit Nachrichten öffnen' });
    expect(link.getAttribute('href')).toBe(`/vermittler/kunde/2000000001/schaden/${CLAIM_ID}/`);
  });

  it(
    'shows state, open documents and the conversation; asks for a text, then sends the editor HTML and shows it',
    { timeout: 30_000 },
    async () => {
      const calls = claimServer();
      renderAt(`/vermittler/kunde/2000000001/schaden/${CLAIM_ID}/`);
      expect(await screen.findByRole('heading', { name: 'Schaden S-2026-000042', level: 1 })).toBeTruthy();
      expect(screen.getByText('Gemeldet')).toBeTruthy();
      expect(screen.getByText('Rechnung, bis 30.11.2026')).toBeTruthy();
      expect(await screen.findByText('Bitte reichen Sie die Rechnung ein.')).toBeTruthy();
      const user = userEvent.setup();
      await findEditor();
      await expectAxeClean();

      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      expect(await screen.findByText('Bitte schreiben Sie eine Nachricht.')).toBeTruthy();
      expect(calls.some((call) => call.method === 'POST')).toBe(false);

      await user.click(await findEditor());
      await user.keyboard('Die Rechnung kommt morgen.');
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      expect(await screen.findByText(/Ihre Nachricht wurde gesendet/)).toBeTruthy();
      const post = calls.find((call) => call.method === 'POST');
      expect(post?.path).toBe(`${CLAIM_PATH}/nachrichten`);
      // happy-dom's click into the editor may leave an empty paragraph before the text; browsers do not.
      expect(post?.body).toEqual({
        html: expect.stringMatching(/^(<p><\/p>)?<p>Die Rechnung kommt morgen\.<\/p>$/),
      });
      expect(await screen.findByText('Die Rechnung kommt morgen.')).toBeTruthy();
      expect(screen.queryByText('Bitte schreiben Sie eine Nachricht.')).toBeNull();
      await waitFor(async () => expect(await findEditor()).not.toHaveTextContent('Die Rechnung'));
      await expectAxeClean();
    },
  );

  it(
    'shows the server’s German message on the field and keeps the text when sending fails',
    { timeout: 30_000 },
    async () => {
      let status = 422;
      claimServer(() =>
        status === 422
          ? Response.json(
              {
                error: {
                  message: 'Ihre Nachricht darf höchstens 5.000 Zeichen lang sein.',
                  fieldErrors: [
                    { path: 'html', message: 'Ihre Nachricht darf höchstens 5.000 Zeichen lang sein.' },
                  ],
                },
              },
              { status: 422 },
            )
          : Response.json({ error: { message: 'Der Dienst ist gerade nicht erreichbar.' } }, { status: 503 }),
      );
      renderAt(`/vermittler/kunde/2000000001/schaden/${CLAIM_ID}/`);
      const user = userEvent.setup();
      await user.click(await findEditor());
      await user.keyboard('Sehr langer Text');
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Ihre Nachricht darf höchstens 5.000 Zeichen lang sein.',
      );
      status = 503;
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      expect(await screen.findByText('Der Dienst ist gerade nicht erreichbar.')).toBeTruthy();
      expect(await findEditor()).toHaveTextContent('Sehr langer Text');
      expect(screen.queryByText(/Ihre Nachricht wurde gesendet/)).toBeNull();
    },
  );

  it('says in German when the claim is not one of the agency’s customers', async () => {
    fakeServer(() => undefined);
    renderAt(`/vermittler/kunde/2000000001/schaden/${CLAIM_ID}/`);
    expect(
      await screen.findByText(/gehört nicht zu einer Kundin oder einem Kunden Ihrer Agentur/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nachricht senden' })).toBeNull();
  });
});
