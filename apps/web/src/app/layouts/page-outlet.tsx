import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../page-loading';

/** The page slot of a layout: shows a loading state while the page's texts arrive on first visit. */
export function PageOutlet() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
