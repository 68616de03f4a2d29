import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { request as apiRequest } from './api';
import type { RequestFn } from './request';

// The live texts are bundled so the first paint never waits on the network; the server's
// /api/i18n/{channel}/{namespace} can replace them later (preview channel, newer versions).
const liveFiles = import.meta.glob<Record<string, unknown>>('../../../../packages/texts/live/*.json', {
  eager: true,
  import: 'default',
});

export const bundledResources: Resource = {
  de: Object.fromEntries(
    Object.entries(liveFiles).map(([file, texts]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), texts]),
  ),
};

export const NAMESPACES = Object.keys(bundledResources.de ?? {});

export const LANGUAGE = 'de';

export type TextChannel = 'live' | 'preview';

export type TextSettings = { showKeys: boolean; channel: TextChannel };

/** Reads `?withoutTranslations` (present with any value: show keys) and `?i18nChannel=preview`. */
export function readTextSettings(search: URLSearchParams): TextSettings {
  return {
    showKeys: search.has('withoutTranslations'),
    channel: search.get('i18nChannel') === 'preview' ? 'preview' : 'live',
  };
}

/** Creates the i18next instance; with showKeys (`?withoutTranslations`) every text renders as its key. */
export function createI18n({ showKeys = false }: { showKeys?: boolean } = {}): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: showKeys ? 'cimode' : LANGUAGE,
    fallbackLng: LANGUAGE,
    // A copy: i18next writes into its resources, and refreshed texts must not leak between instances.
    resources: structuredClone(bundledResources),
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // Re-render when refreshTexts adds newer texts from the server.
    react: { bindI18nStore: 'added', useSuspense: false },
  });
  return instance;
}

/** Orders text versions like '2026-11-22.9' < '2026-11-22.10' < '2026-11-22.10-preview'. */
export function compareTextVersions(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

function versionOf(texts: unknown): string | undefined {
  if (!texts || typeof texts !== 'object' || !('version' in texts)) return undefined;
  return typeof texts.version === 'string' ? texts.version : undefined;
}

/**
 * Loads the server's texts for every namespace and applies those with a newer `version` than the
 * ones in use. Failures are ignored: the bundled texts stay. Resolves with the namespaces replaced.
 */
export async function refreshTexts(
  i18n: I18n,
  { channel = 'live', request = apiRequest }: { channel?: TextChannel; request?: RequestFn } = {},
): Promise<string[]> {
  const refreshed = await Promise.all(
    NAMESPACES.map(async (namespace) => {
      const result = await request<Record<string, unknown>>({
        path: '/api/i18n/{channel}/{namespace}',
        pathParams: { channel, namespace },
        authenticated: false,
      });
      if (!result.ok || result.canceled) return undefined;
      const serverVersion = versionOf(result.data);
      const currentVersion = versionOf(i18n.getResourceBundle(LANGUAGE, namespace)) ?? '';
      if (!serverVersion || compareTextVersions(serverVersion, currentVersion) <= 0) return undefined;
      i18n.addResourceBundle(LANGUAGE, namespace, result.data, true, true);
      return namespace;
    }),
  );
  return refreshed.filter((namespace) => namespace !== undefined);
}
