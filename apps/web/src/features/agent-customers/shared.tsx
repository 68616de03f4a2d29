import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { RequestError } from '../../lib/query-client';
import { BACK_OFFICE_NS, Empty } from '../../ui/back-office/back-office-parts';
import layout from '../../ui/back-office/back-office.module.css';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { InfoBox } from '../../ui/info-box';
import type { AgentDocument } from './agent-customers-api';
import styles from './agent-customers.module.css';

// The agent portal's own parts; what it shares with the extranet pages is in ui/back-office.

export const NS = 'agent-customers';

/**
 * The agent's own texts (namespace agent-customers), falling back to the read views' labels it
 * shares with the extranet pages (namespace back-office); a key lives in only one of them.
 */
export function useAgentTexts() {
  return useTranslation([NS, BACK_OFFICE_NS], { nsMode: 'fallback' });
}

/** Says why nothing is shown: an unknown number or one outside the agent's scope (404), or a failure. */
export function LoadFailure({ error }: { error: unknown }) {
  const { t } = useTranslation(NS);
  const missing = error instanceof RequestError && error.errorStatus === 404;
  return (
    <InfoBox variant="error" headline={missing ? t('common.notFoundTitle') : undefined}>
      <p>{missing ? t('common.notFound') : t('common.loadFailed')}</p>
      <p>
        <Link to="/vermittler/kundenbestand/">{t('common.back')}</Link>
      </p>
    </InfoBox>
  );
}

export function DocumentList({ documents, empty }: { documents: AgentDocument[]; empty: string }) {
  const { t } = useTranslation(NS);
  if (documents.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ul className={layout.plainList}>
      {documents.map((document) => (
        <li key={document.id} className={styles.documentRow}>
          <span>
            {document.name} · {document.vertragsnummer} · {formatDate(document.erstelltAm)}
          </span>
          <DocumentDownloadButton
            url={document.url}
            fileName={`${document.name} ${document.vertragsnummer}.pdf`}
            label={t('common.download', { name: document.name })}
          />
        </li>
      ))}
    </ul>
  );
}
