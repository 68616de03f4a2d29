import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { isDevelopmentEnvironment, type Environment } from '../lib/environment';
import { PageLoading } from './page-loading';
import { RootRoute } from './root-route';
import { RouteErrorScreen } from './route-error-screen';

type LazyRoute = NonNullable<RouteObject['lazy']>;

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

// Every area's layout and page is its own chunk, so a visitor of / loads no portal code.
const publicLayout = lazyComponent(async () => (await import('./layouts/public-layout')).PublicLayout);
const customerLayout = lazyComponent(async () => (await import('./layouts/customer-layout')).CustomerLayout);
const agentLayout = lazyComponent(async () => (await import('./layouts/agent-layout')).AgentLayout);
const flowLayout = lazyComponent(async () => (await import('./layouts/flow-layout')).FlowLayout);

const notFoundIndex: RouteObject = { index: true, element: <NotFoundPage /> };
const notFoundRest: RouteObject = { path: '*', element: <NotFoundPage /> };

/**
 * One area: its layout (lazy) with an error boundary for the layout itself, and inside the layout a
 * second boundary, so a page that fails shows the error screen within the area's header and
 * navigation. Unknown paths of the area, and its root while it has no start page, end in its 404 page.
 */
export function area(path: string, layout: LazyRoute, pages: RouteObject[]): RouteObject {
  return {
    path,
    lazy: layout,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [...pages, ...(pages.some((page) => page.index) ? [] : [notFoundIndex]), notFoundRest],
      },
    ],
  };
}

/** Public pages: start page; /haeufige-fragen/ and /quickstart/ follow in later issues. */
const publicPages: RouteObject[] = [
  { index: true, lazy: lazyComponent(async () => (await import('../features/home/home-page')).HomePage) },
];

/** Customer portal pages under /kunden (login and the portal screens arrive with their issues). */
const customerPages: RouteObject[] = [];

/** Agent portal pages under /vermittler. */
const agentPages: RouteObject[] = [];

/** Direct application flows and their result pages under /antrag (spec §2 'Application flows'). */
const applicationPages: RouteObject[] = [];

/** Advice flows under /beratung (e.g. /beratung/agent/notfound). */
const advicePages: RouteObject[] = [];

/**
 * Development-only routes under /entwicklung (component gallery, mail outbox): registered only on
 * the localhost and development environments; elsewhere /entwicklung/… is a 404 like any unknown path.
 */
const developmentPages: RouteObject[] = [
  {
    path: 'komponenten',
    lazy: lazyComponent(async () => (await import('../features/gallery/gallery-page')).default),
  },
];

/** The route tree of the app for the given environment. */
export function createRoutes({ environment }: { environment: Environment }): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      hydrateFallbackElement: <PageLoading />,
      errorElement: <RouteErrorScreen />,
      children: [
        area('/', publicLayout, publicPages),
        area('/kunden', customerLayout, customerPages),
        area('/vermittler', agentLayout, agentPages),
        area('/antrag', flowLayout, applicationPages),
        area('/beratung', flowLayout, advicePages),
        ...(isDevelopmentEnvironment(environment)
          ? [area('/entwicklung', publicLayout, developmentPages)]
          : []),
      ],
    },
  ];
}

/** The browser router of the app. */
export function createAppRouter({ environment }: { environment: Environment }) {
  return createBrowserRouter(createRoutes({ environment }));
}
