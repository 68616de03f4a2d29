import i18next, { type BackendModule, type i18n as I18n, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { request as apiRequest } from './api';
import type { RequestFn } from './request';

type Texts = Record<string, unknown>;

/** Namespaces bundled into the first JavaScript (keep in line with the glob pattern below). */
export const SHELL_NAMESPACES = ['common', 'shell', 'navigation', 'ui', 'errors'] as const;

/*
 * Texts come from packages/texts/live. The shell's namespaces are bundled into the first
 * JavaScript, so the first paint never waits on the network; every other namespace is its own
 * chunk, loaded when a screen first asks for it (screens wait in Suspense, never show keys).
 * Afterwards the server's /api/i18n/{channel}/{namespace} may replace texts with newer versions.
 */
const shellFiles = import.meta.glob<Texts>(
  '../../../../packages/texts/live/{common,shell,navigation,ui,errors}.json',
  { eager: true, import: 'default' },
);
const screenFiles = import.meta.glob<Texts>(
  [
    '../../../../packages/texts/live/*.json',
    '!../../../../packages/texts/live/{common,shell,navigation,ui,errors}.json',
  ],
  { import: 'default' },
);

function namespaceOf(file: string): string {
  return file.replace(/^.*\/(.+)\.json$/, '$1');
}

function byNamespace<T>(files: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(files).map(([file, value]) => [namespaceOf(file), value]));
}

const screenLoaders = byNamespace(screenFiles);

async function loadAllScreenTexts(): Promise<Record<string, Texts>> {
  const entries = await Promise.all(
    Object.entries(screenLoaders).map(async ([namespace, load]) => [namespace, await load()] as const),
  );
  return Object.fromEntries(entries);
}

// Tests render synchronously, so under Vitest every namespace is there from the start. The
// condition is false in every build, where the branch and its await are removed.
const testTexts = import.meta.env.MODE === 'test' ? await loadAllScreenTexts() : {};

/** The texts available without loading: the shell's namespaces (under Vitest: all). */
export const bundledResources: Resource = {
  de: { ...testTexts, ...byNamespace(shellFiles) } as Record<string, ResourceKey>,
};

/**
 * Starts fetching screen namespaces' chunks now, e.g. together with a route's code: the screen's
 * first render then finds them loaded instead of fetching them one after another (its page,
 * then its namespace, then the namespace of the form fields inside it). Failures are left to the
 * backend's own load, which reports them.
 */
export function preloadTexts(namespaces: readonly string[]): void {
  for (const namespace of namespaces) {
    // Bundled namespaces (the shell's; under Vitest all) are there already.
    if (bundledResources.de?.[namespace]) continue;
    void screenLoaders[namespace]?.().catch(() => undefined);
  }
}

/**
 * Loads screen namespaces into an i18n instance, their chunks and i18next's store, e.g. together
 * with a route's code: the screen's first render then has its texts instead of suspending once per
 * namespace (a render pass and a loading screen each). Never rejects: a failure is left to the
 * screen's own load, which reports it. Without an instance it only starts fetching the chunks.
 */
export async function loadTexts(i18n: I18n | undefined, namespaces: readonly string[]): Promise<void> {
  preloadTexts(namespaces);
  if (!i18n) return;
  await Promise.all(
    namespaces.map(async (namespace) => {
      const load = screenLoaders[namespace];
      if (!load || i18n.hasResourceBundle(LANGUAGE, namespace)) return;
      const texts = await load().catch(() => undefined);
      if (!texts || i18n.hasResourceBundle(LANGUAGE, namespace)) return;
      // Silently: i18next's 'added' re-renders every mounted useTranslation synchronously (a
      // long task on a phone), and nothing mounted needs these texts yet. 'loaded' tells
      // refreshTexts, which listens for it.
      i18n.addResourceBundle(LANGUAGE, namespace, structuredClone(texts), true, false, {
        silent: true,
        skipCopy: true,
      });
      i18n.emit('loaded', { [LANGUAGE]: { [namespace]: true } });
    }),
  );
}

/** Every namespace of packages/texts/live, bundled or loaded on demand. */
export const NAMESPACES = [
  ...new Set([...Object.keys(bundledResources.de ?? {}), ...Object.keys(screenLoaders)]),
].sort();

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

const screenTextsBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(_language, namespace, callback) {
    const load = screenLoaders[namespace];
    if (!load) {
      callback(new Error(`No texts for namespace "${namespace}"`), false);
      return;
    }
    load().then(
      // A copy: i18next merges refreshed texts into it, and the module object is shared.
      (texts) => callback(null, structuredClone(texts) as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/**
 * Creates the i18next instance; with showKeys (`?withoutTranslations`) every text renders as its
 * key. `resources` are the texts available without loading (default: the bundled ones).
 */
export function createI18n({
  showKeys = false,
  resources = bundledResources,
}: { showKeys?: boolean; resources?: Resource } = {}): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(screenTextsBackend)
    .use(initReactI18next)
    .init({
      lng: showKeys ? 'cimode' : LANGUAGE,
      fallbackLng: LANGUAGE,
      load: 'currentOnly',
      // A copy: i18next writes into its resources, and refreshed texts must not leak between instances.
      resources: structuredClone(resources),
      partialBundledLanguages: true,
      ns: Object.keys(resources[LANGUAGE] ?? {}),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      // Suspend while a screen's namespace loads; re-render when refreshTexts adds newer texts.
      react: { useSuspense: true, bindI18nStore: 'added' },
    });
  return instance;
}

const VERSION_PARTS = /\d+|\D+/g;

/**
 * Orders text versions like '2026-11-22.9' < '2026-11-22.10' < '2026-11-22.10-preview': runs of
 * digits by their number, other runs by their characters, a longer version after its prefix.
 * (localeCompare with { numeric: true } orders them alike, but builds an ICU collator per call:
 * 15 to 40 ms of main-thread work each while the texts refresh after the first paint.)
 */
export function compareTextVersions(a: string, b: string): number {
  const partsA = a.match(VERSION_PARTS) ?? [];
  const partsB = b.match(VERSION_PARTS) ?? [];
  for (let index = 0; index < Math.min(partsA.length, partsB.length); index += 1) {
    const partA = partsA[index]!;
    const partB = partsB[index]!;
    if (partA === partB) continue;
    const isNumberA = partA.charCodeAt(0) >= 48 && partA.charCodeAt(0) <= 57;
    const isNumberB = partB.charCodeAt(0) >= 48 && partB.charCodeAt(0) <= 57;
    if (isNumberA && isNumberB && Number(partA) !== Number(partB)) return Number(partA) - Number(partB);
    return partA < partB ? -1 : 1;
  }
  return partsA.length - partsB.length;
}

function versionOf(texts: unknown): string | undefined {
  if (!texts || typeof texts !== 'object' || !('version' in texts)) return undefined;
  return typeof texts.version === 'string' ? texts.version : undefined;
}

type RefreshOptions = { channel?: TextChannel; request?: RequestFn };

/** Applies the server's texts of one namespace when their `version` is newer; failures keep the texts. */
export async function refreshNamespace(
  i18n: I18n,
  namespace: string,
  { channel = 'live', request = apiRequest }: RefreshOptions = {},
): Promise<boolean> {
  const result = await request<Texts>({
    path: '/api/i18n/{channel}/{namespace}',
    pathParams: { channel, namespace },
    authenticated: false,
  });
  if (!result.ok || result.canceled) return false;
  const serverVersion = versionOf(result.data);
  const currentVersion = versionOf(i18n.getResourceBundle(LANGUAGE, namespace)) ?? '';
  if (!serverVersion || compareTextVersions(serverVersion, currentVersion) <= 0) return false;
  i18n.addResourceBundle(LANGUAGE, namespace, result.data, true, true);
  return true;
}

/**
 * Checks the server for newer texts of every namespace loaded so far, one after another, and of
 * each namespace loaded later when it arrives. Resolves with the namespaces replaced in this first
 * round. One request at a time: eight at once cost one long main-thread task (about 110 ms at a
 * phone's speed, right after the sign-in's first paint) and six connections (ADR 0017).
 */
export async function refreshTexts(i18n: I18n, options: RefreshOptions = {}): Promise<string[]> {
  i18n.on('loaded', (loaded: Record<string, Record<string, boolean>>) => {
    for (const namespace of Object.keys(loaded[LANGUAGE] ?? {}))
      void refreshNamespace(i18n, namespace, options);
  });
  const loaded = NAMESPACES.filter((namespace) => i18n.hasResourceBundle(LANGUAGE, namespace));
  const refreshed: string[] = [];
  for (const namespace of loaded) {
    if (await refreshNamespace(i18n, namespace, options)) refreshed.push(namespace);
  }
  return refreshed;
}
