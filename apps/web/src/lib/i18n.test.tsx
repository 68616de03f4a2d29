import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import {
  compareTextVersions,
  createI18n,
  loadTexts,
  NAMESPACES,
  readTextSettings,
  refreshTexts,
  SHELL_NAMESPACES,
} from './i18n';
import { createRequest } from './request';

function serverWith(answer: (url: string) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string) => answer(url));
  return {
    fetchMock,
    request: createRequest({ getAccessToken: () => null, fetch: fetchMock as unknown as typeof fetch }),
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function Loading() {
  const { t } = useTranslation('common');
  return <p>{t('loading')}</p>;
}

describe('text settings from the URL', () => {
  it('shows keys when ?withoutTranslations is present with any value', () => {
    expect(readTextSettings(new URLSearchParams('withoutTranslations')).showKeys).toBe(true);
    expect(readTextSettings(new URLSearchParams('withoutTranslations=false')).showKeys).toBe(true);
    expect(readTextSettings(new URLSearchParams('brand=hfk')).showKeys).toBe(false);
  });

  it('selects the preview channel only with ?i18nChannel=preview', () => {
    expect(readTextSettings(new URLSearchParams('i18nChannel=preview')).channel).toBe('preview');
    expect(readTextSettings(new URLSearchParams('i18nChannel=beta')).channel).toBe('live');
    expect(readTextSettings(new URLSearchParams('')).channel).toBe('live');
  });
});

describe('createI18n', () => {
  it('renders the bundled German texts at once', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <Loading />
      </I18nextProvider>,
    );
    expect(screen.getByText('Wird geladen …')).toBeVisible();
  });

  it('renders keys instead of texts with showKeys', () => {
    render(
      <I18nextProvider i18n={createI18n({ showKeys: true })}>
        <Loading />
      </I18nextProvider>,
    );
    expect(screen.getByText('loading')).toBeVisible();
  });

  it('knows every namespace of packages/texts/live, the shell ones among them', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining([...SHELL_NAMESPACES]));
  });

  it('loads a namespace that is not bundled when a screen asks for it, waiting instead of showing keys', async () => {
    const screenNamespace = NAMESPACES.find(
      (namespace) => !(SHELL_NAMESPACES as readonly string[]).includes(namespace),
    );
    if (!screenNamespace) throw new Error('packages/texts/live has no namespace outside the shell to load');
    const i18n = createI18n({ resources: { de: {} } });
    function Version() {
      const { t } = useTranslation(screenNamespace);
      return <p>{`Version ${t('version')}`}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Texte laden</p>}>
          <Version />
        </Suspense>
      </I18nextProvider>,
    );

    expect(screen.getByText('Texte laden')).toBeVisible();
    expect(await screen.findByText(/^Version \d{4}-\d{2}-\d{2}/)).toBeVisible();
    expect(screen.queryByText('Version version')).not.toBeInTheDocument();
  });
});

describe('loadTexts', () => {
  it("loads a route's namespaces before its screen renders, without re-rendering the texts in use, and tells the refresh", async () => {
    const i18n = createI18n({ resources: { de: {} } });
    const added = vi.fn();
    const loaded = vi.fn();
    i18n.store.on('added', added);
    i18n.on('loaded', loaded);
    expect(i18n.hasResourceBundle('de', 'auth')).toBe(false);

    await loadTexts(i18n, ['auth', 'forms']);

    expect(i18n.t('signIn.headline', { ns: 'auth' })).toBe('Anmelden');
    expect(i18n.t('password.show', { ns: 'forms' })).toBe('Passwort anzeigen');
    expect(added).not.toHaveBeenCalled();
    expect(loaded).toHaveBeenCalledWith({ de: { auth: true } });
    expect(loaded).toHaveBeenCalledWith({ de: { forms: true } });
    // A screen using them renders at once instead of suspending.
    function Headline() {
      const { t } = useTranslation('auth');
      return <h1>{t('signIn.headline')}</h1>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Texte laden</p>}>
          <Headline />
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  });
});

describe('refreshTexts', () => {
  it('applies a newer server version and re-renders the texts in use', async () => {
    const i18n = createI18n();
    const { fetchMock, request } = serverWith((url) =>
      url === '/api/i18n/live/common'
        ? json({ version: '2099-01-01.1', loading: 'Bitte warten …' })
        : new Response('{}', { status: 404 }),
    );
    render(
      <I18nextProvider i18n={i18n}>
        <Loading />
      </I18nextProvider>,
    );

    let refreshed: string[] = [];
    await act(async () => {
      refreshed = await refreshTexts(i18n, { request });
    });

    expect(refreshed).toEqual(['common']);
    expect(screen.getByText('Bitte warten …')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith('/api/i18n/live/common', expect.anything());
  });

  it('also checks namespaces that load later, when they arrive', async () => {
    const screenNamespace = NAMESPACES.find(
      (namespace) => !(SHELL_NAMESPACES as readonly string[]).includes(namespace),
    );
    if (!screenNamespace) throw new Error('packages/texts/live has no namespace outside the shell to load');
    const i18n = createI18n({ resources: { de: {} } });
    const { fetchMock, request } = serverWith((url) =>
      url === `/api/i18n/live/${screenNamespace}`
        ? json({ version: '2099-12-31.1', neu: 'Neuer Text' })
        : new Response('{}', { status: 404 }),
    );

    expect(await refreshTexts(i18n, { request })).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    await i18n.loadNamespaces(screenNamespace);

    await vi.waitFor(() => expect(i18n.t(`${screenNamespace}:neu`)).toBe('Neuer Text'));
    expect(i18n.t(`${screenNamespace}:version`)).toBe('2099-12-31.1');
  });

  it('keeps the bundled texts when the server has the same or an older version', async () => {
    const i18n = createI18n();
    const { request } = serverWith(() => json({ version: '2000-01-01.1', loading: 'Alt' }));
    expect(await refreshTexts(i18n, { request })).toEqual([]);
    expect(i18n.t('common:loading')).toBe('Wird geladen …');
  });

  it('ignores failures silently and keeps the bundled texts', async () => {
    const i18n = createI18n();
    const { request } = serverWith(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(refreshTexts(i18n, { request })).resolves.toEqual([]);
    expect(i18n.t('common:loading')).toBe('Wird geladen …');
  });

  it('ignores answers without a version', async () => {
    const i18n = createI18n();
    const { request } = serverWith(() => json({ loading: 'Ohne Version' }));
    expect(await refreshTexts(i18n, { request })).toEqual([]);
  });

  it('loads the preview channel when asked', async () => {
    const i18n = createI18n();
    const { fetchMock, request } = serverWith(() =>
      json({ version: '2026-11-22.1-preview', loading: 'Vorschau' }),
    );
    await refreshTexts(i18n, { channel: 'preview', request });
    expect(fetchMock).toHaveBeenCalledWith('/api/i18n/preview/common', expect.anything());
    expect(i18n.t('common:loading')).toBe('Vorschau');
  });
});

describe('compareTextVersions', () => {
  it('orders dated versions numerically, preview after live', () => {
    expect(compareTextVersions('2026-11-22.10', '2026-11-22.9')).toBeGreaterThan(0);
    expect(compareTextVersions('2026-11-23.1', '2026-11-22.9')).toBeGreaterThan(0);
    expect(compareTextVersions('2026-11-22.1-preview', '2026-11-22.1')).toBeGreaterThan(0);
    expect(compareTextVersions('2026-11-22.1', '2026-11-22.1')).toBe(0);
  });

  it('orders every pair of versions as a numeric collator does', () => {
    const collator = new Intl.Collator('en', { numeric: true });
    const versions = ['2025-12-31', '2026-01-01', '2026-11-09', '2026-11-22', '2026-12-01'].flatMap((day) =>
      ['1', '2', '9', '10', '11', '100'].flatMap((n) => [`${day}.${n}`, `${day}.${n}-preview`]),
    );
    for (const a of versions) {
      for (const b of versions) {
        expect(Math.sign(compareTextVersions(a, b)), `${a} vs ${b}`).toBe(Math.sign(collator.compare(a, b)));
      }
    }
  });
});
