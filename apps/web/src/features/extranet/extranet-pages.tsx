import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { useDocumentTitle } from '../../lib/document-title';
import {
  BACK_OFFICE_NS,
  BankFacts,
  ContactFacts,
  ContractFacts,
  Empty,
  PendingChanges,
  PremiumHistory,
  PremiumTable,
  Section,
  TaskTable,
} from '../../ui/back-office/back-office-parts';
import styles from '../../ui/back-office/back-office.module.css';
import own from './extranet.module.css';
import { apiErrorMessage } from '../../lib/download-document';
import { Button } from '../../ui/button';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import {
  failureOf,
  useDownloadExtranetDocument,
  useExtranetView,
  type ExtranetContract,
  type ExtranetDocument,
  type ExtranetCustomer,
  type ExtranetFailure,
} from './extranet-api';

// The pages a broker's software opens (issue 16): /extranet/vertrag/:id and /extranet/kundendaten/:id
// under the flow layout. They show one contract or one customer read-only, with the back office's
// presentational parts (ui/back-office, shared with the agent portal) and no link into the portal; a
// refused link shows a German page saying what happened and what to do next, and no data. Labels
// come from the back office's texts (namespace back-office), so both show a contract alike.

const NS = 'extranet';

const date = (value: string | null) => (value ? formatDate(value) : undefined);
const money = (value: number | null) => (value === null ? undefined : formatMoney(value));

/** What happened to the link, and what to do: open it again from the broker software. */
export function ExtranetFailurePage({ failure }: { failure: ExtranetFailure }) {
  const { t } = useTranslation(NS);
  useDocumentTitle(t(`error.${failure}.title`));
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t(`error.${failure}.title`)}</h1>
      </header>
      <InfoBox variant="error" headline={t(`error.${failure}.title`)}>
        <p>{t(`error.${failure}.text`)}</p>
        <p>{t(`error.${failure}.next`)}</p>
      </InfoBox>
    </div>
  );
}

function ReadOnlyNote({ until }: { until: string }) {
  const { t } = useTranslation(NS);
  return (
    <InfoBox variant="info" headline={t('readOnly')}>
      <p>{t('validUntil', { time: formatDateTime(until) })}</p>
    </InfoBox>
  );
}

/** One document: its name and date, and its download with the page's view token. */
function DocumentRow({ document, ansicht }: { document: ExtranetDocument; ansicht: string }) {
  const { t } = useTranslation(NS);
  const download = useDownloadExtranetDocument();
  return (
    <li className={own.documentRow}>
      <span>
        {document.name} · {formatDate(document.erstelltAm)}
      </span>
      <Button
        variant="secondary"
        isPending={download.isPending}
        onPress={() => download.mutate({ document, ansicht })}
      >
        {t('documents.download', { name: document.name })}
      </Button>
      {download.isError ? (
        <p role="alert" className={own.error}>
          {apiErrorMessage(download.error) ?? t('documents.failed')}
        </p>
      ) : null}
    </li>
  );
}

/** The contract's documents (newest first), downloadable while the view lasts. */
function Documents({ documents, ansicht }: { documents: ExtranetDocument[]; ansicht: string }) {
  const { t } = useTranslation(NS);
  if (documents.length === 0) return <Empty>{t('documents.none')}</Empty>;
  return (
    <>
      <p className={styles.muted}>{t('documents.hint')}</p>
      <ul className={styles.plainList}>
        {documents.map((document) => (
          <DocumentRow key={document.id} document={document} ansicht={ansicht} />
        ))}
      </ul>
    </>
  );
}

/** One contract, read-only, with its documents when the view token to download them is given. */
export function ContractView({ contract, ansicht }: { contract: ExtranetContract; ansicht?: string }) {
  const { t } = useTranslation(BACK_OFFICE_NS);
  const { t: tx } = useTranslation(NS);
  return (
    <>
      <Section id="vertrag" headline={t('contract.summary')}>
        <ContractFacts contract={contract} />
      </Section>
      <Section id="beitraege" headline={t('customer.premiums')}>
        <PremiumTable items={contract.offeneBeitraege} />
      </Section>
      <Section id="verlauf" headline={t('contract.history')}>
        <PremiumHistory steps={contract.beitragsverlauf} />
      </Section>
      <Section id="vorgemerkt" headline={t('contract.pending')}>
        <PendingChanges changes={contract.vorgemerkteAenderungen} />
      </Section>
      <Section id="aufgaben" headline={t('contract.tasks')}>
        <TaskTable tasks={contract.aufgaben} empty={t('contract.noTasks')} />
      </Section>
      {ansicht ? (
        <Section id="dokumente" headline={tx('documents.headline')}>
          <Documents documents={contract.dokumente} ansicht={ansicht} />
        </Section>
      ) : null}
    </>
  );
}

function CustomerContracts({ customer }: { customer: ExtranetCustomer }) {
  const { t } = useTranslation(BACK_OFFICE_NS);
  if (customer.vertraege.length === 0) return <Empty>{t('customer.noContracts')}</Empty>;
  const columns = [
    'vertragsnummer',
    'produkt',
    'status',
    'beginn',
    'ende',
    'folgeBeitrag',
    'jaehrlicherBeitrag',
  ];
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          {columns.map((key) => (
            <th key={key} scope="col">
              {t(`customer.${key}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {customer.vertraege.map((contract) => (
          <tr key={contract.vertragsnummer}>
            <th scope="row" data-label={t('customer.vertragsnummer')}>
              {contract.vertragsnummer}
            </th>
            <td data-label={t('customer.produkt')}>{contract.versicherungsName}</td>
            <td data-label={t('customer.status')}>
              {t(`status.${contract.status}`)}
              {contract.mahnung ? <span className={styles.overdue}> · {t('customer.overdue')}</span> : null}
            </td>
            <td data-label={t('customer.beginn')}>{formatDate(contract.vertragsbeginn)}</td>
            <td data-label={t('customer.ende')}>{date(contract.vertragsende) ?? '–'}</td>
            <td data-label={t('customer.folgeBeitrag')}>{money(contract.folgeBeitrag) ?? '–'}</td>
            <td data-label={t('customer.jaehrlicherBeitrag')}>{money(contract.jaehrlicherBeitrag) ?? '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One customer, read-only: only the contracts of the agency and its sub-agents. */
export function CustomerView({ customer }: { customer: ExtranetCustomer }) {
  const { t } = useTranslation(BACK_OFFICE_NS);
  const { t: tx } = useTranslation(NS);
  return (
    <>
      <Section id="kontakt" headline={t('customer.contact')}>
        <ContactFacts customer={customer} />
      </Section>
      <Section id="bank" headline={t('customer.bank')}>
        <BankFacts bank={customer.bankverbindung} />
      </Section>
      <Section id="vertraege" headline={t('customer.contracts')}>
        <CustomerContracts customer={customer} />
      </Section>
      <Section id="beitraege" headline={t('customer.premiums')}>
        <PremiumTable items={customer.vertraege.flatMap((contract) => contract.offeneBeitraege)} />
      </Section>
      <Section id="aufgaben" headline={t('customer.tasks')}>
        <TaskTable tasks={customer.offeneAufgaben} empty={tx('customer.noTasks')} />
      </Section>
    </>
  );
}

/** /extranet/vertrag/:id: the contract of a single-use link. */
export function ExtranetContractPage() {
  // Loads the views' labels (back-office) with the page's own texts, not after the data.
  const { t } = useTranslation([NS, BACK_OFFICE_NS]);
  const { id = '' } = useParams();
  const view = useExtranetView('vertrag', id);
  const contract = view.data?.vertrag;
  useDocumentTitle(
    contract ? t('contract.title', { nummer: contract.vertragsnummer }) : t('contract.titleLoading'),
  );
  if (view.isError) return <ExtranetFailurePage failure={failureOf(view.error)} />;
  if (!view.data || !contract) return <Loading isBlock label={t('loading')} />;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('contract.title', { nummer: contract.vertragsnummer })}</h1>
        <p className={styles.muted}>
          {t('contract.customer', { name: contract.kundenName, nummer: contract.partnerNummer })}
        </p>
      </header>
      <ReadOnlyNote until={view.data.ansichtGueltigBis} />
      <ContractView contract={contract} ansicht={view.data.ansicht} />
    </div>
  );
}

/** /extranet/kundendaten/:id: the customer of a single-use link. */
export function ExtranetCustomerPage() {
  // Loads the views' labels (back-office) with the page's own texts, not after the data.
  const { t } = useTranslation([NS, BACK_OFFICE_NS]);
  const { id = '' } = useParams();
  const view = useExtranetView('kundendaten', id);
  const customer = view.data?.kunde;
  useDocumentTitle(customer ? t('customer.title', { name: customer.name }) : t('customer.titleLoading'));
  if (view.isError) return <ExtranetFailurePage failure={failureOf(view.error)} />;
  if (!view.data || !customer) return <Loading isBlock label={t('loading')} />;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('customer.title', { name: customer.name })}</h1>
        <p className={styles.muted}>{t('customer.partnerNummer', { nummer: customer.partnerNummer })}</p>
      </header>
      <ReadOnlyNote until={view.data.ansichtGueltigBis} />
      <CustomerView customer={customer} />
    </div>
  );
}
