import { lazy, Suspense } from 'react';
import { PageLoading } from '../page-loading';

// Only a page inside a partner's frame needs the embedding gate (the partner check, the host
// connection and its toasts, with react-aria's Button): its own chunk, so that the public pages'
// and the first application step's initial JavaScript stays within its bar (ADR 0023, 0036).
const EmbeddedLayout = lazy(async () => ({ default: (await import('./embedded-layout')).EmbeddedLayout }));

/** The layout inside a host page's iframe, loaded when the page is embedded. */
export function LazyEmbeddedLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <EmbeddedLayout />
    </Suspense>
  );
}
