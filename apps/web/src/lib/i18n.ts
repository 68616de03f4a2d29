import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

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

/** Creates the i18next instance; with showKeys (`?withoutTranslations`) every text renders as its key. */
export function createI18n({ showKeys = false }: { showKeys?: boolean } = {}): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: showKeys ? 'cimode' : 'de',
    fallbackLng: 'de',
    resources: bundledResources,
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
