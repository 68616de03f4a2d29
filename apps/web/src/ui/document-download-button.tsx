import { useTranslation } from 'react-i18next';
import { apiErrorMessage, useDownloadDocument, type DownloadableDocument } from '../lib/download-document';
import { Button, type ButtonVariant } from './button';
import styles from './document-download-button.module.css';

export interface DocumentDownloadButtonProps extends DownloadableDocument {
  /** Visible text, e.g. 'Versicherungsschein herunterladen (PDF)'. */
  label: string;
  variant?: ButtonVariant;
}

/**
 * Downloads a document of the customer's download area with the bearer token (a plain link cannot
 * send it), shows that it is loading, and says in German when it failed.
 */
export function DocumentDownloadButton({
  url,
  fileName,
  label,
  variant = 'secondary',
}: DocumentDownloadButtonProps) {
  const { t } = useTranslation('ui');
  const download = useDownloadDocument();
  return (
    <div className={styles.download}>
      <Button
        variant={variant}
        isPending={download.isPending}
        onPress={() => download.mutate({ url, fileName })}
      >
        {label}
      </Button>
      {download.isError ? (
        <p role="alert" className={styles.error}>
          {apiErrorMessage(download.error) ?? t('documentDownload.failed')}
        </p>
      ) : null}
    </div>
  );
}
