import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_MESSAGES } from '@schirm/domain/validation/phone';
import { configureApiAuth } from '../../lib/api';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import type { Me } from './api/get-me';
import type { Stammdaten } from './api/stammdaten';
import { ContactDataPage } from './contact-data-page';
import { KundendatenPage } from './kundendaten-page';

const me: Me = {
  pool: 'benutzer',
  username: 'anna.schneider@example.com',
  email: 'anna.schneider@example.com',
  nickname: 'Anna',
  handynummer: '+4915200000101',
  telefon: null,
  partnerId: 'p-1',
  partnerNummer: '1000000001',
  agentId: null,
  vermittlerNummer: null,
};

const stammdaten: Stammdaten = {
  partnerNummer: '1000000001',
  personArt: 'NatuerlichePersonDTO',
  anrede: 'Frau',
  vorname: 'Anna',
  nachname: 'Schneider',
  geburtsdatum: '1988-04-12',
  email: 'anna.schneider@example.com',
  telefon: '+4915200000101',
  anschrift: {
    strasse: 'Venloer Straße',
    hausnummer: '241',
    plz: '50823',
    ort: 'Köln',
    land: 'DE',
    gueltigAb: '2021-11-01',
  },
  umzug: { fruehestesDatum: '2026-08-26', spaetestesDatum: '2027-11-26' },
};
const STAMMDATEN_URL = '/api/partner/partner/1000000001';

type Call = { method: string; url: string; body: unknown; authorization: string | null };

/** The API behind window.fetch: GET /api/auth/me and the contact-data save. */
function stubApi(
  saveAnswer: (body: Record<string, unknown>) => Response,
  stammdatenAnswer: Stammdaten = stammdaten,
  account: Me = me,
) {
  const calls: Call[] = [];
  let current = account;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      calls.push({
        method: init?.method ?? 'GET',
        url: String(url),
        body,
        authorization: new Headers(init?.headers).get('Authorization'),
      });
      if (String(url) === '/api/auth/me') return Response.json(current);
      if (String(url) === STAMMDATEN_URL) return Response.json(stammdatenAnswer);
      const answer = saveAnswer(body);
      if (answer.ok) current = (await answer.clone().json()) as Me;
      return answer;
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  return calls;
}

function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithRouter(<QueryClientProvider client={client}>{page}</QueryClientProvider>);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Meine Daten', () => {
  it('shows e-mail, password, mobile number and contact data, each with the way to change it', async () => {
    const calls = stubApi(() => new Response(null, { status: 500 }));
    renderPage(<KundendatenPage />);

    const email = await screen.findByRole('region', { name: 'E-Mail-Adresse' });
    expect(email).toHaveTextContent('anna.schneider@example.com');
    expect(within(email).getByRole('link', { name: 'E-Mail-Adresse ändern' })).toHaveAttribute(
      'href',
      '/kunden/kundendaten/email/',
    );
    const password = screen.getByRole('region', { name: 'Passwort' });
    expect(password).toHaveTextContent('Aus Sicherheitsgründen nicht angezeigt');
    expect(within(password).getByRole('link', { name: 'Passwort ändern' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Handynummer' })).toHaveTextContent('+49 1520 0000101');
    const contact = screen.getByRole('region', { name: 'Kontaktdaten' });
    expect(contact).toHaveTextContent('Wie wir Sie ansprechenAnna');
    expect(contact).toHaveTextContent('Telefon für Rückfragennicht angegeben');
    const grants = screen.getByRole('region', { name: 'Partner-Freigaben' });
    expect(within(grants).getByRole('link', { name: 'Freigaben verwalten' })).toHaveAttribute(
      'href',
      '/kunden/partner-freigaben/',
    );
    expect(calls[0]).toMatchObject({ url: '/api/auth/me', authorization: 'Bearer token-1' });
  });

  it('shows the person’s master data: the salutation (not the nickname), name, date of birth, customer number, address and formatted phone numbers', async () => {
    const calls = stubApi(() => new Response(null, { status: 500 }), stammdaten, {
      ...me,
      telefon: '+49221123456',
    });
    renderPage(<KundendatenPage />);

    const person = await screen.findByRole('region', { name: 'Persönliche Daten' });
    expect(within(person).getByText('Anrede').nextSibling).toHaveTextContent(/^Frau$/);
    expect(person).not.toHaveTextContent('AnredeAnna');
    expect(person).toHaveTextContent('NameAnna Schneider');
    expect(person).toHaveTextContent('Geburtsdatum12.04.1988');
    expect(person).toHaveTextContent('Kundennummer1000000001');
    const address = screen.getByRole('region', { name: 'Anschrift' });
    expect(address).toHaveTextContent('Venloer Straße 241');
    expect(address).toHaveTextContent('50823 Köln');
    expect(address).toHaveTextContent('gültig seit 01.11.2021');
    expect(within(address).getByRole('link', { name: 'Umzug melden' })).toHaveAttribute(
      'href',
      '/kunden/kundendaten/umzug/',
    );
    expect(screen.getByRole('region', { name: 'Handynummer' })).toHaveTextContent('+49 1520 0000101');
    expect(screen.getByRole('region', { name: 'Kontaktdaten' })).toHaveTextContent('+49 221 123456');
    expect(calls.some((call) => call.url === STAMMDATEN_URL && call.authorization === 'Bearer token-1')).toBe(
      true,
    );
  });

  it('shows a company as firm with its name and a move already reported instead of the move link', async () => {
    stubApi(() => new Response(null, { status: 500 }), {
      partnerNummer: '1000000001',
      personArt: 'JuristischePersonDTO',
      firmenname: 'Weber Digitalagentur GmbH',
      rechtsform: 'GmbH',
      anschrift: stammdaten.anschrift!,
      neueAnschrift: {
        strasse: 'Friesenplatz',
        hausnummer: '1',
        plz: '50672',
        ort: 'Köln',
        land: 'DE',
        gueltigAb: '2027-01-01',
      },
      umzug: stammdaten.umzug,
    });
    renderPage(<KundendatenPage />);

    const person = await screen.findByRole('region', { name: 'Persönliche Daten' });
    expect(person).toHaveTextContent('AnredeFirma');
    expect(person).toHaveTextContent('FirmennameWeber Digitalagentur GmbH');
    expect(person).not.toHaveTextContent('Geburtsdatum');
    const address = screen.getByRole('region', { name: 'Anschrift' });
    expect(address).toHaveTextContent('Neue Anschrift ab 01.01.2027');
    expect(address).toHaveTextContent('Friesenplatz 1');
    expect(within(address).queryByRole('link', { name: 'Umzug melden' })).toBeNull();
  });

  it('says so when the master data cannot be loaded and still shows the access data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        String(url) === '/api/auth/me'
          ? Response.json(me)
          : Response.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
      ),
    );
    configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
    renderPage(<KundendatenPage />);
    expect(
      await screen.findByText(/Ihre persönlichen Daten und Ihre Anschrift konnten nicht geladen werden/),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'E-Mail-Adresse' })).toBeVisible();
  });

  it('saves the contact data: nickname trimmed, phone normalised, empty phone removed', async () => {
    const calls = stubApi((body) => Response.json({ ...me, ...body }));
    renderPage(<ContactDataPage />);

    const nickname = await screen.findByRole('textbox', { name: 'Wie dürfen wir Sie ansprechen?' });
    expect(nickname).toHaveValue('Anna');
    await userEvent.clear(nickname);
    await userEvent.type(nickname, '  Anna S. ');
    const phone = screen.getByRole('textbox', { name: 'Telefon für Rückfragen (optional)' });
    await userEvent.type(phone, '+49 221 1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Ihre Kontaktdaten wurden gespeichert.')).toBeVisible();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/benutzer/benutzer/aendern',
      body: { nickname: 'Anna S.', telefon: '+492211234567' },
    });

    await userEvent.clear(phone);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await vi.waitFor(() => expect(calls.at(-1)?.body).toEqual({ nickname: 'Anna S.', telefon: null }));
  });

  it('answers a wrong phone number after clearing and refilling the field in German only', async () => {
    const calls = stubApi((body) => Response.json({ ...me, ...body }));
    renderPage(<ContactDataPage />);
    const phone = await screen.findByRole('textbox', { name: 'Telefon für Rückfragen (optional)' });
    await userEvent.type(phone, '+49 221 1234567');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0221 1234');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText(PHONE_MESSAGES.format)).toBeVisible();
    expect(document.body).not.toHaveTextContent(/Too big|expected|characters/);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('keeps the form and says why when the nickname is missing', async () => {
    const calls = stubApi((body) => Response.json({ ...me, ...body }));
    renderPage(<ContactDataPage />);
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Wie dürfen wir Sie ansprechen?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte geben Sie an, wie wir Sie ansprechen dürfen.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('Ihre Daten herunterladen', () => {
  const exportFile = { format: 'schirm-datenauskunft', version: 1, vertraege: [] };

  /** GET /api/auth/me and the export, answered by `exportAnswer`; downloads are caught, not navigated. */
  function stubExport(exportAnswer: () => Response | Promise<Response>) {
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
        calls.push({
          method: init?.method ?? 'GET',
          url: String(url),
          body: undefined,
          authorization: new Headers(init?.headers).get('Authorization'),
        });
        if (String(url) === '/api/auth/me') return Response.json(me);
        return String(url) === STAMMDATEN_URL ? Response.json(stammdaten) : exportAnswer();
      }),
    );
    configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    return { calls, createObjectURL, click };
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('explains the right (Art. 15 and 20 DSGVO) and saves the JSON fetched with the token as a file', async () => {
    const { calls, createObjectURL, click } = stubExport(() => Response.json(exportFile));
    renderPage(<KundendatenPage />);

    const section = await screen.findByRole('region', { name: 'Ihre Daten herunterladen' });
    expect(section).toHaveTextContent('Art. 15 DSGVO');
    expect(section).toHaveTextContent('Art. 20 DSGVO');
    await userEvent.click(within(section).getByRole('button', { name: 'Daten herunterladen (JSON)' }));

    const status = within(section).getByRole('status');
    await vi.waitFor(() => expect(status).toHaveTextContent(/^Ihre Daten wurden als Datei/));
    expect(status).toHaveTextContent(/„schirm-datenauskunft-\d{4}-\d{2}-\d{2}\.json“/);
    expect(calls.at(-1)).toEqual({
      method: 'GET',
      url: '/api/benutzer/benutzer/datenauskunft',
      body: undefined,
      authorization: 'Bearer token-1',
    });
    const saved = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(JSON.parse(await saved.text())).toEqual(exportFile);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^schirm-datenauskunft-\d{4}-\d{2}-\d{2}\.json$/);
    expect(link.isConnected).toBe(false);
  });

  it('shows progress while the data is put together', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubExport(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage(<KundendatenPage />);
    const section = await screen.findByRole('region', { name: 'Ihre Daten herunterladen' });
    await userEvent.click(within(section).getByRole('button', { name: 'Daten herunterladen (JSON)' }));

    expect(within(section).getByRole('status')).toHaveTextContent('Ihre Daten werden zusammengestellt …');
    answer(Response.json(exportFile));
    await vi.waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/heruntergeladen/));
  });

  it.each([
    [
      'the hourly limit',
      () => Response.json({ error: { code: 'TOO_MANY_REQUESTS', message: 'x' } }, { status: 429 }),
      'Bitte versuchen Sie es in einer Stunde noch einmal.',
    ],
    [
      'a server error',
      () => Response.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
      'wenden Sie sich bitte an Ihre Ansprechperson',
    ],
    [
      'no connection',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Bitte prüfen Sie Ihre Internetverbindung',
    ],
  ])('says in German what to do next after %s', async (_case, exportAnswer, nextStep) => {
    const { click } = stubExport(exportAnswer);
    renderPage(<KundendatenPage />);
    const section = await screen.findByRole('region', { name: 'Ihre Daten herunterladen' });
    await userEvent.click(within(section).getByRole('button', { name: 'Daten herunterladen (JSON)' }));

    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Ihre Daten konnten nicht heruntergeladen werden');
    expect(alert).toHaveTextContent(nextStep);
    expect(click).not.toHaveBeenCalled();
    expect(within(section).getByRole('button', { name: 'Daten herunterladen (JSON)' })).toBeEnabled();
  });
});
