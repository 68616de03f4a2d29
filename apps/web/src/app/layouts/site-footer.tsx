import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrandName } from '../../lib/shell-context';
import styles from './site-footer.module.css';

/** Footer of the public pages and application flows. */
export function SiteFooter() {
  const { t } = useTranslation('shell');
  const brandName = useBrandName();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.brand}>
          <strong>{brandName}</strong> – {t('footer.tagline')}
        </p>
        <nav aria-label={t('footer.label')}>
          <ul className={styles.links}>
            <li>
              <Link to="/">{t('footer.home')}</Link>
            </li>
            <li>
              <Link to="/kunden/login/">{t('footer.customerPortal')}</Link>
            </li>
            <li>
              <Link to="/vermittler/login/">{t('footer.agentPortal')}</Link>
            </li>
            <li>
              <Link to="/haeufige-fragen/">{t('footer.faq')}</Link>
            </li>
            <li>
              <Link to="/vermittler/vertriebspartner-werden/">{t('footer.becomePartner')}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
