import {
  applicationBaseRoute,
  type ProductApplication,
} from '@schirm/domain/application/product-application';
// What the application's web tests share: a fixed day, a faked API that answers per method and
// path (with handlers that can wait, so a test sees the state while a price is calculating) and
// records every call with its body and headers, the fahrrad answers of a complete application,
// a stored wizard at any step, and rendering the application routes at an address. Only for tests.
import { InMemoryProvider, OpenFeature, OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { FlowAnswers } from '@schirm/domain/application/flow';
import { fahrradApplication } from '@schirm/domain/application/flows/fahrrad';
import { initialWizardState, reduceWizard } from '@schirm/domain/application/wizard-state';
import type { i18n as I18n } from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Outlet } from 'react-router';
import { FlagStatusContext, type FlagStatus } from '../../lib/flags';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { Angebot, ApplicationResult } from './application-api';
import {
  ApplicationPage as RouteApplicationPage,
  applicationLoader,
  forgetLoadedWizard,
} from './application-page';
import { WizardPage as ApplicationPage } from './wizard-page';
import { ConfirmationPage } from './confirmation-page';
import { ApplicationErrorPage, CheckFailedPage, SorryPage } from './result-pages';
import { storageKey, type StoredApplication } from './wizard-storage';

/** The day every application test runs on (Europe/Berlin). */
export const TODAY = '2026-03-10';

/** Fakes only the clock's date (timers stay real, so user events and waitFor work). */
export function fixToday(): void {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T09:00:00Z`) });
}

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  body?: unknown;
  headers: Record<string, string>;
  /** Whether the caller has cancelled the request by now. */
  isAborted: () => boolean;
}

type Reply = { status?: number; body?: unknown };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/** Fakes fetch: `${method} ${path}` (path without the query) → handler; unknown calls answer 404. */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const path = url.split('?')[0]!;
      const method = init?.method ?? 'GET';
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const call: RecordedCall = {
        method,
        path,
        url,
        headers,
        isAborted: () => init?.signal?.aborted ?? false,
        ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}),
      };
      calls.push(call);
      const handler = handlers[`${method} ${path}`];
      const signal = init?.signal;
      const reply = handler
        ? await Promise.race([
            Promise.resolve(handler(call)),
            new Promise<never>((_, reject) =>
              signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            ),
          ])
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nicht gefunden' } } };
      return Response.json(reply.body ?? null, { status: reply.status ?? 200 });
    }),
  );
  return calls;
}

/** A promise the test resolves when it wants (a server that takes its time). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A tarifieren answer: every variant, every payment period, the monthly premium from the price. */
export function quoteFor(kaufpreisCents: number) {
  const monthly = Math.round(kaufpreisCents / 100);
  const periods = { MONATLICH: 1, VIERTELJAEHRLICH: 3, HALBJAEHRLICH: 6, JAEHRLICH: 12 } as const;
  const variant = (id: string, name: string, factor: number) => ({
    deckungsVarianteIdentifier: id,
    deckungsVarianteName: name,
    premiums: Object.entries(periods).map(([zahlweise, months]) => {
      const bruttoCents = monthly * factor * months;
      const nettoCents = Math.round(bruttoCents / 1.19);
      return { zahlweise, nettoCents, versicherungsteuerCents: bruttoCents - nettoCents, bruttoCents };
    }),
  });
  return {
    kind: 'quote',
    product: 'FAHRRAD',
    variants: [
      variant('FAHRRAD_BASIS', 'Basis', 1),
      variant('FAHRRAD_KOMFORT', 'Komfort', 2),
      variant('FAHRRAD_PREMIUM', 'Premium', 3),
    ],
  };
}

/** The answers of a complete bicycle application (monthly, Komfort). */
export const FAHRRAD_ANSWERS = {
  fahrrad: {
    art: 'FAHRRAD',
    typ: 'RENNRAD',
    hersteller: 'cube',
    herstellerSuche: 'Cube',
    kaufpreisCents: 150_000,
    kaufdatum: '2026-01-15',
    zustand: 'NEU',
  },
  tarif: { deckungsVariante: 'FAHRRAD_KOMFORT' },
  beginn: { versicherungsbeginn: '2026-04-01', zahlweise: 'MONATLICH' },
  person: {
    vorname: 'Anna',
    nachname: 'Schneider',
    geburtsdatum: '1990-05-17',
    email: 'anna.schneider@example.de',
  },
  adresse: { strasse: 'Hauptstraße', hausnummer: '12a', plz: '10115', ort: 'Berlin' },
  sepa: { kontoinhaber: 'Anna Schneider', iban: 'DE39500105175407324924', sepaMandat: true },
  beratungsverzicht: { beratungsverzicht: true },
  erklaerung: { antragVerbindlich: true },
} as const satisfies FlowAnswers;

/** The steps' answers up to (not including) a step. */
export function answersBefore(stepId: keyof typeof FAHRRAD_ANSWERS | 'dokumente'): FlowAnswers {
  const order = Object.keys(FAHRRAD_ANSWERS);
  const end = stepId === 'dokumente' ? order.indexOf('erklaerung') : order.indexOf(stepId);
  return Object.fromEntries(Object.entries(FAHRRAD_ANSWERS).slice(0, end));
}

export const OFFER: Angebot = {
  kind: 'angebot',
  angebotId: 'ang-1',
  gueltigBis: '2026-03-24',
  produkt: 'fahrrad',
  produktName: 'Fahrrad- und E-Bike-Versicherung',
  variante: 'FAHRRAD_KOMFORT',
  varianteName: 'Komfort',
  zahlweise: 'MONATLICH',
  versicherungsbeginn: '2026-04-01',
  beitrag: { nettoCents: 2521, versicherungsteuerCents: 479, bruttoCents: 3000 },
  dokumente: [
    {
      typ: 'KUNDENINFORMATION',
      name: 'Kundeninformation',
      url: '/api/taa/angebote/ang-1/dokumente/KUNDENINFORMATION',
    },
    { typ: 'IPID', name: 'Produktinformationsblatt', url: '/api/taa/angebote/ang-1/dokumente/IPID' },
  ],
  versandtAn: 'anna.schneider@example.de',
  versandtAm: '2026-03-10T09:00:00Z',
};

export const CONTRACT: ApplicationResult = {
  kind: 'vertrag',
  antragId: 'antrag-1',
  versicherungsNummer: 'FA2601234567',
  status: 'LAUFEND',
  produkt: 'FAHRRAD',
  produktName: 'Fahrrad- und E-Bike-Versicherung',
  varianteName: 'Komfort',
  vertragsBeginn: '2026-04-01',
  zahlweise: 'MONATLICH',
  beitrag: { nettoCents: 2521, versicherungsteuerCents: 479, bruttoCents: 3000 },
  email: 'anna.schneider@example.de',
  registrierung: 'LINK_GESENDET',
  dokumente: [{ name: 'Versicherungsschein', url: '/api/dokument/antrag-1/versicherungsschein' }],
};

/** Stores a fahrrad wizard with these answers on this step, as a previous visit of the tab would. */
export function storeWizard(
  answers: FlowAnswers,
  currentStep: string,
  extras: Partial<StoredApplication> = {},
  application: ProductApplication = fahrradApplication,
) {
  const flow = application.createFlow({
    today: TODAY,
    newProductGenerations: true,
    travelHealthInsurance: false,
  });
  let state = initialWizardState<ApplicationResult>(flow, {
    productName: application.name,
    productKey: application.productKey,
    channel: 'antrag',
    baseRoute: applicationBaseRoute(application).replace(/\/$/, ''),
  });
  for (const [stepId, values] of Object.entries(answers)) {
    const outcome = reduceWizard(flow, state, { type: 'answer', stepId, values });
    if (!outcome.ok) throw new Error(`${stepId}: ${outcome.refusal.message}`);
    state = outcome.state;
  }
  const stored: StoredApplication = { version: 1, wizard: { ...state, currentStep }, ...extras };
  sessionStorage.setItem(storageKey(application.slug), JSON.stringify(stored));
}

/** The stored fahrrad wizard. */
export function storedWizard(): StoredApplication | undefined {
  const text = sessionStorage.getItem(storageKey('fahrrad'));
  return text ? (JSON.parse(text) as StoredApplication) : undefined;
}

/** The flags the application reads: the new generation (Basis, Komfort, Premium), no travel health part. */
export async function setFlags(): Promise<void> {
  const flag = (on: boolean) =>
    ({ variants: { on: true, off: false }, defaultVariant: on ? 'on' : 'off', disabled: false }) as const;
  await OpenFeature.setProviderAndWait(
    new InMemoryProvider({ 'new-product-generations': flag(true), 'travel-health-insurance': flag(false) }),
  );
}

/** Renders the application routes (as the router nests them) at an address. */
export function renderApplication(path: string, { flagStatus = 'ready' }: { flagStatus?: FlagStatus } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        element: (
          <OpenFeatureProvider>
            <FlagStatusContext value={flagStatus}>
              <QueryClientProvider client={client}>
                <main>
                  <Outlet />
                </main>
              </QueryClientProvider>
            </FlagStatusContext>
          </OpenFeatureProvider>
        ),
        children: [
          { path: '/:produkt/antrag', element: <ApplicationPage /> },
          { path: '/:produkt/antrag/bestaetigung', element: <ConfirmationPage /> },
          { path: '/:produkt/antrag/:schritt', element: <ApplicationPage /> },
          { path: '/antrag/bestaetigung', element: <ConfirmationPage /> },
          { path: '/antrag/:schritt', element: <ApplicationPage /> },
          { path: '/antrag/sorry', element: <SorryPage /> },
          { path: '/antrag/check-failed', element: <CheckFailedPage /> },
          { path: '/antrag/fehler', element: <ApplicationErrorPage /> },
          { path: '/kunden/login', element: <h1>Anmeldung</h1> },
        ],
      },
    ],
    { path },
  );
}

// happy-dom fires 'selectionchange' at once, even when the selection does not move; React Aria's
// date segments collapse the selection on it, which loops here (see ui/forms/date-input.test.tsx).
const originalCollapse = Selection.prototype.collapse;
export function patchSelection(): void {
  Selection.prototype.collapse = function collapse(this: Selection, node: Node | null, offset?: number) {
    const isSamePlace = this.anchorNode === node && (this.anchorOffset ?? 0) === (offset ?? 0);
    if (this.isCollapsed && isSamePlace) return;
    originalCollapse.call(this, node, offset);
  };
}
export function unpatchSelection(): void {
  Selection.prototype.collapse = originalCollapse;
}

/** axe on a rendered page; contrast and layout need a real browser (checked there). */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/**
 * Renders the application's route as the router has it (first screen, loader), at an address;
 * with `i18n`, in that i18next instance (e.g. one that has to load the screens' texts first) and
 * under a Suspense boundary as the app's layouts have it ('Seite wird geladen').
 */
export function renderApplicationRoute(path: string, { i18n }: { i18n?: I18n } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = { Component: RouteApplicationPage, loader: applicationLoader };
  const withTexts = (element: ReactNode) =>
    i18n ? (
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Seite wird geladen</p>}>{element}</Suspense>
      </I18nextProvider>
    ) : (
      element
    );
  return renderRoutes(
    [
      {
        element: withTexts(
          <OpenFeatureProvider>
            <FlagStatusContext value="ready">
              <QueryClientProvider client={client}>
                <main>
                  <Outlet />
                </main>
              </QueryClientProvider>
            </FlagStatusContext>
          </OpenFeatureProvider>,
        ),
        children: [
          { path: '/:produkt/antrag', ...page },
          { path: '/:produkt/antrag/:schritt', ...page },
          { path: '/antrag/:schritt', ...page },
        ],
      },
    ],
    { path },
  );
}

/** The wizard's own controls (react-aria marks them with data-rac); the first screen draws none. */
export const wizardControls = () => document.querySelectorAll('[data-rac]');

/**
 * The hooks of a test file that opens application pages: flags and the selection patch once, and
 * before each test the fixed day and an empty sessionStorage.
 */
export function setUpApplicationTests(): void {
  beforeAll(async () => {
    patchSelection();
    await setFlags();
  });
  afterAll(unpatchSelection);
  beforeEach(() => {
    fixToday();
    sessionStorage.clear();
  });
}

/** setUpApplicationTests, and no wizard loaded before each test: every page opens from its first screen. */
export function setUpFirstScreenTests(): void {
  setUpApplicationTests();
  beforeEach(forgetLoadedWizard);
}
