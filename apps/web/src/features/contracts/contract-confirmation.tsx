import { useTranslation } from 'react-i18next';
import { apiErrorMessage, documentFileName } from '../../lib/download-document';
import { Button } from '../../ui/button';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { InfoBox } from '../../ui/info-box';
import { useRequestConfirmation } from './api/request-confirmation';
import styles from './contracts.module.css';

/** 'Vertragsbestätigung anfordern': the PDF is written at once and offered for download. */
export function ContractConfirmation({ versicherungsNummer }: { versicherungsNummer: string }) {
  const { t } = useTranslation('contracts');
  const confirmation = useRequestConfirmation(versicherungsNummer);
  const document = confirmation.data;
  return (
    <div className={styles.confirmation}>
      <p>{t('details.confirmation.intro')}</p>
      {document ? (
        <InfoBox headline={t('details.confirmation.ready')}>
          <p>{t('details.confirmation.readyText')}</p>
          <DocumentDownloadButton
            url={document.url}
            fileName={documentFileName(document.name, versicherungsNummer)}
            label={t('details.confirmation.download')}
            variant="primary"
          />
        </InfoBox>
      ) : (
        <div>
          <Button
            variant="secondary"
            isPending={confirmation.isPending}
            onPress={() => confirmation.mutate()}
          >
            {t('details.confirmation.request')}
          </Button>
        </div>
      )}
      {confirmation.isError ? (
        <InfoBox variant="error">
          <p>{apiErrorMessage(confirmation.error) ?? t('details.confirmation.failed')}</p>
        </InfoBox>
      ) : null}
    </div>
  );
}
