import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** Breakpoints of spec §2 in px (min-width). CSS media queries use the same numbers. */
export const BREAKPOINTS = {
  small: 576,
  medium: 768,
  large: 1024,
  xLarge: 1200,
  xxLarge: 1440,
} as const;

export type BreakpointName = keyof typeof BREAKPOINTS;
/** 'xSmall' is everything narrower than 'small'. */
export type Breakpoint = 'xSmall' | BreakpointName;

const ASCENDING = Object.entries(BREAKPOINTS) as [BreakpointName, number][];

/** The media query that matches from the given breakpoint upwards. */
export function minWidthQuery(name: BreakpointName): string {
  return `(min-width: ${BREAKPOINTS[name]}px)`;
}

/** The breakpoint a viewport width falls into. */
export function breakpointForWidth(width: number): Breakpoint {
  let current: Breakpoint = 'xSmall';
  for (const [name, minWidth] of ASCENDING) {
    if (width >= minWidth) current = name;
  }
  return current;
}

/** Whether the media query matches, updated when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  // No window when the build prerenders a page (src/prerender): the server snapshot (false) is used.
  const list = useMemo(() => (typeof window === 'undefined' ? undefined : window.matchMedia(query)), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!list) return () => undefined;
      list.addEventListener('change', onChange);
      // Also on resize: some engines (happy-dom) miss the first change event; re-reading is cheap.
      window.addEventListener('resize', onChange);
      return () => {
        list.removeEventListener('change', onChange);
        window.removeEventListener('resize', onChange);
      };
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? false,
    () => false,
  );
}

/** Whether the viewport is at least as wide as the breakpoint. */
export function useMinWidth(name: BreakpointName): boolean {
  return useMediaQuery(minWidthQuery(name));
}

function subscribeToResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The breakpoint of the current viewport width. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(
    subscribeToResize,
    () => breakpointForWidth(window.innerWidth),
    () => 'xSmall',
  );
}
