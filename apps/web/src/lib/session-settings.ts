import { DEFAULT_BRAND, parseBrand, type Brand } from '../ui/theme/brands';

/*
 * Settings that arrive as query parameters on the first URL (spec §2) and must survive in-app
 * navigation and reloads within the browser session, which drop the query string.
 */
const BRAND_KEY = 'schirm.brand';
const EMBEDDED_KEY = 'schirm.embedded';
const PARTNER_KEY = 'schirm.partner';

export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The session's storage, or undefined where the browser refuses it (e.g. sandboxed iframes). */
export function getSessionStorage(): SettingsStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(storage: SettingsStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: SettingsStorage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Without storage the setting still holds for this page; only a reload forgets it.
  }
}

/**
 * The partner brand a brand-specific advice path names (`/<brand>/<produkt>/beratung/…`, ADR 0034),
 * or null. Whether the product has that path is the page's check (it shows the 404 page).
 */
export function brandOfPath(pathname: string | undefined): Brand | null {
  const match = /^\/([^/]+)\/[^/]+\/beratung(?:\/|$)/.exec(pathname ?? '');
  const brand = match?.[1] ? parseBrand(match[1]) : DEFAULT_BRAND;
  return brand === DEFAULT_BRAND || brand !== match?.[1] ? null : brand;
}

/**
 * A brand path's brand wins, then `?brand=`; both are remembered. Otherwise the remembered brand;
 * unknown values mean schirm.
 */
export function resolveBrand(
  search: URLSearchParams,
  storage: SettingsStorage | undefined,
  pathname?: string,
): Brand {
  const ofPath = brandOfPath(pathname);
  if (ofPath !== null) {
    write(storage, BRAND_KEY, ofPath);
    return ofPath;
  }
  const requested = search.get('brand');
  if (requested !== null) {
    const brand = parseBrand(requested);
    write(storage, BRAND_KEY, brand);
    return brand;
  }
  const remembered = read(storage, BRAND_KEY);
  return remembered === null ? DEFAULT_BRAND : parseBrand(remembered);
}

/**
 * `?embedded=true` switches embedded mode on for the session, any other value switches it off. The
 * remembered mode counts only inside a frame: a frame of the same site shares the tab's
 * sessionStorage with the portal, so a person who later opens the portal itself in that tab must
 * get the portal, not the embedded page.
 */
export function resolveEmbedded(
  search: URLSearchParams,
  storage: SettingsStorage | undefined,
  isFramed = true,
): boolean {
  const requested = search.get('embedded');
  if (requested !== null) {
    const isEmbedded = requested === 'true';
    write(storage, EMBEDDED_KEY, isEmbedded ? 'true' : null);
    return isEmbedded;
  }
  return isFramed && read(storage, EMBEDDED_KEY) === 'true';
}

/** Whether this page runs inside another page's frame. */
export function runsInFrame(): boolean {
  try {
    return typeof window !== 'undefined' && window.self !== window.top;
  } catch {
    // Reading window.top of another origin may throw: then we are framed by it.
    return true;
  }
}

/** A partner key is a lowercase slug (issue 16); anything else names no partner. */
const PARTNER_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/**
 * `?partner=<key>` names the embedding partner for the session (like `embedded`); an empty or
 * malformed value forgets it. Whether the partner may embed the page is the server's decision.
 */
export function resolvePartner(search: URLSearchParams, storage: SettingsStorage | undefined): string | null {
  const requested = search.get('partner');
  if (requested !== null) {
    const partner = PARTNER_PATTERN.test(requested) ? requested : null;
    write(storage, PARTNER_KEY, partner);
    return partner;
  }
  const remembered = read(storage, PARTNER_KEY);
  return remembered !== null && PARTNER_PATTERN.test(remembered) ? remembered : null;
}

const TARGETING_KEY = 'schirm.flagTargetingKey';

/**
 * A random id for this browser session, so gradual flag roll-outs give one person a stable
 * answer; it is session-scoped and identifies no one.
 */
export function resolveFlagTargetingKey(storage: SettingsStorage | undefined): string {
  const remembered = read(storage, TARGETING_KEY);
  if (remembered) return remembered;
  const created = crypto.randomUUID();
  write(storage, TARGETING_KEY, created);
  return created;
}
