import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { useDocumentTitle } from '../../lib/document-title';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import styles from './extranet.module.css';
import {
  failureOf,
  useExtranetView,
  type ExtranetContract,
  type ExtranetCustomer,
  type ExtranetFailure,
  type ExtranetTask,
  type OpenPremium,
} from './extranet-api';

// The pages a broker's software opens (issue 16): /extranet/vertrag/:id and /extranet/kundendaten/:id
// under the flow layout. They show one contract or one customer read-only, with the agent portal's
// presentational parts (features/agent-customers) and no link into the portal; a refused link shows
// a German page saying what happened and what to do next, and no data. Labels come from the agent
// portal's texts (namespace agent-customers), so both show a contract alike.

const NS = 'extranet';
const AGENT_NS = 'agent-customers';

function Section({ id, headline, children }: { id: string; headline: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <h2 id={`${id}-headline`} className={styles.sectionHeadline}>
        {headline}
      </h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

function PremiumTable({ items }: { items: OpenPremium[] }) {
  const { t } = useTranslation(AGENT_NS);
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

function TaskTable({ tasks, empty }: { tasks: ExtranetTask[]; empty: string }) {
  const { t } = useTranslation(AGENT_NS);
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

const date = (value: string | null | undefined) => (value ? formatDate(value) : undefined);
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

function History({ contract }: { contract: ExtranetContract }) {
  const { t } = useTranslation(AGENT_NS);
  if (contract.beitragsverlauf.length === 0) return <Empty>{t('contract.noHistory')}</Empty>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('contract.gueltigAb')}</th>
          <th scope="col">{t('contract.beitragProPeriode')}</th>
          <th scope="col">{t('customer.jaehrlicherBeitrag')}</th>
          <th scope="col">{t('contract.grund')}</th>
        </tr>
      </thead>
      <tbody>
        {contract.beitragsverlauf.map((step, index) => (
          <tr key={`${step.gueltigAb}-${index}`}>
            <td data-label={t('contract.gueltigAb')}>{formatDate(step.gueltigAb)}</td>
            <td data-label={t('contract.beitragProPeriode')}>
              {formatMoney(step.beitragProPeriode)} {t(`zahlweise.${step.zahlweise}`)}
            </td>
            <td data-label={t('customer.jaehrlicherBeitrag')}>
              {step.jahresbeitrag === null ? '–' : formatMoney(step.jahresbeitrag)}
            </td>
            <td data-label={t('contract.grund')}>{t(`grund.${step.grund}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Pending({ contract }: { contract: ExtranetContract }) {
  const { t } = useTranslation(AGENT_NS);
  if (contract.vorgemerkteAenderungen.length === 0) return <Empty>{t('contract.noPending')}</Empty>;
  return (
    <ul className={styles.plainList}>
      {contract.vorgemerkteAenderungen.map((change) => (
        <li key={`${change.typ}-${change.wirksamkeitsdatum}`}>
          {change.bezeichnung}, {t('contract.ab', { date: formatDate(change.wirksamkeitsdatum) })}
          {change.neuerBeitrag !== undefined && change.zahlweise
            ? `, ${t('contract.neuerBeitrag', {
                amount: formatMoney(change.neuerBeitrag),
                zahlweise: t(`zahlweise.${change.zahlweise}`),
              })}`
            : null}
        </li>
      ))}
    </ul>
  );
}

/** One contract, read-only. */
export function ContractView({ contract }: { contract: ExtranetContract }) {
  const { t } = useTranslation(AGENT_NS);
  const ort = contract.risikoOrt;
  return (
    <>
      <Section id="vertrag" headline={t('contract.summary')}>
        <dl className={styles.facts}>
          <Fact label={t('customer.produkt')}>{contract.versicherungsName}</Fact>
          <Fact label={t('customer.status')}>{t(`status.${contract.status}`)}</Fact>
          <Fact label={t('customer.beginn')}>{formatDate(contract.vertragsbeginn)}</Fact>
          <Fact label={t('customer.ende')}>{date(contract.vertragsende)}</Fact>
          <Fact label={t('customer.jaehrung')}>{date(contract.naechsteVertragsjaehrung)}</Fact>
          <Fact label={t('contract.zahlweise')}>{t(`zahlweise.${contract.zahlweise}`)}</Fact>
          <Fact label={t('customer.folgeBeitrag')}>{money(contract.folgeBeitrag)}</Fact>
          <Fact label={t('customer.jaehrlicherBeitrag')}>{money(contract.jaehrlicherBeitrag)}</Fact>
          <Fact label={t('customer.iban')}>{contract.bankverbindung?.iban}</Fact>
          <Fact label={t('contract.risikoOrt')}>
            {ort ? `${ort.strasse} ${ort.hausnummer}, ${ort.plz} ${ort.ort}` : undefined}
          </Fact>
          <Fact label={t('contract.vermittler')}>
            {contract.vermittler
              ? `${contract.vermittler.name} (${contract.vermittler.vermittlerNummer})`
              : undefined}
          </Fact>
        </dl>
      </Section>
      <Section id="beitraege" headline={t('customer.premiums')}>
        <PremiumTable items={contract.offeneBeitraege} />
      </Section>
      <Section id="verlauf" headline={t('contract.history')}>
        <History contract={contract} />
      </Section>
      <Section id="vorgemerkt" headline={t('contract.pending')}>
        <Pending contract={contract} />
      </Section>
      <Section id="aufgaben" headline={t('contract.tasks')}>
        <TaskTable tasks={contract.aufgaben} empty={t('contract.noTasks')} />
      </Section>
    </>
  );
}

function CustomerContracts({ customer }: { customer: ExtranetCustomer }) {
  const { t } = useTranslation(AGENT_NS);
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
  const { t } = useTranslation(AGENT_NS);
  const { t: tx } = useTranslation(NS);
  const address = customer.anschrift;
  return (
    <>
      <Section id="kontakt" headline={t('customer.contact')}>
        <dl className={styles.facts}>
          <Fact label={t('customer.name')}>
            {[customer.anrede, customer.titel, customer.name].filter(Boolean).join(' ')}
          </Fact>
          <Fact label={t('customer.geburtsdatum')}>{date(customer.geburtsdatum)}</Fact>
          <Fact label={t('customer.rechtsform')}>{customer.rechtsform}</Fact>
          <Fact label={t('customer.anschrift')}>
            {address ? `${address.strasse} ${address.hausnummer}, ${address.plz} ${address.ort}` : undefined}
          </Fact>
          <Fact label={t('customer.email')}>{customer.email ?? t('common.none')}</Fact>
          <Fact label={t('customer.telefon')}>{customer.telefon ?? t('common.none')}</Fact>
        </dl>
      </Section>
      <Section id="bank" headline={t('customer.bank')}>
        {customer.bankverbindung ? (
          <dl className={styles.facts}>
            <Fact label={t('customer.iban')}>{customer.bankverbindung.iban}</Fact>
            <Fact label={t('customer.kontoinhaber')}>{customer.bankverbindung.kontoinhaber}</Fact>
          </dl>
        ) : (
          <Empty>{t('customer.noBank')}</Empty>
        )}
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
  const { t } = useTranslation(NS);
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
      <ContractView contract={contract} />
    </div>
  );
}

/** /extranet/kundendaten/:id: the customer of a single-use link. */
export function ExtranetCustomerPage() {
  const { t } = useTranslation(NS);
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
