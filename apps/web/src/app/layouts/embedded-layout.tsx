import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { EmbeddingGate } from '../../features/embedding/embedding-gate';
import { MAIN_CONTENT_ID, useNavigationFocus } from '../../ui/content-layout';
import styles from './embedded-layout.module.css';
import { PageLoading } from '../page-loading';
import { PageOutlet } from './page-outlet';

// Only a partner's customer area needs it: its own chunk, with the sign-in's session.
const customerPages = () => import('../embedded-customer-sign-in');
const EmbeddedCustomerSignIn = lazy(async () => ({
  default: (await customerPages()).EmbeddedCustomerSignIn,
}));
const EmbeddedCustomerArea = lazy(async () => ({ default: (await customerPages()).EmbeddedCustomerArea }));

/** The page; in the customer area only the host's signed-in user, taken over instead of the sign-in form (issue 16). */
function EmbeddedPage() {
  const { pathname } = useLocation();
  if (!/^\/kunden(?:\/|$)/.test(pathname)) return <PageOutlet />;
  return (
    <Suspense fallback={<PageLoading />}>
      {/^\/kunden\/login\/?$/.test(pathname) ? <EmbeddedCustomerSignIn /> : <EmbeddedCustomerArea />}
    </Suspense>
  );
}

/**
 * Inside a host page's iframe (`?embedded=true`): only the page, no header, navigation or footer.
 * The page shows once the partner may embed it here (issue 16); the host then sizes the frame.
 */
export function EmbeddedLayout() {
  const mainRef = useNavigationFocus();
  return (
    <main ref={mainRef} id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
      <EmbeddingGate>
        <EmbeddedPage />
      </EmbeddingGate>
    </main>
  );
}
