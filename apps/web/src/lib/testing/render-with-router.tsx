import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

type MemoryRouterOptions = NonNullable<Parameters<typeof createMemoryRouter>[1]>;

type RouterRenderResult = RenderResult & { router: ReturnType<typeof createMemoryRouter> };

/** Renders routes in a memory router at the given path, like the app does in the browser. */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    patchRoutesOnNavigation,
  }: { path?: string; patchRoutesOnNavigation?: MemoryRouterOptions['patchRoutesOnNavigation'] } = {},
): RouterRenderResult {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    ...(patchRoutesOnNavigation ? { patchRoutesOnNavigation } : {}),
  });
  return { ...render(<RouterProvider router={router} />), router };
}

/** Renders one element on every path of a memory router (for components that use links). */
export function renderWithRouter(element: ReactNode, options: { path?: string } = {}): RouterRenderResult {
  return renderRoutes([{ path: '*', element }], options);
}
