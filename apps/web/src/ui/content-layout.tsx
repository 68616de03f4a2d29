import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMinWidth } from '../lib/breakpoints';
import styles from './content-layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

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

  return (
    <div className={`${styles.layout} ${showsBottomNav ? styles.withBottomNav : ''}`}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('skipToContent')}
      </a>
      {header}
      <div className={styles.body}>
        {isWide && sidebar ? <div className={styles.sidebar}>{sidebar}</div> : null}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
          {children}
        </main>
      </div>
      {footer}
      {showsBottomNav ? bottomNav : null}
    </div>
  );
}
