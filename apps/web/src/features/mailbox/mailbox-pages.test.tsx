import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerNavItems } from '../../app/layouts/customer-layout';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import { SidebarNav } from '../../ui/sidebar-nav';
import { type Message, type MessageListItem, useUnreadCount } from './api/mailbox-api';
import { CustomerContactPage } from '../../app/customer-contact-page';
import { MessagePage } from './message-page';
import { PostfachEingangPage, PostfachGesendetPage } from './postfach-page';

/** A message as the server stores it; the fake answers lists, details, count and delete from these. */
function message(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id: `m-${id}`,
    aktenId: null,
    // Fixed instants: newest first, one day apart (never today's date).
    erstelldatum: new Date(Date.UTC(2026, 9, 30 - id, 10)).toISOString(),
    betreff: `Nachricht ${id}`,
    gelesen: true,
    nachricht: `Text der Nachricht ${id}`,
    richtung: 'eingang',
    ...overrides,
  };
}

interface FakeServer {
  messages: Message[];
  calls: {
    method: string;
    url: string;
    body?: unknown;
    authorization: string | null;
    idempotencyKey: string | null;
  }[];
  /** Answer for POST /api/nachricht/nachricht/ (default: 201 with the stored message). */
  send?: (body: unknown) => Response;
}

function listItem({ html: _html, ...item }: Message): MessageListItem {
  return { ...item, nachricht: item.nachricht.slice(0, 200) };
}

/** The mailbox API of mailbox-api.md, in memory, behind a stubbed fetch. */
function fakeServer(messages: Message[], options: Partial<FakeServer> = {}): FakeServer {
  const server: FakeServer = { messages, calls: [], ...options };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      server.calls.push({
        method,
        url: `${url.pathname}${url.search}`,
        body,
        authorization: new Headers(init?.headers).get('Authorization'),
        idempotencyKey: new Headers(init?.headers).get('Idempotency-Key'),
      });
      const live = server.messages.filter((item) => !item.deleted);
      const path = url.pathname;
      if (path === '/api/auth/me') return Response.json({ partnerNummer: '2000000001' });
      if (path === '/api/vertrag/vertrag/findByPartnerNummer/2000000001') {
        return Response.json([
          { versicherungsNummer: '8000000003', versicherungsName: 'Fahrradversicherung' },
          { versicherungsNummer: '8000000002', versicherungsName: 'Betriebshaftpflicht' },
        ]);
      }
      if (path === '/api/dokument/benutzer/nachricht/count') {
        return Response.json({
          ungelesen: live.filter((item) => item.richtung === 'eingang' && !item.gelesen).length,
        });
      }
      const folder = /^\/api\/dokument\/benutzer\/nachricht\/(eingang|ausgang)$/.exec(path);
      if (folder) {
        const all = live.filter((item) => item.richtung === folder[1]);
        const proSeite = Number(url.searchParams.get('proSeite'));
        const requested = Number(url.searchParams.get('seite'));
        const seite = (requested - 1) * proSeite >= all.length ? 1 : requested;
        return Response.json({
          nachrichten: all.slice((seite - 1) * proSeite, seite * proSeite).map(listItem),
          seite,
          proSeite,
          gesamt: all.length,
        });
      }
      const download = /^\/api\/dokument\/benutzer\/nachricht\/download\/(.+)$/.exec(path);
      if (download) return new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
      const single = /^\/api\/dokument\/benutzer\/nachricht\/(.+)$/.exec(path);
      const found = single ? live.find((item) => item.id === single[1]) : undefined;
      if (single && !found) return Response.json({ error: { message: 'Nicht gefunden' } }, { status: 404 });
      if (found && method === 'DELETE') {
        found.deleted = true;
        return new Response(null, { status: 204 });
      }
      if (found) {
        if (found.richtung === 'eingang') found.gelesen = true;
        return Response.json(found);
      }
      if (path === '/api/upload/' && method === 'POST') {
        const uploadId = `00000000-0000-4000-8000-00000000000${server.calls.filter((call) => call.url === '/api/upload/').length}`;
        return Response.json(
          {
            uploadId,
            uploadUrl: `/api/upload/${uploadId}?signatur=s`,
            methode: 'PUT',
            gueltigBis: '2026-01-01T00:15:00Z',
          },
          { status: 201 },
        );
      }
      if (path === '/api/nachricht/nachricht/' && method === 'POST') {
        return server.send?.(body) ?? Response.json(message(99, { richtung: 'ausgang' }), { status: 201 });
      }
      return Response.json({ error: { message: 'unbekannt' } }, { status: 500 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  return server;
}

declare module './api/mailbox-api' {
  interface Message {
    /** Only in the fake server: soft-deleted. */
    deleted?: boolean;
  }
}

/** The customer navigation with the unread badge, as CustomerLayout wires it. */
function Navigation() {
  const { t } = useTranslation('navigation');
  return <SidebarNav label="Kundenportal" items={customerNavItems(t, useUnreadCount().data ?? 0)} />;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const frame = (children: ReactNode) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderRoutes(
    [
      {
        path: '/kunden',
        element: frame(
          <>
            <Navigation />
            <main>
              <Outlet />
            </main>
          </>,
        ),
        children: [
          { path: 'postfach/eingang', element: <PostfachEingangPage /> },
          { path: 'postfach/gesendet', element: <PostfachGesendetPage /> },
          { path: 'postfach/nachricht/:id', element: <MessagePage /> },
          { path: 'kontakt/nachricht', element: <CustomerContactPage /> },
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

describe('Postfach', () => {
  it('lists the inbox with subject, date, read state and attachments, and shows the unread count in the navigation', async () => {
    fakeServer([
      message(1, { gelesen: false, anhaenge: [{ id: 'd-1', name: 'Versicherungsschein' }] }),
      message(2),
    ]);
    renderAt('/kunden/postfach/eingang/');

    const first = await screen.findByRole('listitem', { name: 'Nachricht 1 (ungelesen)' });
    expect(first).toHaveTextContent('29.10.2026');
    expect(first).toHaveTextContent('Text der Nachricht 1');
    expect(within(first).getByRole('button', { name: 'Versicherungsschein herunterladen' })).toBeVisible();
    const second = screen.getByRole('listitem', { name: 'Nachricht 2' });
    expect(second).toHaveTextContent('28.10.2026');
    expect(within(second).getByRole('link', { name: 'Nachricht 2' })).toHaveAttribute(
      'href',
      '/kunden/postfach/nachricht/m-2/',
    );
    expect(await screen.findByRole('link', { name: 'Postfach, 1 ungelesen' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Eingang' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('navigation', { name: 'Seiten der Nachrichten' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('pages through 45 messages with "X von Y", and a page above the total shows page 1', async () => {
    const server = fakeServer(Array.from({ length: 45 }, (_, index) => message(index + 1)));
    const { router } = renderAt('/kunden/postfach/eingang/');
    const user = userEvent.setup();

    await screen.findByRole('listitem', { name: 'Nachricht 1' });
    const paging = screen.getByRole('navigation', { name: 'Seiten der Nachrichten' });
    expect(paging).toHaveTextContent('1 von 3');
    await user.click(within(paging).getByRole('button', { name: /nächste/i }));
    expect(await screen.findByRole('listitem', { name: 'Nachricht 21' })).toBeVisible();
    expect(paging).toHaveTextContent('2 von 3');
    expect(router.state.location.search).toBe('?seite=2');
    expect(server.calls.map((call) => call.url)).toContain(
      '/api/dokument/benutzer/nachricht/eingang?seite=2&proSeite=20',
    );

    await router.navigate('/kunden/postfach/eingang/?seite=9');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('listitem', { name: 'Nachricht 1' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Seiten der Nachrichten' })).toHaveTextContent('1 von 3');
  });

  it('says why each folder is empty', async () => {
    fakeServer([]);
    const { router } = renderAt('/kunden/postfach/eingang/');
    expect(await screen.findByText('Sie haben noch keine Nachrichten von uns erhalten.')).toBeVisible();

    await router.navigate('/kunden/postfach/gesendet/');
    expect(await screen.findByText('Sie haben uns noch keine Nachricht geschrieben.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Gesendet' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations();
  });

  it('says in German when the messages cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'INTERNAL_ERROR' } }, { status: 500 })),
    );
    configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
    renderAt('/kunden/postfach/eingang/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Leider ist etwas schief gelaufen');
  });

  it('opening a message shows it, marks it read and the navigation count follows', async () => {
    fakeServer([
      message(1, {
        gelesen: false,
        aktenId: '8000000003',
        nachricht: 'Guten Tag,\nIhr Vertrag ist angelegt.',
      }),
      message(2, { gelesen: false }),
    ]);
    renderAt('/kunden/postfach/eingang/');
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'Postfach, 2 ungelesen' })).toBeVisible();
    await user.click(await screen.findByRole('link', { name: 'Nachricht 1 (ungelesen)' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Nachricht 1' })).toBeVisible();
    expect(screen.getByText(/Ihr Vertrag ist angelegt\./)).toBeVisible();
    expect(screen.getByText('8000000003')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Postfach, 1 ungelesen' })).toBeVisible();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('link', { name: 'Zurück zu Eingang' }));
    expect(await screen.findByRole('listitem', { name: 'Nachricht 1' })).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Nachricht 2 (ungelesen)' })).toBeVisible();
  });

  it('deletes a message only after the confirmation and returns to its folder without it', async () => {
    const server = fakeServer([message(1, { gelesen: false }), message(2)]);
    renderAt('/kunden/postfach/nachricht/m-1/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Nachricht löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Nachricht löschen?' });
    expect(dialog).toHaveTextContent('Die Nachricht „Nachricht 1“ wird aus Ihrem Postfach entfernt.');
    await user.click(within(dialog).getByRole('button', { name: 'abbrechen' }));
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Nachricht löschen' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Nachricht löschen?' })).getByRole('button', {
        name: 'löschen',
      }),
    );

    expect(await screen.findByText('Die Nachricht wurde gelöscht.')).toBeVisible();
    expect(server.calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', url: '/api/dokument/benutzer/nachricht/m-1' }),
    );
    expect(await screen.findByRole('listitem', { name: 'Nachricht 2' })).toBeVisible();
    expect(screen.queryByRole('listitem', { name: /Nachricht 1/ })).not.toBeInTheDocument();
  });

  it('shows a sent message with its topic and contract, back to Gesendet', async () => {
    fakeServer([
      message(3, {
        richtung: 'ausgang',
        thema: 'ZAHLUNG',
        aktenId: '8000000002',
        nachricht: 'Bitte buchen Sie später ab.',
        html: '<p>Bitte buchen Sie <strong>später</strong> ab.</p>',
      }),
    ]);
    renderAt('/kunden/postfach/nachricht/m-3/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Nachricht 3' })).toBeVisible();
    expect(screen.getByText('Gesendet am')).toBeVisible();
    expect(screen.getByText('27.10.2026')).toBeVisible();
    expect(screen.getByText('Beitrag und Zahlung')).toBeVisible();
    expect(screen.getByText('8000000002')).toBeVisible();
    expect(screen.getByText('Bitte buchen Sie später ab.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zurück zu Gesendet' })).toHaveAttribute(
      'href',
      '/kunden/postfach/gesendet/',
    );
  });

  it('says in German when a message does not exist (or belongs to another customer)', async () => {
    fakeServer([]);
    renderAt('/kunden/postfach/nachricht/m-404/');
    expect(await screen.findByText('Diese Nachricht gibt es nicht oder sie wurde gelöscht.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zurück zum Postfach' })).toHaveAttribute(
      'href',
      '/kunden/postfach/eingang/',
    );
  });

  it('downloads an attachment with the bearer token under its name', async () => {
    const server = fakeServer([message(1, { anhaenge: [{ id: 'd-1', name: 'Versicherungsschein' }] })]);
    const createObjectURL = vi.spyOn(URL, 'createObjectURL');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/kunden/postfach/eingang/');

    await userEvent.click(await screen.findByRole('button', { name: 'Versicherungsschein herunterladen' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.calls).toContainEqual(
      expect.objectContaining({
        url: '/api/dokument/benutzer/nachricht/download/d-1',
        authorization: 'Bearer token-1',
      }),
    );
    expect(await (createObjectURL.mock.calls[0]?.[0] as Blob).text()).toBe('%PDF-1.4');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Versicherungsschein.pdf');
  });
});

/** The browser's XMLHttpRequest for the PUT of an upload: answers 200 with the stored upload. */
class FakeUploadRequest {
  static sent: { url: string; file: File }[] = [];
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(file: File) {
    FakeUploadRequest.sent.push({ url: this.url, file });
    const uploadId = /\/api\/upload\/([^?]+)/.exec(this.url)?.[1] ?? '';
    setTimeout(() => {
      this.status = 200;
      this.responseText = JSON.stringify({
        uploadId,
        dateiname: file.name,
        groesse: file.size,
        typ: file.type,
        hinweise: [],
      });
      this.onload?.();
    }, 0);
  }
}

describe('attachments on the Kontakt page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeUploadRequest.sent = [];
  });

  it('uploads a chosen file at once and sends its id with the message', { timeout: 30_000 }, async () => {
    const server = fakeServer([]);
    vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
    renderAt('/kunden/kontakt/nachricht/');
    const user = userEvent.setup();
    await choose(user, /Thema/, 'Schaden');
    await user.type(screen.getByRole('textbox', { name: /Betreff/ }), 'Fotos');
    await user.click(await findEditor());
    await user.keyboard('Anbei ein Foto.');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input!, new File(['png'], 'Keller.png', { type: 'image/png' }));
    expect(await screen.findByText('Hochgeladen')).toBeVisible();
    expect(FakeUploadRequest.sent.map((sent) => sent.url)).toEqual([
      '/api/upload/00000000-0000-4000-8000-000000000001?signatur=s',
    ]);
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByText('Ihre Nachricht wurde gesendet')).toBeVisible();
    const post = server.calls.find((call) => call.url === '/api/nachricht/nachricht/');
    expect(post?.body).toMatchObject({ uploadIds: ['00000000-0000-4000-8000-000000000001'] });
  });
});

/** The editor is TipTap, loaded lazily; its first import is transformed on demand and can be slow. */
async function findEditor() {
  return screen.findByRole('textbox', { name: 'Ihre Nachricht' }, { timeout: 10_000 });
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Kontakt: Nachricht schreiben', () => {
  it('asks in German for topic, subject and text before sending anything', { timeout: 30_000 }, async () => {
    const server = fakeServer([]);
    renderAt('/kunden/kontakt/nachricht/');
    const user = userEvent.setup();
    await findEditor();

    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByText('Bitte wählen Sie ein Thema.')).toBeVisible();
    expect(screen.getByText('Bitte geben Sie einen Betreff ein.')).toBeVisible();
    expect(screen.getByText('Bitte schreiben Sie uns eine Nachricht.')).toBeVisible();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
    await expectNoAxeViolations();
  });

  it(
    'sends topic, contract, subject and the editor HTML, then confirms with a link to Gesendet',
    { timeout: 30_000 },
    async () => {
      let release: (response: Response) => void = () => undefined;
      const server = fakeServer([]);
      const pending = new Promise<Response>((resolve) => {
        release = resolve;
      });
      const fetchStub = vi.mocked(fetch);
      const original = fetchStub.getMockImplementation();
      fetchStub.mockImplementation(async (input, init) => {
        const answer = await original?.(input, init);
        return init?.method === 'POST' ? pending : (answer as Response);
      });
      renderAt('/kunden/kontakt/nachricht/');
      const user = userEvent.setup();

      await choose(user, /Thema/, 'Beitrag und Zahlung');
      await choose(user, /Vertrag/, 'Fahrradversicherung (8000000003)');
      await user.type(screen.getByRole('textbox', { name: /Betreff/ }), '  Lastschrift  ');
      await user.click(await findEditor());
      await user.keyboard('Bitte buchen Sie später ab.');
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));

      const button = screen.getByRole('button', { name: /Nachricht senden/ });
      await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
      expect(screen.getByText('Nachricht wird gesendet …')).toBeVisible();
      release(Response.json(message(99, { richtung: 'ausgang' }), { status: 201 }));

      expect(await screen.findByText('Ihre Nachricht wurde gesendet')).toBeVisible();
      expect(screen.getByRole('link', { name: 'Zu den gesendeten Nachrichten' })).toHaveAttribute(
        'href',
        '/kunden/postfach/gesendet/',
      );
      const post = server.calls.find((call) => call.method === 'POST');
      expect(post?.url).toBe('/api/nachricht/nachricht/');
      expect(post?.body).toEqual({
        thema: 'ZAHLUNG',
        versicherungsNummer: '8000000003',
        betreff: 'Lastschrift',
        // happy-dom's click into the editor may leave an empty paragraph before the text; browsers do not.
        html: expect.stringMatching(/^(<p><\/p>)?<p>Bitte buchen Sie später ab\.<\/p>$/),
      });
    },
  );

  it('chooses the contract a contract page linked with (?vertrag=)', async () => {
    fakeServer([]);
    renderAt('/kunden/kontakt/nachricht/?vertrag=8000000002');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Vertrag/ })).toHaveTextContent(
        'Betriebshaftpflicht (8000000002)',
      ),
    );
  });

  it('keeps the text and says so in German when sending fails', { timeout: 30_000 }, async () => {
    const server = fakeServer([], {
      send: () =>
        Response.json({ error: { message: 'Der Server ist gerade nicht erreichbar.' } }, { status: 503 }),
    });
    renderAt('/kunden/kontakt/nachricht/');
    const user = userEvent.setup();

    await choose(user, /Thema/, 'Sonstiges');
    await user.type(screen.getByRole('textbox', { name: /Betreff/ }), 'Frage');
    await user.click(await findEditor());
    await user.keyboard('Mein wichtiger Text');
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));

    expect(await screen.findByText('Der Server ist gerade nicht erreichbar.')).toBeVisible();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      thema: 'SONSTIGES',
      betreff: 'Frage',
      html: expect.stringMatching(/^(<p><\/p>)?<p>Mein wichtiger Text<\/p>$/),
    });
    expect(await findEditor()).toHaveTextContent('Mein wichtiger Text');
    expect(screen.getByRole('textbox', { name: /Betreff/ })).toHaveValue('Frage');
    expect(screen.getByRole('button', { name: 'Nachricht senden' })).not.toHaveAttribute('aria-disabled');

    // Pressed again: the same form's key, so a send that did arrive is not sent twice.
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const keys = server.calls.filter((call) => call.method === 'POST').map((call) => call.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
