import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMinWidth } from '../lib/breakpoints';
import styles from './content-layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

// After an in-app navigation the new page's main area takes focus. The page may not be there yet
// when the address changes (a lazily loaded page, another layout): then the main area that mounts
// next takes it, if that happens within a few seconds of the navigation.
const FOCUS_REQUEST_MS = 10_000;
let focusRequestedAt = Number.NEGATIVE_INFINITY;

/** Moves focus to the main area now, and to the one that mounts next after this navigation. */
export function focusMainContent(): void {
  focusRequestedAt = Date.now();
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}

/** Forgets a request of an earlier app (a first page load keeps the focus where the browser puts it). */
export function cancelNavigationFocus(): void {
  focusRequestedAt = Number.NEGATIVE_INFINITY;
}

/** For the main area of a layout: takes the focus a navigation asked for when it mounts. */
export function useNavigationFocus() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (Date.now() - focusRequestedAt > FOCUS_REQUEST_MS) return;
    focusRequestedAt = Number.NEGATIVE_INFINITY;
    // Only focus that was lost (the link left with the old page): never take it from a field.
    const active = document.activeElement;
    if (active === null || active === document.body) ref.current?.focus({ preventScroll: true });
  }, []);
  return ref;
}

export type ContentLayoutProps = {
  header: ReactNode;
  /** Shown from the 'large' breakpoint (1024 px) upwards. */
  sidebar?: ReactNode;
  /** Shown below the 'large' breakpoint instead of the sidebar. */
  bottomNav?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
};

/** Page frame (spec §2 content layout): skip link, header, optional navigation, main area, footer. */
export function ContentLayout({ header, sidebar, bottomNav, footer, children }: ContentLayoutProps) {
  const { t } = useTranslation('common');
  const isWide = useMinWidth('large');
  const showsBottomNav = !isWide && !!bottomNav;
  const mainRef = useNavigationFocus();

  return (
    <div className={`${styles.layout} ${showsBottomNav ? styles.withBottomNav : ''}`}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('skipToContent')}
      </a>
      {header}
      <div className={styles.body}>
        {isWide && sidebar ? <div className={styles.sidebar}>{sidebar}</div> : null}
        <main ref={mainRef} id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
          {children}
        </main>
      </div>
      {footer}
      {showsBottomNav ? bottomNav : null}
    </div>
  );
}
