// The claim pages as a customer sees them (issue 14 parts 1-3): the report wizard of a contract
// chosen by its index, the checklist and the send with one Idempotency-Key, the confirmation; the
// public report's neutral answer; 'Schäden' with its empty state, badges, tracker, documents and
// messages. The server is faked per route (docs/api/claims.md shapes).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowAnswers } from '@schirm/domain/application/flow';
import { initialWizardState, reduceWizard } from '@schirm/domain/application/wizard-state';
import { createClaimFlow } from '@schirm/domain/claims/flows';
import type { ClaimProduct } from '@schirm/domain/claims/products';
import {
  CustomerChooseContractPage,
  CustomerClaimDetailPage,
  CustomerClaimReportPage,
  CustomerClaimsListPage,
} from '../../app/claims-pages';
import { PublicClaimReportPage } from '../../app/public-claim-route';
import { configureApiAuth } from '../../lib/api';
import type { ClaimDetail, ClaimListItem, ClaimResult } from './claims-api';
import {
  CONTRACTS,
  deferred,
  expectNoAxeViolations,
  fakeApi,
  fixToday,
  page,
  renderPages,
  setFlags,
  TODAY,
  type RecordedCall,
} from './claims-test-support';
import { claimStorageKey, type StoredClaim } from './use-claim-wizard';

const ME = { 'GET /api/auth/me': () => ({ body: { partnerNummer: '1000000001' } }) };
const CONTRACT_LIST = {
  'GET /api/vertrag/vertrag/findByPartnerNummer/1000000001': () => ({ body: CONTRACTS }),
};
const NO_DRAFT = {
  'GET /api/schadenstrecke/entwuerfe/9000000101': () => ({
    status: 404,
    body: { error: { message: 'Kein Entwurf' } },
  }),
  'GET /api/schadenstrecke/entwuerfe/9000000104': () => ({
    status: 404,
    body: { error: { message: 'Kein Entwurf' } },
  }),
};

const PHV_ANSWERS: FlowAnswers = {
  schaden: {
    schadenart: 'SACHSCHADEN',
    schadentag: '2026-03-01',
    schadenort: 'Köln, Venloer Straße 241',
    beschreibung: 'Beim Umzug ist mir das Regal der Nachbarin umgefallen.',
  },
  geschaedigter: {
    name: 'Petra Nachbar',
    strasse: 'Venloer Straße',
    hausnummer: '243',
    plz: '50823',
    ort: 'Köln',
    telefon: '+49 221 1234567',
    angehoerig: 'NEIN',
  },
  hergang: {
    hergang: 'Ich habe das Regal getragen und bin gestolpert.',
    forderung: 'JA',
    forderungCents: 25000,
  },
  zeugen: { zeugenVorhanden: 'NEIN' },
};

/** Stores a report of this product for a contract, as an earlier visit of the tab would. */
function storeClaim(
  produkt: ClaimProduct,
  vertragsnummer: string,
  index: number,
  answers: FlowAnswers,
  step: string,
) {
  const flow = createClaimFlow(produkt, {
    today: TODAY,
    vertragsbeginn: '2025-01-01',
    gesundheitsEinwilligung: false,
  });
  let state = initialWizardState<ClaimResult>(flow, {
    productName: 'Privathaftpflicht',
    productKey: flow.productKey,
    channel: 'antrag',
    baseRoute: `/kunden/schaden-melden/${produkt}/${index}`,
  });
  for (const [stepId, values] of Object.entries(answers)) {
    const outcome = reduceWizard(flow, state, { type: 'answer', stepId, values });
    if (!outcome.ok) throw new Error(`${stepId}: ${outcome.refusal.message}`);
    state = outcome.state;
  }
  const stored: StoredClaim = { version: 1, produkt, wizard: { ...state, currentStep: step }, uploads: [] };
  sessionStorage.setItem(claimStorageKey(vertragsnummer), JSON.stringify(stored));
}

const reportRoutes = [
  page(<CustomerClaimReportPage />, '/kunden/schaden-melden/:produkt/:contractIndex'),
  page(<CustomerClaimReportPage />, '/kunden/schaden-melden/:produkt/:contractIndex/:schritt'),
  page(<CustomerChooseContractPage />, '/kunden/schaden-melden'),
  page(<h1>Schaden-Detail</h1>, '/kunden/schaeden/:claimId'),
  page(<h1>Verträge</h1>, '/kunden/vertraege'),
];

beforeEach(async () => {
  fixToday();
  sessionStorage.clear();
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  await setFlags();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Schaden melden', () => {
  it('opens the contract of the index on the first step and names the missing answers in German on "Weiter"', async () => {
    fakeApi({ ...ME, ...CONTRACT_LIST, ...NO_DRAFT });
    const user = userEvent.setup();
    renderPages(reportRoutes, '/kunden/schaden-melden/phv/1/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Der Schaden' })).toBeVisible();
    expect(screen.getByText('Privathaftpflicht, Vertrag 9000000101')).toBeVisible();
    expect(screen.getByText('Schritt 1 von 5')).toBeVisible();
    const steps = screen.getByRole('navigation', { name: 'Schritte der Schadenmeldung' });
    expect(within(steps).getByText('Der Schaden')).toHaveAttribute('aria-current', 'step');

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Bitte beschreiben Sie, was passiert ist.')).toBeVisible();
    expect(screen.getByText('Bitte geben Sie an, wo der Schaden entstanden ist.')).toBeVisible();
    // The description is written in a text area.
    expect(screen.getByRole('textbox', { name: /Beschreibung/ }).tagName).toBe('TEXTAREA');
    await expectNoAxeViolations(document.body);
  });

  it('keeps the answers of the tab on a reload', async () => {
    fakeApi({ ...ME, ...CONTRACT_LIST, ...NO_DRAFT });
    storeClaim(
      'phv',
      '9000000101',
      1,
      { geschaedigter: {}, ...{ schaden: PHV_ANSWERS.schaden! } },
      'geschaedigter',
    );
    renderPages(reportRoutes, '/kunden/schaden-melden/phv/1/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Die geschädigte Person' })).toBeVisible();
  });

  it('says plainly when the index names no contract, or one of another product, and links the contracts', async () => {
    fakeApi({ ...ME, ...CONTRACT_LIST });
    const { unmount } = renderPages(reportRoutes, '/kunden/schaden-melden/phv/7/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Diesen Vertrag finden wir nicht' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zu Ihren Verträgen' })).toHaveAttribute(
      'href',
      '/kunden/vertraege/',
    );
    unmount();

    renderPages(reportRoutes, '/kunden/schaden-melden/phv/0/');
    expect(
      await screen.findByText(/Der gewählte Vertrag ist eine Fahrradversicherung, keine Privathaftpflicht/),
    ).toBeVisible();
  });

  it('shows the missing documents with deadlines and sends once with one Idempotency-Key, then the claim number', async () => {
    const answer = deferred<{ status: number; body: ClaimResult }>();
    const calls = fakeApi({
      ...ME,
      ...CONTRACT_LIST,
      ...NO_DRAFT,
      'POST /api/schadenstrecke/schaden/v2/9000000101': () => answer.promise,
    });
    storeClaim('phv', '9000000101', 1, PHV_ANSWERS, 'erklaerung');
    const user = userEvent.setup();
    renderPages(reportRoutes, '/kunden/schaden-melden/phv/1/erklaerung/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Erklärung' })).toBeVisible();
    const checklist = screen.getByRole('region', { name: 'Ihre Unterlagen' });
    expect(
      within(checklist).getByRole('heading', { name: 'Forderung der geschädigten Person' }),
    ).toBeVisible();
    // 14 days from 10.03.2026.
    expect(
      within(checklist).getByText(/Fehlt noch · Frist: innerhalb von 14 Tagen, bis 24\.03\.2026/),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Schaden melden' }));
    expect(
      await screen.findByText('Bitte bestätigen Sie, dass Ihre Angaben vollständig und wahrheitsgemäß sind.'),
    ).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /keine Schuld anerkannt/ }));
    await user.click(screen.getByRole('checkbox', { name: /wahrheitsgemäß/ }));
    const send = screen.getByRole('button', { name: 'Schaden melden' });
    await user.click(send);
    await user.click(send);
    const posts = (): RecordedCall[] => calls.filter((call) => call.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [post] = posts();
    expect(post!.headers['idempotency-key']).toMatch(/.{8,}/);
    expect(post!.body).toMatchObject({
      produkt: 'phv',
      antworten: { zeugen: { zeugenVorhanden: 'NEIN' }, erklaerung: { wahrheitsgemaess: true } },
      uploads: [],
    });
    answer.resolve({
      status: 201,
      body: {
        claimId: 'c-1',
        schadennummer: 'SC26-0000042',
        status: 'GEMELDET',
        dokumente: [{ typ: 'EINGANGSBESTAETIGUNG', titel: 'Eingangsbestätigung', url: '/api/dokument/x' }],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihr Schaden ist gemeldet' })).toBeVisible();
    expect(screen.getByText('Ihre Schadennummer: SC26-0000042')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Schaden SC26-0000042 ansehen' })).toHaveAttribute(
      'href',
      '/kunden/schaeden/c-1/',
    );
    expect(screen.getByRole('button', { name: 'Eingangsbestätigung herunterladen (PDF)' })).toBeVisible();
    const stored = JSON.parse(sessionStorage.getItem(claimStorageKey('9000000101'))!) as StoredClaim;
    expect(stored.wizard.applicationSent).toBe(true);
    expect(stored.idempotencyKey).toBe(post!.headers['idempotency-key']);
  });

  it('shows the server’s field errors on the step they belong to', async () => {
    fakeApi({
      ...ME,
      ...CONTRACT_LIST,
      ...NO_DRAFT,
      'POST /api/schadenstrecke/schaden/v2/9000000101': () => ({
        status: 422,
        body: {
          error: {
            message: 'Bitte prüfen Sie Ihre Angaben.',
            fieldErrors: [
              {
                path: 'schaden.schadentag',
                message: 'Der Tag des Schadens darf nicht vor dem Beginn liegen.',
              },
            ],
          },
        },
      }),
    });
    storeClaim(
      'phv',
      '9000000101',
      1,
      { ...PHV_ANSWERS, erklaerung: { keinAnerkenntnis: true, wahrheitsgemaess: true } },
      'erklaerung',
    );
    const user = userEvent.setup();
    renderPages(reportRoutes, '/kunden/schaden-melden/phv/1/erklaerung/');
    await user.click(await screen.findByRole('button', { name: 'Schaden melden' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Der Schaden' })).toBeVisible();
    expect(screen.getByText('Der Tag des Schadens darf nicht vor dem Beginn liegen.')).toBeVisible();
  });

  it('lists the contracts to report on, each with its index', async () => {
    fakeApi({ ...ME, ...CONTRACT_LIST });
    renderPages(reportRoutes, '/kunden/schaden-melden/');
    expect(await screen.findByRole('link', { name: 'Privathaftpflicht: Schaden melden' })).toHaveAttribute(
      'href',
      '/kunden/schaden-melden/phv/1/',
    );
    expect(screen.getByRole('link', { name: 'Fahrradversicherung: Schaden melden' })).toHaveAttribute(
      'href',
      '/kunden/schaden-melden/fahrrad/0/',
    );
  });
});

describe('Schaden melden ohne Anmeldung', () => {
  it('checks the first page in German', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderPages([page(<PublicClaimReportPage />, '/schaden-melden')], '/schaden-melden/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Schaden melden' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(
      await screen.findByText('Bitte geben Sie die Versicherungsnummer mit 9 oder 10 Ziffern an.'),
    ).toBeVisible();
    expect(screen.getByText('Bitte wählen Sie, in welcher Rolle Sie den Schaden melden.')).toBeVisible();
    await expectNoAxeViolations(document.body);
  });

  it('sends the claimant, the check and the answers, and answers with one neutral text', async () => {
    const calls = fakeApi({
      'POST /api/schadenstrecke/oeffentlich': () => ({
        status: 202,
        body: { eingegangen: true, nachricht: 'Vielen Dank. Ihre Meldung ist eingegangen.' },
      }),
    });
    storePublicReport({ uploads: [] });
    const user = userEvent.setup();
    renderPages([page(<PublicClaimReportPage />, '/schaden-melden')], '/schaden-melden/');
    await user.click(await screen.findByRole('button', { name: 'Schaden melden' }));
    expect(await screen.findByText('Vielen Dank. Ihre Meldung ist eingegangen.')).toBeVisible();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.headers.authorization).toBeUndefined();
    expect(post.body).toMatchObject({
      vertragsnummer: '9000000202',
      pruefung: { plz: '10115' },
      melder: { rolle: 'GESCHAEDIGTER', name: 'Max Muster', email: 'max@example.com' },
      produkt: 'vh',
      antworten: { zeugen: { zeugenVorhanden: 'NEIN' } },
    });
  });
  it('uploads under the report’s kept upload key, lists the files kept over a reload and sends them all', async () => {
    const calls = fakeApi({
      'POST /api/upload/': () => ({
        status: 201,
        body: {
          uploadId: 'u-neu',
          uploadUrl: '/api/upload/u-neu?signatur=s',
          methode: 'PUT',
          gueltigBis: '2026-03-10T10:00:00Z',
          uploadSchluessel: 'schluessel-des-tabs',
        },
      }),
      'PUT /api/upload/u-neu': () => ({
        body: {
          uploadId: 'u-neu',
          dateiname: 'vertrag.pdf',
          groesse: 5,
          typ: 'application/pdf',
          hinweise: ['passwortgeschuetzt'],
        },
      }),
      'POST /api/schadenstrecke/oeffentlich': () => ({
        status: 202,
        body: { eingegangen: true, nachricht: 'Vielen Dank. Ihre Meldung ist eingegangen.' },
      }),
    });
    storePublicReport({
      uploads: [{ uploadId: 'u-alt', dateiname: 'schreiben.png', groesse: 2048, typ: 'image/png' }],
      uploadSchluessel: 'schluessel-des-tabs',
    });
    const user = userEvent.setup();
    renderPages([page(<PublicClaimReportPage />, '/schaden-melden')], '/schaden-melden/');
    const kept = await screen.findByRole('list', {
      name: 'Hochgeladen: Weitere Fotos und Dokumente (optional)',
    });
    expect(kept).toHaveTextContent('schreiben.png (2 KB) – hochgeladen');
    const inputs = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await user.upload(
      inputs[inputs.length - 1]!,
      new File([new Uint8Array([37, 80, 68, 70, 45])], 'vertrag.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText(/Das PDF ist mit einem Passwort geschützt/)).toBeVisible();
    const asked = calls.find((call) => call.path === '/api/upload/' && call.method === 'POST')!;
    expect(asked.headers.authorization).toBeUndefined();
    expect(asked.body).toMatchObject({ dateiname: 'vertrag.pdf', uploadSchluessel: 'schluessel-des-tabs' });
    await user.click(screen.getByRole('button', { name: 'Schaden melden' }));
    expect(await screen.findByText('Vielen Dank. Ihre Meldung ist eingegangen.')).toBeVisible();
    expect(calls.find((call) => call.path === '/api/schadenstrecke/oeffentlich')?.body).toMatchObject({
      uploads: [{ uploadId: 'u-alt' }, { uploadId: 'u-neu' }],
      uploadSchluessel: 'schluessel-des-tabs',
    });
  });
});

function claim(overrides: Partial<ClaimListItem> = {}): ClaimListItem {
  return {
    claimId: '11111111-1111-4111-8111-111111111111',
    schadennummer: 'SC26-0000042',
    produkt: 'phv',
    vertragsnummer: '9000000101',
    schadentag: '2026-03-01',
    gemeldetAm: '2026-03-02T10:00:00Z',
    status: 'DECKUNG_GEPRUEFT',
    offeneDokumente: 2,
    ungeleseneNachrichten: 1,
    ...overrides,
  };
}

/** A public report at its last step in the tab's storage, as after the questions. */
function storePublicReport(extra: Record<string, unknown>): void {
  const flow = createClaimFlow('vh', {
    today: TODAY,
    vertragsbeginn: '1996-03-10',
    gesundheitsEinwilligung: false,
  });
  let wizard = initialWizardState(flow, {
    productName: 'Vermögensschadenhaftpflicht',
    productKey: flow.productKey,
    channel: 'antrag',
    baseRoute: '/schaden-melden',
  });
  const answers: FlowAnswers = {
    ...PHV_ANSWERS,
    schaden: { ...PHV_ANSWERS.schaden!, schadenart: 'FRISTVERSAEUMNIS' },
    erklaerung: { keinAnerkenntnis: true, wahrheitsgemaess: true },
  };
  for (const [stepId, values] of Object.entries(answers)) {
    const outcome = reduceWizard(flow, wizard, { type: 'answer', stepId, values });
    if (!outcome.ok) throw new Error(outcome.refusal.message);
    wizard = outcome.state;
  }
  sessionStorage.setItem(
    'schirm.schaden.oeffentlich',
    JSON.stringify({
      version: 1,
      start: {
        vertragsnummer: '9000000202',
        pruefungArt: 'PLZ',
        plz: '10115',
        produkt: 'vh',
        rolle: 'GESCHAEDIGTER',
        name: 'Max Muster',
        email: 'max@example.com',
      },
      page: 'erklaerung',
      wizard,
      ...extra,
    }),
  );
}

const listRoutes = [
  page(<CustomerClaimsListPage />, '/kunden/schaeden'),
  page(<CustomerClaimDetailPage />, '/kunden/schaeden/:claimId'),
];

describe('Schäden', () => {
  it('lists each claim with number, product, contract, day of loss, state and badges', async () => {
    const calls = fakeApi({
      ...ME,
      ...CONTRACT_LIST,
      'GET /api/schadenstrecke/schaden': () => ({ body: { schaeden: [claim()] } }),
    });
    renderPages(listRoutes, '/kunden/schaeden/');
    const card = (await screen.findByRole('link', { name: 'Schaden SC26-0000042' })).closest('li')!;
    expect(within(card).getByText('Privathaftpflicht')).toBeVisible();
    expect(within(card).getByText('9000000101')).toBeVisible();
    expect(within(card).getByText('01.03.2026')).toBeVisible();
    expect(within(card).getByText('Deckung geprüft')).toBeVisible();
    expect(within(card).getByText('2 Unterlagen fehlen')).toBeVisible();
    expect(within(card).getByText('1 ungelesene Nachricht')).toBeVisible();
    expect(calls.find((call) => call.path === '/api/schadenstrecke/schaden')?.url).toContain(
      'partnernummer=1000000001',
    );
    await expectNoAxeViolations(document.body);
  });

  it('says why the list is empty and how to report a claim', async () => {
    fakeApi({
      ...ME,
      ...CONTRACT_LIST,
      'GET /api/schadenstrecke/schaden': () => ({ body: { schaeden: [] } }),
    });
    renderPages(listRoutes, '/kunden/schaeden/');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sie haben noch keinen Schaden gemeldet' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Jetzt einen Schaden melden' })).toHaveAttribute(
      'href',
      '/kunden/schaden-melden/',
    );
  });

  it('is the 404 page while the flag "claims page" is off', async () => {
    await setFlags({ 'claims-page': false });
    fakeApi({ ...ME, ...CONTRACT_LIST });
    renderPages(listRoutes, '/kunden/schaeden/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /nicht gefunden|gibt es nicht/i }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Ihre Schäden' })).toBeNull();
  });

  const detail = (overrides: Partial<ClaimDetail> = {}): ClaimDetail => ({
    ...claim(),
    verlauf: [
      { status: 'GEMELDET', am: '2026-03-02T10:00:00Z' },
      { status: 'DECKUNG_GEPRUEFT', am: '2026-03-05T10:00:00Z' },
    ],
    antworten: [
      { schritt: 'schaden', titel: 'Der Schaden', angaben: [{ label: 'Schadenort', wert: 'Köln' }] },
    ],
    dateien: [],
    offeneAnforderungen: [],
    dokumente: [],
    ...overrides,
  });
  const claimId = '11111111-1111-4111-8111-111111111111';
  const base = `/api/schadenstrecke`;

  it('shows the tracker as an ordered list with the current state marked, the open documents and the messages', async () => {
    const calls = fakeApi({
      [`GET ${base}/schaden/${claimId}`]: () => ({ body: detail() }),
      [`GET ${base}/required-documents/${claimId}`]: () => ({
        body: {
          dokumente: [
            {
              key: 'forderungsschreiben',
              titel: 'Forderung der geschädigten Person',
              beschreibung: 'Das Schreiben.',
              frist: '2026-03-16',
              erforderlich: true,
              status: 'offen',
              dateien: [],
            },
          ],
        },
      }),
      [`GET ${base}/schaden/${claimId}/nachrichten`]: () => ({
        body: {
          nachrichten: [
            {
              id: 'n1',
              author: 'Schadenabteilung',
              direction: 'incoming',
              time: '2026-03-05T10:00:00Z',
              source: 'CHAT',
              subject: '',
              recipients: [],
              cc: [],
              html: false,
              text: 'Bitte senden Sie uns die Rechnung.',
            },
          ],
        },
      }),
      [`POST ${base}/schaden/${claimId}/nachrichten`]: () => ({ status: 201, body: {} }),
    });
    const user = userEvent.setup();
    renderPages(listRoutes, `/kunden/schaeden/${claimId}/`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Schaden SC26-0000042' })).toBeVisible();
    const items = within(screen.getByRole('region', { name: 'Stand Ihres Schadens' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Gemeldet'),
      expect.stringContaining('Deckung geprüft'),
      expect.stringContaining('Begutachtet'),
      expect.stringContaining('Reguliert'),
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Forderung der geschädigten Person' }),
    ).toBeVisible();
    expect(screen.getByText('Fehlt noch · Frist: bis 16.03.2026')).toBeVisible();
    expect(await screen.findByText('Bitte senden Sie uns die Rechnung.')).toBeVisible();
    await expectNoAxeViolations(document.body);

    await user.type(
      screen.getByRole('textbox', { name: 'Nachricht zu Schaden SC26-0000042' }),
      'Die Rechnung folgt morgen.',
    );
    await user.click(screen.getByRole('button', { name: /senden/i }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        text: 'Die Rechnung folgt morgen.',
      }),
    );
    const firstKey = calls.find((call) => call.method === 'POST')!.headers['idempotency-key'];
    expect(firstKey).toMatch(/^[0-9a-f-]{32,36}$/);
    // The next message is another one: another key.
    await user.type(
      screen.getByRole('textbox', { name: 'Nachricht zu Schaden SC26-0000042' }),
      'Und das Foto.',
    );
    await user.click(screen.getByRole('button', { name: /senden/i }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'POST')[1]!.headers['idempotency-key']).not.toBe(firstKey);
  });

  it('shows a rejection with its reason after the states the claim went through', async () => {
    fakeApi({
      [`GET ${base}/schaden/${claimId}`]: () => ({
        body: detail({
          status: 'ABGELEHNT',
          verlauf: [
            { status: 'GEMELDET', am: '2026-03-02T10:00:00Z' },
            { status: 'ABGELEHNT', am: '2026-03-06T10:00:00Z', grund: 'Der Schaden lag vor Vertragsbeginn.' },
          ],
        }),
      }),
      [`GET ${base}/required-documents/${claimId}`]: () => ({ body: { dokumente: [] } }),
      [`GET ${base}/schaden/${claimId}/nachrichten`]: () => ({ body: { nachrichten: [] } }),
    });
    renderPages(listRoutes, `/kunden/schaeden/${claimId}/`);
    const region = await screen.findByRole('region', { name: 'Stand Ihres Schadens' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).toHaveTextContent('Abgelehnt');
    expect(items[1]).toHaveTextContent('Grund: Der Schaden lag vor Vertragsbeginn.');
  });

  it('uploads a file for an open document and sends it for that document', async () => {
    const calls = fakeApi({
      [`GET ${base}/schaden/${claimId}`]: () => ({ body: detail() }),
      [`GET ${base}/required-documents/${claimId}`]: () => ({
        body: {
          dokumente: [
            {
              key: 'fotos',
              titel: 'Fotos des Schadens',
              beschreibung: 'Aufnahmen.',
              frist: '2026-03-16',
              erforderlich: false,
              status: 'offen',
              dateien: [],
            },
          ],
        },
      }),
      [`GET ${base}/schaden/${claimId}/nachrichten`]: () => ({ body: { nachrichten: [] } }),
      'POST /api/upload/': () => ({
        status: 201,
        body: {
          uploadId: 'u-1',
          uploadUrl: '/api/upload/u-1?signatur=s',
          methode: 'PUT',
          gueltigBis: '2026-03-10T10:00:00Z',
        },
      }),
      'PUT /api/upload/u-1': () => ({
        body: { uploadId: 'u-1', dateiname: 'regal.png', groesse: 4, typ: 'image/png', hinweise: [] },
      }),
      [`POST ${base}/required-documents/${claimId}/fotos`]: () => ({ body: { dokumente: [] } }),
    });
    const user = userEvent.setup();
    renderPages(listRoutes, `/kunden/schaeden/${claimId}/`);
    await screen.findByRole('heading', { level: 3, name: 'Fotos des Schadens' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'regal.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.path === `${base}/required-documents/${claimId}/fotos`)?.body).toEqual(
        {
          uploadIds: ['u-1'],
        },
      ),
    );
    expect(calls.find((call) => call.method === 'PUT')?.path).toBe('/api/upload/u-1');
  });
});
