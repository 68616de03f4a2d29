import { useTranslation } from 'react-i18next';
import { addDays } from '@schirm/domain/dates/calendar-date';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';
import { documentFileName } from '../../lib/download-document';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import type { TerminationReceipt } from './api/end-contract';
import { ContractLinks } from './contract-links';
import { PageHeadline } from './page-headline';
import styles from './termination.module.css';

/** The immediate receipt: date and time of receipt, the end, and the PDF (also in the mailbox and by e-mail). */
export function Receipt({
  receipt,
  kind,
}: {
  receipt: TerminationReceipt;
  kind: 'revocation' | 'cancellation';
}) {
  const { t } = useTranslation('termination');
  const end = receipt.beendigungsdatum;
  return (
    <>
      <PageHeadline>
        {t(kind === 'revocation' ? 'receipt.revocationHeadline' : 'receipt.cancellationHeadline')}
      </PageHeadline>
      <section className={styles.card} aria-label={t('contract.headline')}>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t('contract.number')}</dt>
            <dd>{receipt.versicherungsNummer}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('receipt.receivedAt')}</dt>
            <dd>{formatDateTime(receipt.eingegangenAm)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('receipt.endDate')}</dt>
            <dd>{formatDate(end)}</dd>
          </div>
        </dl>
        <p>
          {kind === 'revocation'
            ? t('receipt.revocationText')
            : t('receipt.cancellationText', {
                date: formatDate(end),
                lastDay: formatDate(addDays(end, -1)),
              })}
        </p>
        <p>{t('receipt.durable')}</p>
        <DocumentDownloadButton
          url={receipt.dokument.url}
          fileName={documentFileName(receipt.dokument.name, receipt.versicherungsNummer)}
          label={t('receipt.download')}
          variant="primary"
        />
      </section>
      <ContractLinks versicherungsNummer={receipt.versicherungsNummer} />
    </>
  );
}
