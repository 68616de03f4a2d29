import { useTranslation } from 'react-i18next';
import styles from './page-loading.module.css';

/** Shown while the first page's code loads. */
export function PageLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {t('pageLoading')}
    </div>
  );
}
