// A partner's frame on another site (issue 16): Chromium refuses sessionStorage there, so
// `embedded` and `partner` cannot be kept per tab. The app reads them once per page load from the
// first URL (prepareStartup) and keeps them in its settings for the page's lifetime: in-app
// navigation, which drops the query string, never leaves embedded mode or forgets the partner.
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
  expect(window.location.search).toBe('');
  expect(screen.getByText(brokerNote)).toBeInTheDocument();
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  expect(document.documentElement.dataset.embedded).toBe('true');
  // The partner was checked once for the page load, not again per page.
  await waitFor(() => expect(partnerChecks()).toBe(1));
});
