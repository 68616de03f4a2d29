import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMonths, formatGermanDate, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { configureApiAuth } from '../../lib/api';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import type { Me } from './api/get-me';
import type { Stammdaten } from './api/stammdaten';
import type { UmzugVorschau } from './api/umzug';
import { UmzugPage } from './umzug-page';

// happy-dom fires 'selectionchange' at once, even when the selection does not move; React Aria's
// date segments collapse the selection on that event, which would loop forever here (see
// ui/forms/date-input.test.tsx), so a collapse onto the current position is skipped like in a browser.
const originalCollapse = Selection.prototype.collapse;
beforeAll(() => {
  Selection.prototype.collapse = function collapse(this: Selection, node: Node | null, offset?: number) {
    const isSamePlace = this.anchorNode === node && (this.anchorOffset ?? 0) === (offset ?? 0);
    if (this.isCollapsed && isSamePlace) return;
    originalCollapse.call(this, node, offset);
  };
});
afterAll(() => {
  Selection.prototype.collapse = originalCollapse;
});

const today = todayInGermany();
const MOVE = addMonths(today, 1);
const digitsOf = (date: string) => formatGermanDate(date).replace(/\./g, '');

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
  anschrift: {
    strasse: 'Venloer Straße',
    hausnummer: '241',
    plz: '50823',
    ort: 'Köln',
    land: 'DE',
    gueltigAb: '2021-11-01',
  },
  umzug: { fruehestesDatum: addMonths(today, -3), spaetestesDatum: addMonths(today, 12) },
};

const monthly = (beitragProPeriode: number) => ({
  zahlweise: 'MONATLICH' as const,
  beitragProPeriode,
  versicherungsteuerProPeriode: Math.round((beitragProPeriode - beitragProPeriode / 1.19) * 100) / 100,
  jahresbeitrag: Math.round(beitragProPeriode * 1200) / 100,
});

const neueAnschrift = { strasse: 'Friesenplatz', hausnummer: '1', plz: '50672', ort: 'Köln' };

const vorschau: UmzugVorschau = {
  partnerNummer: '1000000001',
  umzugsdatum: MOVE,
  bisherigeAnschrift: stammdaten.anschrift!,
  neueAnschrift: { ...neueAnschrift, land: 'DE', gueltigAb: MOVE },
  vertraege: [
    {
      versicherungsNummer: '9000000101',
      versicherungsName: 'Privathaftpflichtversicherung',
      art: 'UNVERAENDERT',
      grund: 'Dieser Vertrag ist nicht an Ihre Anschrift gebunden und ändert sich nicht.',
      version: 1,
    },
    {
      versicherungsNummer: '9000000103',
      versicherungsName: 'Hausratversicherung',
      art: 'AENDERUNG',
      version: 4,
      wirksamkeitsdatum: MOVE,
      bisherigerBeitrag: monthly(8.4),
      beitragOhneUmzug: monthly(8.4),
      neuerBeitrag: monthly(9.1),
      zuersKlasse: 2,
      elementarEinschliessbar: true,
      beitragSteigt: true,
      sonderkuendigungsrecht:
        'Der Beitrag steigt durch den Umzug. Sie können den Vertrag deshalb innerhalb eines Monats kündigen.',
    },
  ],
  speicherbar: true,
  stand: 'stand-1',
};

const UMZUG = '/api/partner/partner/1000000001/umzug';
type Call = { method: string; url: string; body: unknown };
type Answer = { status?: number; body: unknown };

/** The API behind window.fetch: answers per 'METHOD url' in order (the last one repeats). */
function stubApi(answers: Record<string, Answer[]>) {
  const calls: Call[] = [];
  const base: Record<string, Answer[]> = {
    'GET /api/auth/me': [{ body: me }],
    'GET /api/partner/partner/1000000001': [{ body: stammdaten }],
    'GET /api/fragebogen/validate/zip/50672': [{ body: { valid: true } }],
    'GET /api/zuers/zuers/orte/50672': [
      { body: [{ plz: '50672', ort: 'Köln', zuersKlasse: 2, basis: 'ORT', strassenVorhanden: false }] },
    ],
    ...answers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url: String(url), body });
      const queue = base[`${method} ${String(url)}`];
      if (!queue?.length)
        return Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 });
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      return Response.json(answer.body, { status: answer.status ?? 200 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithRouter(
    <QueryClientProvider client={client}>
      <UmzugPage />
    </QueryClientProvider>,
  );
}

async function fillForm(date: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: /Postleitzahl/ }), '50672');
  const town = await screen.findByRole('button', { name: /Ort/ });
  await vi.waitFor(() => expect(town).toHaveTextContent('Köln'), { timeout: 5000 });
  await userEvent.type(screen.getByRole('textbox', { name: /Straße/ }), 'Friesenplatz');
  await userEvent.type(screen.getByRole('textbox', { name: /Hausnummer/ }), '1');
  const [day] = within(screen.getByRole('group', { name: /Umzugsdatum/ })).getAllByRole('spinbutton');
  await userEvent.click(day!);
  await userEvent.keyboard(digitsOf(date));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Umzug melden', () => {
  it(
    'previews every contract with its premiums, ZÜRS class and special cancellation right, then saves all together',
    { timeout: 30_000 },
    async () => {
      const calls = stubApi({
        [`POST ${UMZUG}`]: [{ body: vorschau }],
        [`PATCH ${UMZUG}`]: [{ body: vorschau }],
      });
      renderPage();

      expect(await screen.findByRole('heading', { level: 1, name: 'Umzug melden' })).toBeVisible();
      expect(
        await screen.findByText('Ihre bisherige Anschrift: Venloer Straße 241, 50823 Köln'),
      ).toBeVisible();
      await fillForm(MOVE);
      await userEvent.click(screen.getByRole('button', { name: 'Auswirkungen berechnen' }));

      expect(await screen.findByRole('heading', { name: 'Was sich durch Ihren Umzug ändert' })).toBeVisible();
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: UMZUG,
        body: { adresse: neueAnschrift, umzugsdatum: MOVE },
      });
      const table = screen.getByRole('table', { name: 'Ihre Verträge' });
      const [, phv, hausrat] = within(table).getAllByRole('row');
      expect(phv).toHaveTextContent('Privathaftpflichtversicherung');
      expect(phv).toHaveTextContent('ändert sich nicht');
      expect(hausrat).toHaveTextContent(formatGermanDate(MOVE));
      expect(hausrat).toHaveTextContent(/8,40\sEUR monatlich/);
      expect(hausrat).toHaveTextContent(/9,10\sEUR monatlich/);
      expect(hausrat).toHaveTextContent('Klasse 2');
      expect(hausrat).toHaveTextContent('Elementarschutz an der neuen Anschrift möglich');
      expect(screen.getByText('Sonderkündigungsrecht')).toBeVisible();
      expect(screen.getByText(/innerhalb eines Monats kündigen/)).toBeVisible();

      await userEvent.click(screen.getByRole('button', { name: 'Umzug verbindlich speichern' }));
      expect(await screen.findByRole('heading', { name: 'Ihr Umzug ist gespeichert' })).toBeVisible();
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        url: UMZUG,
        body: { adresse: neueAnschrift, umzugsdatum: MOVE, stand: 'stand-1' },
      });
      expect(
        screen.getByText(
          `Ihre neue Anschrift gilt ab ${formatGermanDate(MOVE)}: Friesenplatz 1, 50672 Köln.`,
        ),
      ).toBeVisible();
      expect(screen.getByText(/1 Vertrag zieht mit um/)).toBeVisible();
    },
  );

  it(
    'offers to calculate again when the contracts changed since the preview (409)',
    { timeout: 30_000 },
    async () => {
      const message =
        'Ihre Verträge oder Ihre Anschrift haben sich seit der Berechnung geändert. Bitte prüfen Sie die neue Berechnung und bestätigen Sie erneut.';
      const calls = stubApi({
        [`POST ${UMZUG}`]: [{ body: vorschau }],
        [`PATCH ${UMZUG}`]: [{ status: 409, body: { error: { code: 'MOVE_PREVIEW_OUTDATED', message } } }],
      });
      renderPage();
      await fillForm(MOVE);
      await userEvent.click(screen.getByRole('button', { name: 'Auswirkungen berechnen' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Umzug verbindlich speichern' }));

      expect(await screen.findByText(message)).toBeVisible();
      expect(screen.getByText('Bitte prüfen Sie die neue Berechnung')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Umzug verbindlich speichern' })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Neu berechnen' }));
      await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    },
  );

  it(
    'refuses a moving day outside the range in German without asking the server',
    { timeout: 30_000 },
    async () => {
      const calls = stubApi({ [`POST ${UMZUG}`]: [{ body: vorschau }] });
      renderPage();
      await fillForm(addMonths(today, 13));
      await userEvent.click(screen.getByRole('button', { name: 'Auswirkungen berechnen' }));

      const [from, to] = [stammdaten.umzug.fruehestesDatum, stammdaten.umzug.spaetestesDatum].map(
        formatGermanDate,
      );
      expect(
        await screen.findByText(`Bitte geben Sie ein Umzugsdatum zwischen dem ${from} und dem ${to} an.`),
      ).toBeVisible();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    },
  );

  it(
    'explains why a move that cannot be saved online is not offered for saving',
    { timeout: 30_000 },
    async () => {
      stubApi({
        [`POST ${UMZUG}`]: [
          {
            body: {
              ...vorschau,
              speicherbar: false,
              vertraege: [
                {
                  versicherungsNummer: '9000000201',
                  versicherungsName: 'Betriebshaftpflichtversicherung',
                  art: 'NICHT_MOEGLICH',
                  grund: 'Für diesen Vertrag kann der versicherte Ort online nicht geändert werden.',
                  version: 2,
                },
              ],
            },
          },
        ],
      });
      renderPage();
      await fillForm(MOVE);
      await userEvent.click(screen.getByRole('button', { name: 'Auswirkungen berechnen' }));

      expect(await screen.findByText('Der Umzug kann online nicht gespeichert werden')).toBeVisible();
      expect(screen.getByRole('table', { name: 'Ihre Verträge' })).toHaveTextContent('online nicht möglich');
      expect(screen.queryByRole('button', { name: 'Umzug verbindlich speichern' })).toBeNull();
    },
  );

  it('shows the server’s German field message at the postcode', { timeout: 30_000 }, async () => {
    stubApi({
      [`POST ${UMZUG}`]: [
        {
          status: 400,
          body: {
            error: {
              code: 'UNKNOWN_POSTCODE',
              message: 'Diese Postleitzahl gibt es nicht.',
              fieldErrors: [{ path: 'adresse.plz', message: 'Diese Postleitzahl gibt es nicht.' }],
            },
          },
        },
      ],
    });
    renderPage();
    await fillForm(MOVE);
    await userEvent.click(screen.getByRole('button', { name: 'Auswirkungen berechnen' }));
    expect(await screen.findByText('Diese Postleitzahl gibt es nicht.')).toBeVisible();
  });
});
