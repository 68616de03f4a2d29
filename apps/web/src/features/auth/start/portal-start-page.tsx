import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useBrandName } from '../../../lib/shell-context';
import { AuthPage } from '../components/auth-page';
import type { Portal } from '../portals';
import { useSession } from '../session/session';
import { SignOutActions } from '../session/sign-out-actions';
import styles from '../components/auth-page.module.css';

/**
 * /vermittler/ (and any portal without an overview of its own): the signed-in start page with the
 * person's name, what the area adds (children) and the sign-out. The customer portal's /kunden/ is features/home/customer-home-page.
 */
export function PortalStartPage({ portal, children }: { portal: Portal; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('start.title', { portal: t(`portal.${portal}`), brand: useBrandName() }));
  const state = useSession();
  // The area's guard renders this page only for a signed-in person.
  if (state.status !== 'signed-in') return null;
  const { nickname, username } = state.user;
  return (
    <AuthPage eyebrow={t(`portal.${portal}`)} headline={t('start.greeting', { name: nickname ?? username })}>
      <p className={styles.text}>{t(`start.${portal}`)}</p>
      <p className={styles.hint}>{t('start.signedInAs', { username })}</p>
      {portal === 'kunden' ? (
        <p className={styles.text}>
          <Link to="/kunden/kundendaten/">{t('start.customerData')}</Link>
        </p>
      ) : null}
      {children}
      <SignOutActions portal={portal} />
    </AuthPage>
  );
}
