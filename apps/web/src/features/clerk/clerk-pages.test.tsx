import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { ClerkClaimDetail, IncomingMessageDetail } from './api/clerk-api';
import type { ClerkAgentMessage } from './api/agent-messages-api';
import { ClerkAgentMessagePage } from './agent-message-page';
import { ClerkClaimPage } from './claim-page';
import { ClerkInboxPage } from './inbox-page';
import { ClerkMessagePage } from './message-page';

// The clerk's pages against the /api/innendienst routes of apps/server/src/modules/clerk, in memory
// behind a stubbed fetch: what the clerk sees, and what each action sends.

const QUESTION: IncomingMessageDetail = {
  id: 'q-1',
  erstelldatum: new Date(Date.UTC(2026, 9, 20, 9)).toISOString(),
  betreff: 'Frage zur Kündigungsfrist',
  thema: 'VERTRAG',
  themaLabel: 'Fragen zum Vertrag',
  vorschau: 'Wann kann ich kündigen?',
  kunde: { partnerId: 'p-1', partnerNummer: '2000000001', name: 'Anna Schneider' },
  vertrag: { versicherungsNummer: '9000000101', produkt: 'PRIVATHAFTPFLICHT' },
  beantwortet: false,
  vomKundenGeloescht: false,
  text: 'Wann kann ich kündigen?',
  html: null,
  antworten: [],
};

const AGENT_MESSAGE: ClerkAgentMessage = {
  id: 'v-1',
  erstelldatum: new Date(Date.UTC(2026, 9, 23, 9)).toISOString(),
  thema: 'VERTRAG',
  themaLabel: 'Vertrag',
  betreff: 'Beitragsrückstand Müller',
  text: 'Bitte prüfen Sie den Rückstand.',
  html: '<p>Bitte prüfen Sie den <strong>Rückstand</strong>.</p><img src=x onerror="alert(1)">',
  anhaenge: [{ id: 'u-9', name: 'Police.pdf', groesse: 4096, typ: 'application/pdf' }],
  vermittler: { vermittlerNummer: '4711000002', name: 'Stefan Wolf', agentur: 'Versicherungsbüro Krüger' },
  partnerNummer: '2000000001',
  vertragsnummer: '9000000101',
  antwort: null,
  beantwortetAm: null,
};

function claim(overrides: Partial<ClerkClaimDetail> = {}): ClerkClaimDetail {
  return {
    claimId: 'c-1',
    schadennummer: 'SC26-0000042',
    produkt: 'phv',
    produktName: 'Privathaftpflicht',
    vertragsnummer: '9000000101',
    schadentag: '2026-10-12',
    gemeldetAm: new Date(Date.UTC(2026, 9, 14, 8)).toISOString(),
    status: 'GEMELDET',
    statusLabel: 'Gemeldet',
    offeneDokumente: 0,
    ungeleseneNachrichten: 0,
    quelle: 'KUNDE',
    partnerName: 'Anna Schneider',
    partnerNummer: '2000000001',
    bearbeiter: null,
    abgeschlossen: false,
    verlauf: [
      { status: 'GEMELDET', statusLabel: 'Gemeldet', am: new Date(Date.UTC(2026, 9, 14, 8)).toISOString() },
    ],
    erlaubteStatus: ['DECKUNG_GEPRUEFT', 'ABGELEHNT'],
    antworten: [
      {
        schritt: 'schaden',
        titel: 'Der Schaden',
        angaben: [{ label: 'Was ist passiert?', wert: 'Der Ball traf das Fenster.' }],
      },
    ],
    dateien: [
      {
        id: 'u-1',
        dateiname: 'foto.jpg',
        groesse: 2048,
        typ: 'image/jpeg',
        url: '/api/innendienst/schaeden/c-1/dateien/u-1',
      },
    ],
    dokumenteAlle: [],
    offeneAnforderungen: [],
    nachrichten: [],
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body?: unknown;
  idempotencyKey?: string | null;
}

function fakeServer(state: {
  claim: ClerkClaimDetail;
  question: IncomingMessageDetail;
  agentMessage?: ClerkAgentMessage;
}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({
        method,
        path: `${url.pathname}${url.search}`,
        body,
        idempotencyKey: new Headers(init?.headers).get('Idempotency-Key'),
      });
      const path = url.pathname;
      if (path === '/api/innendienst/nachrichten') {
        const filter = url.searchParams.get('filter');
        const shown = filter === 'beantwortet' ? [] : [state.question];
        return Response.json({ nachrichten: shown, seite: 1, proSeite: 20, gesamt: shown.length });
      }
      if (path === '/api/innendienst/nachrichten/q-1') return Response.json(state.question);
      if (path === '/api/innendienst/nachrichten/q-1/antwort' && method === 'POST') {
        const { text, bisherigeAntworten } = body as { text: string; bisherigeAntworten: number };
        if (bisherigeAntworten !== state.question.antworten.length) {
          return Response.json(
            {
              error: {
                code: 'MESSAGE_ANSWERED_MEANWHILE',
                message:
                  'Jan Berger hat diese Nachricht inzwischen beantwortet; Ihre Antwort wurde nicht gesendet. Bitte lesen Sie die Antwort und senden Sie Ihre nur, wenn noch etwas fehlt.',
              },
            },
            { status: 409 },
          );
        }
        state.question = {
          ...state.question,
          beantwortet: true,
          antworten: [
            {
              id: 'a-1',
              erstelldatum: new Date(Date.UTC(2026, 9, 21, 9)).toISOString(),
              betreff: `AW: ${state.question.betreff}`,
              text,
              sachbearbeiter: 'Petra Vogel',
              gelesen: false,
            },
          ],
        };
        return Response.json(state.question, { status: 201 });
      }
      if (path === '/api/innendienst/vermittler-nachrichten') {
        const shown =
          state.agentMessage && url.searchParams.get('filter') === 'offen' ? [state.agentMessage] : [];
        return Response.json({ nachrichten: shown, seite: 1, proSeite: 20, gesamt: shown.length });
      }
      if (path === '/api/innendienst/vermittler-nachrichten/v-1' && state.agentMessage) {
        return Response.json(state.agentMessage);
      }
      if (
        path === '/api/innendienst/vermittler-nachrichten/v-1/antwort' &&
        method === 'POST' &&
        state.agentMessage
      ) {
        state.agentMessage = {
          ...state.agentMessage,
          antwort: (body as { text: string }).text,
          beantwortetAm: new Date(Date.UTC(2026, 9, 24, 9)).toISOString(),
        };
        return Response.json(state.agentMessage);
      }
      if (path === '/api/innendienst/schaeden') {
        const mine = url.searchParams.get('zustaendig') === 'ich';
        const shown = mine && !state.claim.bearbeiter?.ich ? [] : [{ ...state.claim }];
        return Response.json({ schaeden: shown, seite: 1, proSeite: 20, gesamt: shown.length });
      }
      if (path === '/api/innendienst/schaeden/c-1/bearbeitung' && method === 'POST') {
        const { uebernehmen, bisher } = body as { uebernehmen: boolean; bisher: string | null };
        if (bisher !== (state.claim.bearbeiter?.accountId ?? null)) {
          return Response.json(
            {
              error: {
                code: 'CLAIM_HANDLER_CHANGED',
                message: `Diesen Schaden bearbeitet inzwischen ${state.claim.bearbeiter?.name ?? ''}. Bitte laden Sie die Seite neu, bevor Sie ihn übernehmen.`,
              },
            },
            { status: 409 },
          );
        }
        state.claim = {
          ...state.claim,
          bearbeiter: uebernehmen
            ? {
                accountId: 'me',
                name: 'Petra Vogel',
                seit: new Date(Date.UTC(2026, 9, 22, 8)).toISOString(),
                ich: true,
              }
            : null,
        };
        return Response.json(state.claim);
      }
      if (path === '/api/innendienst/schaeden/c-1') return Response.json(state.claim);
      if (path === '/api/innendienst/schaeden/c-1/status' && method === 'POST') {
        const { nach, grund } = body as { nach: 'DECKUNG_GEPRUEFT' | 'ABGELEHNT'; grund?: string };
        state.claim = {
          ...state.claim,
          status: nach,
          statusLabel: nach === 'ABGELEHNT' ? 'Abgelehnt' : 'Deckung geprüft',
          erlaubteStatus: nach === 'ABGELEHNT' ? [] : ['BEGUTACHTET', 'ABGELEHNT'],
          verlauf: [
            ...state.claim.verlauf,
            {
              status: nach,
              statusLabel: nach === 'ABGELEHNT' ? 'Abgelehnt' : 'Deckung geprüft',
              am: new Date(Date.UTC(2026, 9, 22, 8)).toISOString(),
              ...(grund ? { grund } : {}),
            },
          ],
        };
        return Response.json(state.claim);
      }
      if (path === '/api/innendienst/schaeden/c-1/nachrichten' && method === 'POST') {
        const message = {
          id: `m-${calls.length}`,
          author: 'Innendienst',
          direction: 'outgoing' as const,
          time: new Date(Date.UTC(2026, 9, 22, 9)).toISOString(),
          source: 'CHAT',
          subject: 'Ihr Schaden SC26-0000042',
          text: (body as { text: string }).text,
        };
        state.claim = { ...state.claim, nachrichten: [...state.claim.nachrichten, message] };
        return Response.json(message, { status: 201 });
      }
      if (path === '/api/innendienst/schaeden/c-1/unterlagen' && method === 'POST') {
        const { titel } = body as { titel: string };
        state.claim = {
          ...state.claim,
          dokumenteAlle: [
            {
              key: 'nachforderung-1',
              titel,
              beschreibung: '',
              frist: '2026-11-05',
              erforderlich: true,
              nachgefordert: true,
              status: 'offen',
              dateien: [],
            },
          ],
        };
        return Response.json(state.claim, { status: 201 });
      }
      return Response.json({ error: { message: 'unbekannt' } }, { status: 500 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'clerk-token', onUnauthenticated: () => undefined });
  return calls;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const frame = (children: ReactNode) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderRoutes(
    [
      {
        path: '/innendienst',
        element: frame(
          <main>
            <Outlet />
          </main>,
        ),
        children: [
          { index: true, element: <ClerkInboxPage /> },
          { path: 'nachrichten/:id', element: <ClerkMessagePage /> },
          { path: 'vermittler-nachrichten/:id', element: <ClerkAgentMessagePage /> },
          { path: 'schaeden/:claimId', element: <ClerkClaimPage /> },
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

describe('clerk pages', () => {
  it('Eingang: lists the unanswered customer message and the new claim with customer and contract', async () => {
    const calls = fakeServer({ claim: claim(), question: QUESTION });
    renderAt('/innendienst/');
    const message = await screen.findByRole('link', { name: 'Frage zur Kündigungsfrist' });
    expect(message.getAttribute('href')).toBe('/innendienst/nachrichten/q-1/');
    const item = message.closest('li');
    expect(
      within(item as HTMLElement).getByText(/Anna Schneider · 2000000001 · Vertrag 9000000101/),
    ).toBeTruthy();
    expect(within(item as HTMLElement).getByText(/20\.10\.2026/)).toBeTruthy();
    const claimLink = await screen.findByRole('link', { name: 'SC26-0000042 · Privathaftpflicht' });
    expect(claimLink.getAttribute('href')).toBe('/innendienst/schaeden/c-1/');
    expect(await screen.findByText('Keine Nachrichten von Vermittlern in dieser Auswahl.')).toBeTruthy();
    expect(
      calls.some(
        (call) => call.path.includes('/api/innendienst/schaeden?') && call.path.includes('status=GEMELDET'),
      ),
    ).toBe(true);
    await expectNoAxeViolations();
  });

  it('Nachricht beantworten: an empty answer is refused in German; a written one is sent and shown', async () => {
    const calls = fakeServer({ claim: claim(), question: QUESTION });
    const user = userEvent.setup();
    renderAt('/innendienst/nachrichten/q-1/');
    await screen.findByRole('heading', { level: 1, name: 'Frage zur Kündigungsfrist' });
    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
    expect(await screen.findByText('Bitte schreiben Sie eine Antwort.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /Ihre Antwort/ }), 'Sie können zum Ablauf kündigen.');
    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
    expect(await screen.findByText('Ihre Antwort ist im Postfach des Kunden.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      text: 'Sie können zum Ablauf kündigen.',
      bisherigeAntworten: 0,
    });
    expect(await screen.findByText('AW: Frage zur Kündigungsfrist')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('Nachricht beantworten: a colleague answered meanwhile: nothing is sent, the page says who and shows the answer, the text stays', async () => {
    const state = { claim: claim(), question: QUESTION };
    fakeServer(state);
    const user = userEvent.setup();
    renderAt('/innendienst/nachrichten/q-1/');
    await screen.findByRole('heading', { level: 1, name: 'Frage zur Kündigungsfrist' });
    // Jan Berger answers while this page is open.
    state.question = {
      ...state.question,
      beantwortet: true,
      antworten: [
        {
          id: 'a-0',
          erstelldatum: new Date(Date.UTC(2026, 9, 21, 8)).toISOString(),
          betreff: 'AW: Frage zur Kündigungsfrist',
          text: 'Zum 31.12. mit drei Monaten Frist.',
          sachbearbeiter: 'Jan Berger',
          gelesen: false,
        },
      ],
    };
    await user.type(screen.getByRole('textbox', { name: /Ihre Antwort/ }), 'Sie können zum Ablauf kündigen.');
    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
    expect(await screen.findByText(/^Jan Berger hat diese Nachricht inzwischen beantwortet/)).toBeTruthy();
    expect(await screen.findByText('Zum 31.12. mit drei Monaten Frist.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Ihre Antwort/ }) as HTMLTextAreaElement).value).toBe(
      'Sie können zum Ablauf kündigen.',
    );
    // Sent again now that the answer is on the page: it goes out.
    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
    expect(await screen.findByText('Ihre Antwort ist im Postfach des Kunden.')).toBeTruthy();
  });

  it('Eingang: lists the agents’ messages beside the customers’ with agent, agency, state and attachments', async () => {
    fakeServer({ claim: claim(), question: QUESTION, agentMessage: AGENT_MESSAGE });
    renderAt('/innendienst/');
    const link = await screen.findByRole('link', { name: 'Beitragsrückstand Müller' });
    expect(link.getAttribute('href')).toBe('/innendienst/vermittler-nachrichten/v-1/');
    const item = link.closest('li') as HTMLElement;
    expect(
      within(item).getByText(/Stefan Wolf · Versicherungsbüro Krüger · Vermittlernummer 4711000002/),
    ).toBeTruthy();
    expect(item.textContent).toMatch(/23\.10\.2026 · Unbeantwortet · 1 Anhang/);
    await expectNoAxeViolations();
  });

  it('Vermittlernachricht: shows agent, agency, customer, contract, the formatted text without script and the attachment; the answer is sent and shown', async () => {
    const calls = fakeServer({ claim: claim(), question: QUESTION, agentMessage: AGENT_MESSAGE });
    const user = userEvent.setup();
    renderAt('/innendienst/vermittler-nachrichten/v-1/');
    await screen.findByRole('heading', { level: 1, name: 'Beitragsrückstand Müller' });
    expect(screen.getByText('Versicherungsbüro Krüger')).toBeTruthy();
    expect(screen.getByText('Partnernummer 2000000001')).toBeTruthy();
    expect(screen.getByText('9000000101')).toBeTruthy();
    expect(screen.getByText('Rückstand').tagName).toBe('STRONG');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Police.pdf herunterladen' })).toBeTruthy();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
    expect(await screen.findByText('Bitte schreiben Sie eine Antwort.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /Ihre Antwort/ }), 'Der Rückstand ist ausgeglichen.');
    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
    expect(await screen.findByText('Ihre Antwort wurde an den Vermittler gesendet.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      text: 'Der Rückstand ist ausgeglichen.',
    });
    expect(screen.getByText('Der Rückstand ist ausgeglichen.')).toBeTruthy();
    expect(screen.getAllByText('Beantwortet am 24.10.2026').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Antwort senden' })).toBeNull();
  });

  it('Schaden: takes a claim nobody handles and hands it back; the list shows who handles it', async () => {
    const calls = fakeServer({ claim: claim(), question: QUESTION });
    const user = userEvent.setup();
    renderAt('/innendienst/schaeden/c-1/');
    await screen.findByRole('heading', { level: 1, name: 'Schaden SC26-0000042' });
    expect(screen.getByText('Diesen Schaden hat noch niemand übernommen.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Schaden übernehmen' }));
    expect(await screen.findByText('Sie bearbeiten diesen Schaden jetzt.')).toBeTruthy();
    expect(await screen.findByText('Sie bearbeiten diesen Schaden seit dem 22.10.2026.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/bearbeitung'))?.body).toEqual({
      uebernehmen: true,
      bisher: null,
    });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Schaden abgeben' }));
    expect(
      await screen.findByText(
        'Sie haben den Schaden abgegeben. Er steht jetzt wieder unter „Noch nicht übernommen“.',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/bearbeitung')).at(-1)?.body).toEqual({
      uebernehmen: false,
      bisher: 'me',
    });
    expect(await screen.findByRole('button', { name: 'Schaden übernehmen' })).toBeTruthy();
  });

  it('Schaden: a colleague’s claim is taken over only after the confirmation; a page that was out of date is told who has it', async () => {
    const colleague = {
      accountId: 'jan',
      name: 'Jan Berger',
      seit: new Date(Date.UTC(2026, 9, 15, 8)).toISOString(),
      ich: false,
    };
    const state = { claim: claim({ bearbeiter: colleague }), question: QUESTION };
    const calls = fakeServer(state);
    const user = userEvent.setup();
    renderAt('/innendienst/schaeden/c-1/');
    expect(await screen.findByText('Jan Berger bearbeitet diesen Schaden seit dem 15.10.2026.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Von Jan Berger übernehmen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(/Übernehmen Sie ihn nur, wenn Jan Berger ihn nicht weiterbearbeiten kann/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /^abbrechen$/i }));
    expect(calls.some((call) => call.path.endsWith('/bearbeitung'))).toBe(false);

    // Meanwhile Lea took the claim from Jan: this page still shows Jan.
    state.claim = { ...state.claim, bearbeiter: { ...colleague, accountId: 'lea', name: 'Lea Sommer' } };
    await user.click(screen.getByRole('button', { name: 'Von Jan Berger übernehmen' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja, übernehmen' }),
    );
    expect(
      await screen.findByText(
        'Diesen Schaden bearbeitet inzwischen Lea Sommer. Bitte laden Sie die Seite neu, bevor Sie ihn übernehmen.',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/bearbeitung'))?.body).toEqual({
      uebernehmen: true,
      bisher: 'jan',
    });
  });

  it('Eingang: the claims filtered to the clerk’s own say why the list is empty, and name the handler', async () => {
    const calls = fakeServer({ claim: claim(), question: QUESTION });
    const user = userEvent.setup();
    renderAt('/innendienst/');
    const claimLink = await screen.findByRole('link', { name: 'SC26-0000042 · Privathaftpflicht' });
    expect(within(claimLink.closest('li') as HTMLElement).getByText('Noch nicht übernommen')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Zuständigkeit/ }));
    await user.click(await screen.findByRole('option', { name: 'Von mir bearbeitet' }));
    expect(
      await screen.findByText(
        'Sie bearbeiten keinen Schaden in dieser Auswahl. Einen Schaden übernehmen Sie auf seiner Seite.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.path.includes('zustaendig=ich'))).toBe(true);
    await expectNoAxeViolations();
  });

  it('Schaden: each written message has its own Idempotency-Key, never in the body', async () => {
    const calls = fakeServer({ claim: claim(), question: QUESTION });
    const user = userEvent.setup();
    renderAt('/innendienst/schaeden/c-1/');
    await screen.findByRole('heading', { level: 1, name: 'Schaden SC26-0000042' });
    for (const text of ['Erste Nachricht', 'Zweite Nachricht']) {
      await user.type(screen.getByRole('textbox', { name: /^Nachricht/ }), text);
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      expect(await screen.findByText(text, { selector: 'p' })).toBeTruthy();
    }
    const writes = calls.filter((call) => call.path.endsWith('/nachrichten') && call.method === 'POST');
    expect(writes.map((call) => call.body)).toEqual([
      { text: 'Erste Nachricht' },
      { text: 'Zweite Nachricht' },
    ]);
    expect(writes[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(writes[1]?.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(writes[1]?.idempotencyKey).not.toBe(writes[0]?.idempotencyKey);
  });

  it('Schaden: moves the claim on, needs a reason to reject, and requests a document', async () => {
    const calls = fakeServer({ claim: claim(), question: QUESTION });
    const user = userEvent.setup();
    renderAt('/innendienst/schaeden/c-1/');
    await screen.findByRole('heading', { level: 1, name: 'Schaden SC26-0000042' });
    expect(screen.getByText('Der Ball traf das Fenster.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'foto.jpg herunterladen' })).toBeTruthy();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Status ändern' }));
    expect(
      await screen.findByText('Der Status ist jetzt „Deckung geprüft“. Der Kunde wurde benachrichtigt.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/status'))?.body).toEqual({
      nach: 'DECKUNG_GEPRUEFT',
      erwartet: 'GEMELDET',
    });
    await waitFor(() => expect(screen.getAllByText('Deckung geprüft').length).toBeGreaterThan(0));

    await user.click(screen.getByRole('button', { name: /Neuer Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Abgelehnt' }));
    await user.click(screen.getByRole('button', { name: 'Status ändern' }));
    expect(await screen.findByText('Bitte nennen Sie den Grund der Ablehnung.')).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/status'))).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: /Welche Unterlage/ }), 'Kostenvoranschlag');
    await user.click(screen.getByRole('button', { name: 'Unterlage anfordern' }));
    expect(
      await screen.findByText(
        'Die Unterlage „Kostenvoranschlag“ ist angefordert. Der Kunde wurde benachrichtigt.',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/unterlagen'))?.body).toEqual({
      titel: 'Kostenvoranschlag',
      fristTage: 14,
    });
    await expectNoAxeViolations();
  });
});
