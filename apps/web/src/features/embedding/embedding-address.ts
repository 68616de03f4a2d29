// The frame's address while embedded (issue 16, ADR 0036): the SPA navigates without the query the
// frame started with, but a reload (F5 in the frame, the host reloading it, the browser restoring
// the tab) loads the address the frame shows now. Without `?partner=` that request's Referer is the
// portal itself, so the server's CSP frame-ancestors would allow only 'self' and the browser would
// refuse the frame. The embedding's parameters of the first address are therefore written back into
// the browser's address after every in-app navigation (history.replaceState, the router's own
// location and state untouched). Only a connected frame does this: outside a frame no address and
// no link of the portal carries them.

/** The parameters the SDK's embedUrl (packages/embed) starts the frame with. */
export const EMBEDDING_PARAMS = ['embedded', 'partner', 'brand', 'vermittlernummer', 'vmr'] as const;

/**
 * What every address of this frame keeps: embedded mode, the confirmed partner, and the brand and
 * broker reference of the first address when it had them.
 */
export function keptEmbeddingParams(firstSearch: string, partnerKey: string): URLSearchParams {
  const first = new URLSearchParams(firstSearch);
  const kept = new URLSearchParams({ embedded: 'true', partner: partnerKey });
  for (const name of EMBEDDING_PARAMS) {
    const value = first.get(name);
    if (name !== 'embedded' && name !== 'partner' && value) kept.set(name, value);
  }
  return kept;
}

/** The address with the kept parameters after the page's own (any earlier copies of them replaced). */
export function embeddedAddress(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  kept: URLSearchParams,
): string {
  const params = new URLSearchParams(location.search);
  for (const name of EMBEDDING_PARAMS) params.delete(name);
  for (const [name, value] of kept) params.append(name, value);
  return `${location.pathname}?${params.toString()}${location.hash}`;
}

/**
 * Writes the kept parameters into the browser's address when it lacks them; the history entry's
 * state (the router's key and index) stays as it is, so back, forward and the router are unaffected.
 */
export function keepEmbeddingParams(win: Window, kept: URLSearchParams): void {
  const { pathname, search, hash } = win.location;
  const address = embeddedAddress({ pathname, search, hash }, kept);
  if (address === `${pathname}${search}${hash}`) return;
  win.history.replaceState(win.history.state, '', address);
}

/** How this page was loaded: 'reload' and 'back_forward' (a restored tab, history) bring no new start. */
export function pageLoadType(win: Window = window): string {
  try {
    const [entry] = win.performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.type ?? 'navigate';
  } catch {
    return 'navigate';
  }
}

/** Whether the page was loaded again at an address the frame had reached (not a new start). */
export function isLoadedAgain(win: Window = window): boolean {
  const type = pageLoadType(win);
  return type === 'reload' || type === 'back_forward';
}
