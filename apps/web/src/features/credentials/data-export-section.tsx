import { useTranslation } from 'react-i18next';
import { RequestError } from '../../lib/query-client';
import { Button } from '../../ui/button';
import { InfoBox } from '../../ui/info-box';
import { useDownloadDataExport } from './api/download-data-export';
import styles from './credentials.module.css';

/** What the person can do next after a failed download: wait for the hourly limit, go online, or retry. */
function nextStepKey(error: unknown) {
  if (error instanceof RequestError && error.errorStatus === 429) return 'dataExport.failedLimit';
  if (error instanceof RequestError && error.errorStatus === 'unknown') return 'dataExport.failedOffline';
  return 'dataExport.failedRetry';
}

/** 'Ihre Daten herunterladen' on /kunden/kundendaten/: the DSGVO data export as a JSON file. */
export function DataExportSection() {
  const { t } = useTranslation('credentials');
  const download = useDownloadDataExport();
  const status = download.isPending
    ? t('dataExport.pending')
    : download.isSuccess
      ? t('dataExport.done', { fileName: download.data })
      : '';

  return (
    <section className={styles.section} aria-labelledby="datenauskunft-headline">
      <h2 id="datenauskunft-headline" className={styles.sectionHeadline}>
        {t('dataExport.headline')}
      </h2>
      <p className={styles.text}>{t('dataExport.intro')}</p>
      <p className={styles.hint}>{t('dataExport.contents')}</p>
      {download.isError ? (
        <InfoBox variant="error" headline={t('dataExport.failed')}>
          <p>{t(nextStepKey(download.error))}</p>
        </InfoBox>
      ) : null}
      <div>
        <Button variant="secondary" isPending={download.isPending} onPress={() => download.mutate()}>
          {t('dataExport.button')}
        </Button>
      </div>
      <p role="status" className={styles.text}>
        {status}
      </p>
    </section>
  );
}
