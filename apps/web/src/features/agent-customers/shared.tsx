import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { RequestError } from '../../lib/query-client';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { InfoBox } from '../../ui/info-box';
import type { AgentDocument, AgentTask, OpenPremium } from './agent-customers-api';
import styles from './agent-customers.module.css';

export const NS = 'agent-customers';

export function Section({ id, headline, children }: { id: string; headline: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <h2 id={`${id}-headline`} className={styles.sectionHeadline}>
        {headline}
      </h2>
      {children}
    </section>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
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

export function Empty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

export function PremiumTable({ items }: { items: OpenPremium[] }) {
  const { t } = useTranslation(NS);
  if (items.length === 0) return <Empty>{t('customer.noPremiums')}</Empty>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('customer.faelligAm')}</th>
          <th scope="col">{t('customer.art')}</th>
          <th scope="col">{t('customer.betrag')}</th>
          <th scope="col">{t('customer.mahnstand')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={`${item.art}-${item.faelligAm}`}>
            <td data-label={t('customer.faelligAm')}>{formatDate(item.faelligAm)}</td>
            <td data-label={t('customer.art')}>{t(`premiumArt.${item.art}`)}</td>
            <td data-label={t('customer.betrag')}>{formatMoney(item.betrag)}</td>
            <td data-label={t('customer.mahnstand')}>
              {item.gemahntAm && item.zahlungsfristBis
                ? t('customer.reminded', {
                    am: formatDate(item.gemahntAm),
                    bis: formatDate(item.zahlungsfristBis),
                  })
                : item.ueberfaellig
                  ? t('customer.overdueSince')
                  : t('customer.notDue')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TaskTable({ tasks, empty }: { tasks: AgentTask[]; empty: string }) {
  const { t } = useTranslation(NS);
  if (tasks.length === 0) return <Empty>{empty}</Empty>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('customer.vertragsnummer')}</th>
          <th scope="col">{t('customer.art')}</th>
          <th scope="col">{t('customer.faelligAm')}</th>
          <th scope="col">{t('customer.status')}</th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => (
          <tr key={`${task.vertragsnummer}-${task.typ}-${task.faelligAm}`}>
            <td data-label={t('customer.vertragsnummer')}>{task.vertragsnummer}</td>
            <td data-label={t('customer.art')}>{t(`taskTyp.${task.typ}`)}</td>
            <td data-label={t('customer.faelligAm')}>{formatDate(task.faelligAm)}</td>
            <td data-label={t('customer.status')}>{t(`taskStatus.${task.status}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DocumentList({ documents, empty }: { documents: AgentDocument[]; empty: string }) {
  const { t } = useTranslation(NS);
  if (documents.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ul className={styles.plainList}>
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
