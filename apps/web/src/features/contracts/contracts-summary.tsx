import { useQueries } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import type { SelfServiceSlug } from '@schirm/domain/flags';
import { documentFileName } from '../../lib/download-document';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { getContract, useContracts, type ContractDetails } from './api/contracts-api';
import { useCustomerDocuments, type CustomerDocument } from './api/documents-api';
import { premiumPerPeriod } from './contract-labels';
import styles from './contracts-summary.module.css';

/** The contract self-services customers use most, offered on the start page where the contract has them. */
const QUICK_SELF_SERVICES: readonly SelfServiceSlug[] = ['bankverbindung', 'kuendigen-widerrufen'];

/** Pending changes and self-services come with a contract's details; only running contracts have them. */
function hasDetails(contract: ContractCustomerView): boolean {
  return contract.vertragsstatus === 'LAUFEND' || contract.vertragsstatus === 'AUSLAUFEND';
}

function Todo({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <li className={styles.todo}>
      <span>{children}</span>
      {action}
    </li>
  );
}

/** What needs the customer's attention on one contract; nothing is said about what could not be loaded. */
function ContractTodos({
  contract,
  details,
  documents,
}: {
  contract: ContractCustomerView;
  details: UseQueryResult<ContractDetails> | undefined;
  documents: readonly CustomerDocument[];
}) {
  const { t } = useTranslation('customer-home');
  const { t: tc } = useTranslation('contracts');
  const nr = contract.versicherungsNummer;
  const overdue = contract.ueberfaelligeBeitraege ?? [];
  const offered = details?.data?.selbstServices ?? [];
  const todos: ReactNode[] = [];
  if (contract.mahnung) {
    const total = overdue.reduce((sum, item) => sum + Math.round(item.betrag * 100), 0) / 100;
    todos.push(
      <Todo key="overdue" action={<Link to={`/kunden/vertraege/${nr}/`}>{t('todo.overdueAction')}</Link>}>
        <strong>
          {overdue[0]
            ? t('todo.overdue', { amount: formatMoney(total), date: formatDate(overdue[0].faelligAm) })
            : t('todo.overdueWithoutAmount')}
        </strong>
      </Todo>,
    );
  }
  if (contract.jahresumsatzMeldenBis) {
    todos.push(
      <Todo
        key="revenue"
        action={
          offered.includes('jahresumsatz') ? (
            <Link to={`/kunden/jahresumsatz/?vertrag=${nr}`}>{t('todo.revenueAction')}</Link>
          ) : undefined
        }
      >
        {t('todo.revenue', { date: formatDate(contract.jahresumsatzMeldenBis) })}
      </Todo>,
    );
  }
  for (const change of details?.data?.vorgemerkteAenderungen ?? []) {
    todos.push(
      <Todo key={`pending-${change.typ}-${change.wirksamkeitsdatum}`}>
        {t('todo.pending', { change: change.bezeichnung, date: formatDate(change.wirksamkeitsdatum) })}
      </Todo>,
    );
  }
  for (const document of documents) {
    todos.push(
      <Todo
        key={`document-${document.id}`}
        action={
          <DocumentDownloadButton
            url={document.url}
            fileName={documentFileName(document.name, nr)}
            label={tc('details.documentDownload', { name: document.name })}
            variant="tertiary"
          />
        }
      >
        {t('todo.document', { name: document.name })}
      </Todo>,
    );
  }

  return (
    <>
      {todos.length > 0 ? (
        <ul
          className={styles.todos}
          aria-label={t('contracts.todoLabel', { name: contract.versicherungsName })}
        >
          {todos}
        </ul>
      ) : null}
      {details?.isPending ? <p className={styles.muted}>{t('contracts.todoLoading')}</p> : null}
      {details?.isError ? <p className={styles.muted}>{t('contracts.todoFailed')}</p> : null}
      {todos.length === 0 && (details === undefined || details.isSuccess) ? (
        <p className={styles.muted}>{t('contracts.nothingToDo')}</p>
      ) : null}
      {QUICK_SELF_SERVICES.some((slug) => offered.includes(slug)) ? (
        <ul
          className={styles.contractActions}
          aria-label={t('contracts.actionsLabel', { name: contract.versicherungsName })}
        >
          {QUICK_SELF_SERVICES.filter((slug) => offered.includes(slug)).map((slug) => (
            <li key={slug}>
              <Link to={`/kunden/${slug}/?vertrag=${nr}`}>{tc(`details.action.${slug}`)}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function ContractCard({
  contract,
  details,
  documents,
}: {
  contract: ContractCustomerView;
  details: UseQueryResult<ContractDetails> | undefined;
  documents: readonly CustomerDocument[];
}) {
  const { t } = useTranslation('customer-home');
  const { t: tc } = useTranslation('contracts');
  const headlineId = `start-vertrag-${contract.versicherungsNummer}`;
  return (
    <li className={styles.card} aria-labelledby={headlineId}>
      <h3 id={headlineId} className={styles.cardHeadline}>
        <Link to={`/kunden/vertraege/${contract.versicherungsNummer}/`} className={styles.cardLink}>
          {contract.versicherungsName}
        </Link>
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('contracts.number')}</dt>
          <dd>{contract.versicherungsNummer}</dd>
        </div>
        <div>
          <dt>{t('contracts.premium')}</dt>
          <dd>{premiumPerPeriod(tc, contract)}</dd>
        </div>
        <div>
          <dt>{t('contracts.status')}</dt>
          <dd>{tc(`status.${contract.vertragsstatus}`)}</dd>
        </div>
      </dl>
      <ContractTodos contract={contract} details={details} documents={documents} />
    </li>
  );
}

/**
 * The customer's contracts in short for the start page /kunden/ (issue 12): product, number,
 * premium per period, status, and what needs attention on each (overdue premium, revenue to
 * report, pending changes, documents not yet opened) with the self-services used most. Loading,
 * error and empty states as on the contract list.
 */
export function ContractsSummary() {
  const { t } = useTranslation('customer-home');
  const contracts = useContracts();
  const documents = useCustomerDocuments();
  const withDetails = (contracts.data ?? []).filter(hasDetails);
  const details = useQueries({
    queries: withDetails.map((contract) => ({
      queryKey: ['contracts', 'details', contract.versicherungsNummer],
      queryFn: ({ signal }: { signal: AbortSignal }) => getContract(contract.versicherungsNummer, signal),
    })),
  });
  const detailsOf = new Map(
    withDetails.map((contract, index) => [contract.versicherungsNummer, details[index]]),
  );
  const unopened = (documents.data ?? []).filter((document) => document.geoeffnetAm === null);

  if (contracts.isPending) return <Loading label={t('contracts.loading')} />;
  if (contracts.isError) return <EmptyState preset="error" />;
  if (contracts.data === null) {
    return (
      <InfoBox variant="warning" headline={t('contracts.emptyTitle')}>
        {t('contracts.noPartner')}
      </InfoBox>
    );
  }
  if (contracts.data.length === 0) {
    return <EmptyState title={t('contracts.emptyTitle')} description={t('contracts.emptyDescription')} />;
  }
  return (
    <>
      {documents.isError ? <InfoBox variant="warning" headline={t('contracts.documentsFailed')} /> : null}
      <ul className={styles.cards}>
        {contracts.data.map((contract) => (
          <ContractCard
            key={contract.versicherungsNummer}
            contract={contract}
            details={detailsOf.get(contract.versicherungsNummer)}
            documents={unopened.filter((d) => d.versicherungsNummer === contract.versicherungsNummer)}
          />
        ))}
      </ul>
      <p>
        <Link to="/kunden/vertraege/">{t('contracts.all')}</Link>
      </p>
    </>
  );
}
