import { UnknownEnvironmentError } from '@schirm/domain/environment';
import type { i18n as I18n } from 'i18next';
import { getEnvironment } from '../lib/environment';
import { createI18n, readTextSettings, type TextChannel } from '../lib/i18n';
import {
  resolveBrand,
  resolveEmbedded,
  resolveFlagTargetingKey,
  resolvePartner,
  runsInFrame,
  type SettingsStorage,
} from '../lib/session-settings';
import type { ShellSettings } from '../lib/shell-context';
import type { Brand } from '../ui/theme/brands';

/** The first URL; the pathname names the brand of a brand path (ADR 0034). */
export type StartLocation = Pick<Location, 'host' | 'search'> & { pathname?: string };

export type Startup =
  | {
      ok: true;
      brand: Brand;
      i18n: I18n;
      settings: ShellSettings;
      textChannel: TextChannel;
      flagTargetingKey: string;
    }
  | { ok: false; brand: Brand; i18n: I18n; error: UnknownEnvironmentError };

/**
 * Reads what the first URL and the session decide: brand, embedded mode, text settings and the
 * environment. An unknown host is not an app: it yields ok false, and the root shows an error.
 */
export function prepareStartup({
  location,
  storage,
  isFramed = runsInFrame(),
}: {
  location: StartLocation;
  storage: SettingsStorage | undefined;
  /** Inside another page's frame (a remembered embedded mode counts only there). */
  isFramed?: boolean;
}): Startup {
  const search = new URLSearchParams(location.search);
  const texts = readTextSettings(search);
  const i18n = createI18n({ showKeys: texts.showKeys });
  const brand = resolveBrand(search, storage, location.pathname);
  try {
    const environment = getEnvironment(location.host);
    const isEmbedded = resolveEmbedded(search, storage, isFramed);
    const partner = resolvePartner(search, storage);
    return {
      ok: true,
      brand,
      i18n,
      settings: { brand, isEmbedded, partner, environment },
      textChannel: texts.channel,
      flagTargetingKey: resolveFlagTargetingKey(storage),
    };
  } catch (error) {
    if (error instanceof UnknownEnvironmentError) return { ok: false, brand, i18n, error };
    throw error;
  }
}
