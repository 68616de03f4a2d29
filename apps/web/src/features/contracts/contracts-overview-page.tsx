import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { formatDate } from '@schirm/domain/format/date';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { useContracts } from './api/contracts-api';
import { premiumPerPeriod } from './contract-labels';
import styles from './contracts.module.css';

function ContractCard({ contract }: { contract: ContractCustomerView }) {
  const { t } = useTranslation('contracts');
  const headlineId = `vertrag-${contract.versicherungsNummer}`;
  // A running contract that will end: cancelled (declared end) or a single premium (its fixed term).
  const active = contract.vertragsstatus === 'LAUFEND' || contract.vertragsstatus === 'AUSLAUFEND';
  const endsOn = active
    ? (contract.beendigungsdatum ?? (contract.zahlweise === 'EINMALIG' ? contract.ablaufdatum : undefined))
    : undefined;
  return (
    <li className={styles.card} aria-labelledby={headlineId}>
      <h2 id={headlineId} className={styles.cardHeadline}>
        <Link to={`/kunden/vertraege/${contract.versicherungsNummer}/`} className={styles.cardLink}>
          {contract.versicherungsName}
        </Link>
      </h2>
      {contract.mahnung ? (
        <p className={styles.mahnung}>
          <strong>{t('overview.mahnung')}</strong> {t('overview.mahnungHint')}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>{t('overview.number')}</dt>
          <dd>{contract.versicherungsNummer}</dd>
        </div>
        <div>
          <dt>{t('overview.status')}</dt>
          <dd>
            <span className={styles.status} data-status={contract.vertragsstatus}>
              {t(`status.${contract.vertragsstatus}`)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('overview.premium')}</dt>
          <dd>{premiumPerPeriod(t, contract)}</dd>
        </div>
        {contract.hauptfaelligkeit ? (
          <div>
            <dt>{t('overview.nextDue')}</dt>
            <dd>{formatDate(contract.hauptfaelligkeit)}</dd>
          </div>
        ) : null}
        {endsOn ? (
          <div>
            <dt>{t('overview.endsOn')}</dt>
            <dd>{formatDate(endsOn)}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

/** /kunden/vertraege/ (spec §2): the partner's contracts, running ones first, overdue ones flagged. */
export function ContractsOverviewPage() {
  const { t } = useTranslation('contracts');
  useDocumentTitle(t('overview.title', { brand: useBrandName() }));
  const contracts = useContracts();

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('overview.headline')}</h1>
      <p>{t('overview.intro')}</p>
      {contracts.isPending ? <Loading label={t('overview.loading')} /> : null}
      {contracts.isError ? <EmptyState preset="error" /> : null}
      {contracts.isSuccess && contracts.data === null ? (
        <InfoBox variant="warning" headline={t('overview.emptyTitle')}>
          {t('overview.noPartner')}
        </InfoBox>
      ) : null}
      {contracts.isSuccess && contracts.data?.length === 0 ? (
        <EmptyState title={t('overview.emptyTitle')} description={t('overview.emptyDescription')} />
      ) : null}
      {contracts.isSuccess && contracts.data && contracts.data.length > 0 ? (
        <ul className={styles.list}>
          {contracts.data.map((contract) => (
            <ContractCard key={contract.versicherungsNummer} contract={contract} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
