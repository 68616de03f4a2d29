import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpenFeature } from '@openfeature/react-sdk';
import { NAMESPACES } from '../lib/i18n';
import type { SettingsStorage } from '../lib/session-settings';
import { startApp } from './start';
import { prepareStartup } from './startup';

function memoryStorage(): SettingsStorage {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

let root: Root | undefined;
let container: HTMLElement;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  // No server in unit tests: flag and text requests fail, so defaults and bundled texts apply.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503, headers: { 'Content-Type': 'application/json' } })),
  );
});

afterEach(async () => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
  await OpenFeature.clearProviders();
  // The app's browser router navigates the document; the next test starts on / again.
  window.history.replaceState(null, '', '/');
});

/** The paths of the calls the app made to the flag service (OFREP) so far. */
function flagServiceCalls(): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(
      ([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://x').pathname,
    )
    .filter((path) => path.startsWith('/ofrep/'));
}

describe('start: unknown environment', () => {
  it('reports an unknown host as a failed start instead of running the app', () => {
    const startup = prepareStartup({
      location: { host: 'schirm.example.com', search: '' },
      storage: memoryStorage(),
    });
    expect(startup.ok).toBe(false);
    expect(!startup.ok && startup.error.hostname).toBe('schirm.example.com');
  });

  it('shows the error screen on an unknown host', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => {
      root = startApp({
        container,
        location: { host: 'phishing.example:443', search: '' },
        storage: memoryStorage(),
      });
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Diese Internetadresse kennen wir nicht' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zu www.schirm.de' })).toHaveAttribute(
      'href',
      'https://www.schirm.de/',
    );
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });
});

describe('start: known environment', () => {
  it('applies the brand from ?brand= to the document and shows the start page', async () => {
    act(() => {
      root = startApp({
        container,
        location: { host: 'localhost:3000', search: '?brand=hfk' },
        storage: memoryStorage(),
      });
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Versicherung einfach online' }),
    ).toBeVisible();
    expect(document.documentElement.dataset.brand).toBe('hfk');
    expect(screen.getByRole('link', { name: 'HFK – zur Startseite' })).toBeVisible();
    expect(decodeURIComponent(document.cookie)).toContain('schirm_flag_context={"brand":"hfk"}');
  });

  it('shows text keys instead of texts with ?withoutTranslations', async () => {
    act(() => {
      root = startApp({
        container,
        location: { host: 'localhost:3000', search: '?withoutTranslations' },
        storage: memoryStorage(),
      });
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'hero.headline' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'portals.customer.action' })).toBeVisible();
    expect(screen.queryByText('Versicherung einfach online')).not.toBeInTheDocument();
  });
});

describe('start: loading order', () => {
  // The first import of a lazy chunk is transformed on demand and can outlast findBy's wait.
  beforeAll(async () => {
    await Promise.all([
      import('../features/auth/sign-in/sign-in-page'),
      import('../features/auth/forgot-password/forgot-password-page'),
      import('./services-route'),
    ]);
  });

  it('connects to the flag service with the first page that may use flags: not on the start page, on the sign-in for its help button only', async () => {
    act(() => {
      root = startApp({
        container,
        location: { host: 'localhost:3000', search: '?brand=protect' },
        storage: memoryStorage(),
      });
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Versicherung einfach online' }),
    ).toBeVisible();
    expect(flagServiceCalls()).toHaveLength(0);

    await userEvent.click(screen.getByRole('link', { name: 'Zum Kundenportal' }));

    // The sign-in's first screen asks for its one flag, without the OpenFeature SDK.
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await waitFor(() => expect(flagServiceCalls()).toEqual(['/ofrep/v1/evaluate/flags/help-button']));
    expect(decodeURIComponent(document.cookie)).toContain('schirm_flag_context={"brand":"protect"}');

    // A page below ServicesRoute connects OpenFeature (all flags at once).
    await userEvent.click(screen.getByRole('link', { name: 'Passwort vergessen?' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Passwort vergessen' }, { timeout: 10_000 }),
    ).toBeVisible();
    await waitFor(() =>
      expect(flagServiceCalls()).toEqual([
        '/ofrep/v1/evaluate/flags/help-button',
        '/ofrep/v1/evaluate/flags',
      ]),
    );
  });
});

describe('start: prerendered first screen', () => {
  beforeAll(async () => {
    await import('../features/auth/sign-in/sign-in-page');
  });

  // The text refresh after the first page asks for every namespace, one after another: the test
  // waits for it to end while fetch is still the stub.
  afterEach(async () => {
    const textRequests = () =>
      vi
        .mocked(fetch)
        .mock.calls.filter(([input]) =>
          String(input instanceof Request ? input.url : input).includes('/api/i18n/'),
        );
    await waitFor(() => expect(textRequests()).toHaveLength(NAMESPACES.length));
  });

  it("keeps the build's prerendered screen until the page's code is there, then shows the page in its place without a loading screen", async () => {
    window.history.replaceState(null, '', '/kunden/login/');
    container.dataset.prerendered = '/kunden/login/';
    container.innerHTML = '<main><h1>Vorab gezeichnet</h1></main>';
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(container.textContent ?? ''));
    observer.observe(container, { childList: true, subtree: true, characterData: true });

    act(() => {
      root = startApp({
        container,
        location: { host: 'localhost:3000', search: '' },
        storage: memoryStorage(),
      });
    });
    // Still the prerendered screen right after the start: the router is loading the page.
    expect(screen.getByRole('heading', { level: 1, name: 'Vorab gezeichnet' })).toBeVisible();

    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    expect(screen.queryByText('Vorab gezeichnet')).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail-Adresse')).not.toHaveAttribute('readonly');
    observer.disconnect();
    expect(shown.some((text) => text.includes('Seite wird geladen'))).toBe(false);
  });

  it('without a prerendered screen shows the loading screen while the page loads', async () => {
    window.history.replaceState(null, '', '/kunden/login/');
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(container.textContent ?? ''));
    observer.observe(container, { childList: true, subtree: true, characterData: true });

    act(() => {
      root = startApp({
        container,
        location: { host: 'localhost:3000', search: '' },
        storage: memoryStorage(),
      });
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    observer.disconnect();
    expect(shown.some((text) => text.includes('Seite wird geladen'))).toBe(true);
  });
});
