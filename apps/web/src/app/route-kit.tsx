import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';

// Building blocks of the route tree (router.tsx) and of the route files under app/routes/, which
// each area of the product contributes to it.

export type LazyRoute = NonNullable<RouteObject['lazy']>;

/**
 * A route's component loaded on demand. A failed import (offline, or an old chunk gone after a
 * deploy) would leave React Router rendering nothing; failing at render time instead reaches the
 * route's error boundary, whose error screen offers a reload.
 */
export function lazyComponent(load: () => Promise<ComponentType>): LazyRoute {
  return async () => {
    try {
      return { Component: await load() };
    } catch (error) {
      return {
        Component: function ModuleLoadFailed(): never {
          throw error;
        },
      };
    }
  };
}

/** As lazyComponent, for a page whose module also brings the route's loader (e.g. a 404 check). */
export function lazyPage(
  load: () => Promise<{ Component: ComponentType; loader: LoaderFunction; handle?: unknown }>,
): LazyRoute {
  return async () => {
    try {
      return await load();
    } catch (error) {
      return {
        Component: function ModuleLoadFailed(): never {
          throw error;
        },
      };
    }
  };
}

/**
 * Pages that may use server state or feature flags sit below ServicesRoute (lazy), which brings
 * TanStack Query and OpenFeature with the first such page. The start page, the sign-ins and the
 * 404 pages do not, so their first JavaScript carries neither.
 */
export const servicesRoute = lazyComponent(async () => (await import('./services-route')).ServicesRoute);

export function withServices(children: RouteObject[]): RouteObject {
  return { lazy: servicesRoute, children };
}

/**
 * The pages one area of the product adds to the route tree (a file under app/routes/, listed in
 * routes/contributions.ts, or in signed-in-pages.tsx when it adds only signed-in pages). The
 * signed-in lists (customer, agent, clerk) are mounted by signed-in-pages.tsx, loaded on the first
 * navigation into their area; the others by router.tsx. Page modules are loaded lazily, so a
 * contribution adds only its route objects to the JavaScript that carries its list.
 */
export interface RouteContribution {
  /** Below /vermittler (agent signed in, agent layout, with server state and flags). */
  agent?: RouteObject[];
  /** Below /vermittler-nachricht (agent signed in, agent layout). */
  agentMessage?: RouteObject[];
  /** Public pages below / (public layout, with server state and flags), e.g. 'vermittler/vertriebspartner-werden'. */
  public?: RouteObject[];
  /** Below /innendienst (clerk signed in, clerk layout). */
  clerk?: RouteObject[];
  /** Below /kunden (customer signed in, customer layout). */
  customer?: RouteObject[];
  /** Below /beratung (flow layout, with server state), e.g. 'agent/notfound'. */
  advice?: RouteObject[];
  /** Below /antrag (flow layout, with server state), e.g. 'sorry/agent'. */
  applicationResults?: RouteObject[];
  /**
   * Areas below /:produkt/<path> (flow layout, with server state; the pages check the product and
   * show the 404 page for one without that path), e.g. { path: 'beratung', pages: [{ index: true, … }] }.
   */
  product?: { path: string; pages: RouteObject[] }[];
  /**
   * Areas at their own path below / (flow layout, with server state), e.g. the brand paths
   * { path: 'hfk/:produkt/beratung', pages: [{ index: true, … }] }.
   */
  flow?: { path: string; pages: RouteObject[] }[];
}
