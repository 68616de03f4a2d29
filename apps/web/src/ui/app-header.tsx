import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './app-header.module.css';

export type AppHeaderProps = {
  /** The brand's display name, shown as the home link. */
  brandName: string;
  /** Where the brand links; null: the brand is shown without a link (pages limited to one object). */
  homeHref?: string | null;
  /** Right-hand content: portal links, the signed-in person, sign-out. */
  children?: ReactNode;
};

function BrandMark({
  homeHref,
  label,
  children,
}: {
  homeHref: string | null;
  label: string;
  children: ReactNode;
}) {
  if (homeHref === null) return <span className={styles.brand}>{children}</span>;
  return (
    <Link to={homeHref} className={styles.brand} aria-label={label}>
      {children}
    </Link>
  );
}

/** The site header (banner landmark) with the brand name linking home. */
export function AppHeader({ brandName, homeHref = '/', children }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <BrandMark homeHref={homeHref} label={t('header.homeLink', { brand: brandName })}>
          <svg className={styles.logo} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <path d="M16 3C8.3 3 3 8.6 3 15h26C29 8.6 23.7 3 16 3Z" fill="currentColor" />
            <path
              d="M16 15v10a3 3 0 0 1-6 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
          <span className={styles.brandName}>{brandName}</span>
        </BrandMark>
        {children ? <div className={styles.actions}>{children}</div> : null}
      </div>
    </header>
  );
}
