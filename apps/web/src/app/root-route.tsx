import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { cancelNavigationFocus, focusMainContent } from '../ui/content-layout';
import { PageLoading } from './page-loading';
import styles from './root-route.module.css';

/**
 * Moves focus to the new page's main area after in-app navigation, so screen reader and keyboard
 * users start on the new content instead of the link they left (the first page load keeps focus).
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  // Before the first page's main area mounts (its effect runs before this component's).
  useState(cancelNavigationFocus);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    focusMainContent();
  }, [pathname]);
}

/** The root of every route: focus handling, scroll restoration and a loading bar between pages. */
export function RootRoute() {
  useFocusMainOnNavigation();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'idle' ? null : <div className={styles.progress} aria-hidden="true" />}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
