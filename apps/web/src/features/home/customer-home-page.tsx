import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import styles from './customer-home-page.module.css';

/** The pages customers open most, besides the contract self-services offered with each contract. */
const QUICK_ACTIONS = [
  { key: 'contracts', to: '/kunden/vertraege/' },
  { key: 'customerData', to: '/kunden/kundendaten/' },
  { key: 'contactData', to: '/kunden/kundendaten/kontaktdaten/' },
  { key: 'email', to: '/kunden/kundendaten/email/' },
  { key: 'password', to: '/kunden/kundendaten/passwort/' },
  { key: 'message', to: '/kunden/kontakt/nachricht/' },
] as const;

export interface CustomerHomePageProps {
  /** The signed-in person's nickname, or the user name without one. */
  name: string;
  username: string;
  /** The contracts with what needs attention (app/ combines the contracts feature in). */
  contracts: ReactNode;
  /** The sign-out actions (app/ combines the auth feature in). */
  signOut: ReactNode;
}

/**
 * /kunden/: the customer's overview (issue 12): the contracts with what needs attention, the quick
 * actions customers use most, and the sign-out. Messages and claims join once they exist.
 */
export function CustomerHomePage({ name, username, contracts, signOut }: CustomerHomePageProps) {
  const { t } = useTranslation('customer-home');
  useDocumentTitle(t('title', { brand: useBrandName() }));
  return (
    <div className={styles.page}>
      <div>
        <h1 className={styles.headline}>{t('greeting', { name })}</h1>
        <p className={styles.muted}>{t('signedInAs', { username })}</p>
      </div>

      <section aria-labelledby="start-contracts" className={styles.section}>
        <h2 id="start-contracts" className={styles.sectionHeadline}>
          {t('contracts.headline')}
        </h2>
        {contracts}
      </section>

      <section aria-labelledby="start-actions" className={styles.section}>
        <h2 id="start-actions" className={styles.sectionHeadline}>
          {t('actions.headline')}
        </h2>
        <ul className={styles.quickActions}>
          {QUICK_ACTIONS.map(({ key, to }) => (
            <li key={key}>
              <Link to={to} className={styles.quickAction}>
                {t(`actions.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {signOut}
    </div>
  );
}
