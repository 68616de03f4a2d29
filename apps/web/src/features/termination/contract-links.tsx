import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './termination.module.css';

/** Ways back: to the contract's details and to the list of contracts. */
export function ContractLinks({ versicherungsNummer }: { versicherungsNummer: string }) {
  const { t } = useTranslation('termination');
  return (
    <p className={styles.links}>
      <Link to={`/kunden/vertraege/${versicherungsNummer}/`}>{t('back')}</Link>
      <Link to="/kunden/vertraege/">{t('toContracts')}</Link>
    </p>
  );
}
