// A partner's frame on another site (issue 16): Chromium refuses sessionStorage there, so
// `embedded` and `partner` cannot be kept per tab. The app reads them once per page load from the
// first URL (prepareStartup) and keeps them in its settings for the page's lifetime: in-app
// navigation never leaves embedded mode or forgets the partner. The frame's address keeps them too
// (embedding-address.ts), so a reload of the frame starts embedded for the partner again; the
// wizard's answers, kept in page memory there, are gone, and the person is told so on the first step.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { OpenFeature } from '@openfeature/react-sdk';
import { startApp } from '../../app/start';
import { setHostConnection } from '../../lib/embedding-host';
import { getSessionStorage } from '../../lib/session-settings';
import { frameByHost, HOST_ORIGIN, PARTNER } from '../../lib/testing/embedding-host';
import { resetEmbeddingStart } from './embedding-gate';

let root: Root | undefined;
let container: HTMLElement;
let unframe: () => void = () => undefined;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(async () => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  unframe();
  setHostConnection(null);
  resetEmbeddingStart();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await OpenFeature.clearProviders();
  window.history.replaceState(null, '', '/');
});

/** The portal's answers: the partner for the host's origin; everything else is not there. */
function stubPortalApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost:3000');
    const isPartnerCheck =
      url.pathname === `/api/einbettung/partner/${PARTNER.partnerKey}` &&
      url.searchParams.get('origin') === HOST_ORIGIN;
    return new Response(
      JSON.stringify(isPartnerCheck ? PARTNER : { error: { message: 'Nicht gefunden.' } }),
      {
        status: isPartnerCheck ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return () =>
    fetchMock.mock.calls.filter(([input]) =>
      String(input instanceof Request ? input.url : input).includes('/api/einbettung/partner/'),
    ).length;
}

it('stays embedded for the partner after in-app navigation when the frame gets no sessionStorage', async () => {
  vi.spyOn(globalThis, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  });
  unframe = frameByHost();
  const partnerChecks = stubPortalApi();
  window.history.replaceState(null, '', `/?embedded=true&partner=${PARTNER.partnerKey}`);
  const storage = getSessionStorage();
  expect(storage).toBeUndefined();

  act(() => {
    root = startApp({ container, location: window.location, storage });
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Versicherung einfach online' })).toBeVisible();
  const brokerNote = 'Vermittelt über Radhaus Müller. Ihr Vermittler: Agentur Claudia Krüger.';
  expect(screen.getByText(brokerNote)).toBeInTheDocument();
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();

  // In-app navigation: the address no longer carries embedded or partner.
  await userEvent.click(screen.getAllByRole('link', { name: /Fahrrad/ })[0]!);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Ihr Fahrrad' }, { timeout: 10_000 }),
  ).toBeVisible();
  expect(window.location.pathname).toBe('/fahrrad/antrag/fahrrad/');
  // The address keeps the embedding's parameters, for a reload.
  await waitFor(() => expect(window.location.search).toBe(`?embedded=true&partner=${PARTNER.partnerKey}`));
  expect(screen.getByText(brokerNote)).toBeInTheDocument();
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  expect(document.documentElement.dataset.embedded).toBe('true');
  // The partner was checked once for the page load, not again per page.
  await waitFor(() => expect(partnerChecks()).toBe(1));
});

/** Frames the window without sessionStorage (a frame of another site) and stubs the API. */
function thirdPartyFrame() {
  vi.spyOn(globalThis, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  });
  unframe = frameByHost();
  return stubPortalApi();
}

/** How the next page load came about ('navigate', 'reload', 'back_forward'). */
function loadedBy(type: string) {
  vi.spyOn(window.performance, 'getEntriesByType').mockReturnValue([{ type } as unknown as PerformanceEntry]);
}

it('keeps the partner in the address through the wizard, so a reload of the frame is embedded again', async () => {
  thirdPartyFrame();
  loadedBy('navigate');
  window.history.replaceState(
    null,
    '',
    `/fahrrad/antrag/?embedded=true&partner=${PARTNER.partnerKey}&brand=fahrrad`,
  );
  act(() => {
    root = startApp({ container, location: window.location, storage: getSessionStorage() });
  });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Ihr Fahrrad' }, { timeout: 10_000 }),
  ).toBeVisible();
  // The wizard replaced /fahrrad/antrag/ by its first step; the address still names the partner.
  await waitFor(() =>
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      `/fahrrad/antrag/fahrrad/?embedded=true&partner=${PARTNER.partnerKey}&brand=fahrrad`,
    ),
  );

  // The page is loaded again at that address (F5 in the frame): embedded for the partner, no refusal.
  act(() => root?.unmount());
  setHostConnection(null);
  resetEmbeddingStart();
  loadedBy('reload');
  act(() => {
    root = startApp({ container, location: window.location, storage: getSessionStorage() });
  });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Ihr Fahrrad' }, { timeout: 10_000 }),
  ).toBeVisible();
  expect(
    screen.getByText('Vermittelt über Radhaus Müller. Ihr Vermittler: Agentur Claudia Krüger.'),
  ).toBeVisible();
  expect(screen.queryByText('Diese Seite kann hier nicht eingebettet werden.')).not.toBeInTheDocument();
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  // Reloaded on the first step, nothing was lost that the wizard had taken: no note.
  expect(screen.queryByText('Die Seite wurde neu geladen.')).not.toBeInTheDocument();
});

it('after a reload in the middle of the application, starts again at the first step with a German note', async () => {
  thirdPartyFrame();
  loadedBy('reload');
  // The address the frame kept on a later step; the answers were in the page's memory only.
  window.history.replaceState(null, '', `/fahrrad/antrag/tarif/?embedded=true&partner=${PARTNER.partnerKey}`);
  act(() => {
    root = startApp({ container, location: window.location, storage: getSessionStorage() });
  });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Ihr Fahrrad' }, { timeout: 10_000 }),
  ).toBeVisible();
  const note = screen
    .getAllByRole('note')
    .find((element) => element.textContent?.includes('Die Seite wurde neu geladen.'));
  expect(note).toBeVisible();
  expect(note).toHaveTextContent(
    'Ihre bisherigen Angaben konnten in diesem eingebetteten Fenster nicht gespeichert werden, weil Ihr Browser das hier nicht erlaubt. Bitte beginnen Sie noch einmal mit dem ersten Schritt.',
  );
  expect(screen.queryByText('Diese Seite kann hier nicht eingebettet werden.')).not.toBeInTheDocument();
  await waitFor(() =>
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      `/fahrrad/antrag/fahrrad/?embedded=true&partner=${PARTNER.partnerKey}`,
    ),
  );
});
