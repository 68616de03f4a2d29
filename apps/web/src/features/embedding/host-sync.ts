// What keeps the host in step with the embedded page (issue 16): the page's height (resize, at most
// once per task and only when it changed) and where the person is (setLocation).
import { tellHost } from '../../lib/embedding-host';
import { EMBEDDING_PARAMS } from './embedding-address';

/** The height the host should give the frame: the page's content, not the frame's viewport. */
export function contentHeight(doc: Document = document): number {
  return Math.ceil(doc.body.getBoundingClientRect().height);
}

/**
 * Sends `resize` whenever the content's height changes. Returns a function that stops watching.
 * ResizeObserver callbacks are gathered to one measurement in a timer task, not an animation frame:
 * Chromium runs no animation frames in a frame of another site while it is outside the viewport
 * (a partner page on a phone puts it below its own text), so the host would never learn the first
 * height and showed a blank frame of the default height.
 */
export function watchHeight({
  doc = document,
  win = window,
  send = (height: number) => void tellHost('resize', { height }),
}: { doc?: Document; win?: Window; send?: (height: number) => void } = {}): () => void {
  let lastHeight: number | undefined;
  let pending: number | undefined;
  const measure = () => {
    pending = undefined;
    const height = contentHeight(doc);
    if (height === lastHeight) return;
    lastHeight = height;
    send(height);
  };
  const schedule = () => {
    pending ??= win.setTimeout(measure, 0);
  };
  const view = win as Window & typeof globalThis;
  const Observer = view.ResizeObserver as typeof ResizeObserver | undefined;
  // Without ResizeObserver (old browsers) the host still learns the first height.
  const observer = Observer ? new Observer(schedule) : undefined;
  observer?.observe(doc.documentElement);
  observer?.observe(doc.body);
  // ResizeObserver reports only when the frame renders, and an offscreen frame does not: changes
  // of the page (the first step replacing the loading indicator) are noticed by a MutationObserver,
  // whose callbacks run regardless, and measured in the timer task (measuring forces the layout).
  const Mutations = view.MutationObserver as typeof MutationObserver | undefined;
  const mutations = Mutations ? new Mutations(schedule) : undefined;
  mutations?.observe(doc.body, { childList: true, subtree: true, attributes: true, characterData: true });
  schedule();
  return () => {
    observer?.disconnect();
    mutations?.disconnect();
    if (pending !== undefined) win.clearTimeout(pending);
  };
}

/**
 * The path the host may mirror: the page's address without the embedding's own parameters (which
 * the frame's address keeps, embedding-address.ts; the host set them itself).
 */
export function mirroredPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of EMBEDDING_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Whether a path the host asks for (setLocation) stays in the area the frame shows: a same-origin
 * path with the same first segment ('/kunden/…' stays in the customer area, '/fahrrad/…' in that
 * product's application).
 */
export function isPathInArea(path: unknown, currentPathname: string): path is string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    return false;
  }
  const first = (value: string) => value.split(/[/?#]/)[1] ?? '';
  return first(path) !== '' && first(path) === first(currentPathname);
}
