import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { useDocumentTitle } from '../../lib/document-title';
import {
  BankFacts,
  ContactFacts,
  Empty,
  Fact,
  PremiumTable,
  Section,
  TaskTable,
} from '../../ui/back-office/back-office-parts';
import layout from '../../ui/back-office/back-office.module.css';
import { buttonClassName } from '../../ui/button';
import { Select } from '../../ui/forms/select';
import { Loading } from '../../ui/loading';
import {
  useAgentClaims,
  useAgentCustomer,
  type AgentContractListItem,
  type AgentCustomer,
} from './agent-customers-api';
import { DocumentList, LoadFailure, useAgentTexts } from './shared';
import styles from './agent-customers.module.css';

/** The products an agent can advise on (/vermittler/<produkt>/beratung/, advice area). */
const ADVICE_PRODUCTS = [
  'privathaftpflicht',
  'hausrat',
  'fahrrad',
  'tierhalterhaftpflicht',
  'betriebshaftpflicht',
  'vermoegensschadenhaftpflicht',
  'sachinhalt',
  'sachinhalt-mehrgefahren',
  'reise',
] as const;

const date = (value: string | null) => (value ? formatDate(value) : undefined);
const money = (value: number | null) => (value === null ? undefined : formatMoney(value));

function ContractRow({ contract }: { contract: AgentContractListItem }) {
  const { t } = useAgentTexts();
  return (
    <tr>
      <th scope="row" data-label={t('customer.vertragsnummer')}>
        <Link
          to={`/vermittler/vertraege/details/${contract.vertragsnummer}/`}
          aria-label={t('customer.details', { nummer: contract.vertragsnummer })}
        >
          {contract.vertragsnummer}
        </Link>
      </th>
      <td data-label={t('customer.produkt')}>{contract.versicherungsName}</td>
      <td data-label={t('customer.status')}>
        {t(`status.${contract.status}`)}
        {contract.mahnung ? <span className={layout.overdue}> · {t('customer.overdue')}</span> : null}
      </td>
      <td data-label={t('customer.vertragsart')}>{t(`customer.vertragsartValue.${contract.vertragsart}`)}</td>
      <td data-label={t('customer.beginn')}>{formatDate(contract.vertragsbeginn)}</td>
      <td data-label={t('customer.ende')}>{date(contract.vertragsende) ?? '–'}</td>
      <td data-label={t('customer.jaehrung')}>{date(contract.naechsteVertragsjaehrung) ?? '–'}</td>
      <td data-label={t('customer.hauptfaelligkeit')}>
        {t('customer.dayMonth', {
          day: String(contract.hauptfaelligkeit.day).padStart(2, '0'),
          month: String(contract.hauptfaelligkeit.month).padStart(2, '0'),
        })}
      </td>
      <td data-label={t('customer.folgeBeitrag')}>{money(contract.folgeBeitrag) ?? '–'}</td>
      <td data-label={t('customer.jaehrlicherBeitrag')}>{money(contract.jaehrlicherBeitrag) ?? '–'}</td>
      <td data-label={t('customer.jahresumsatz')}>
        {money(contract.gewerbeVertragsdaten?.jahresumsatz ?? null) ?? '–'}
      </td>
      <td data-label={t('customer.stand')}>{formatDate(contract.lastUpdated)}</td>
    </tr>
  );
}

function Contracts({ customer }: { customer: AgentCustomer }) {
  const { t } = useAgentTexts();
  if (customer.vertraege.length === 0) return <Empty>{t('customer.noContracts')}</Empty>;
  return (
    <table className={layout.table}>
      <thead>
        <tr>
          {[
            'vertragsnummer',
            'produkt',
            'status',
            'vertragsart',
            'beginn',
            'ende',
            'jaehrung',
            'hauptfaelligkeit',
            'folgeBeitrag',
            'jaehrlicherBeitrag',
            'jahresumsatz',
            'stand',
          ].map((key) => (
            <th key={key} scope="col">
              {t(`customer.${key}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {customer.vertraege.map((contract) => (
          <ContractRow key={contract.vertragsnummer} contract={contract} />
        ))}
      </tbody>
    </table>
  );
}

function Claims({ partnerNummer }: { partnerNummer: string }) {
  const { t } = useAgentTexts();
  const claims = useAgentClaims(partnerNummer);
  if (claims.isPending) return <Loading label={t('common.loading')} />;
  if (claims.isError) return <Empty>{t('customer.claimsFailed')}</Empty>;
  if (claims.data.length === 0) return <Empty>{t('customer.noClaims')}</Empty>;
  return (
    <table className={layout.table}>
      <thead>
        <tr>
          <th scope="col">{t('customer.schadennummer')}</th>
          <th scope="col">{t('customer.produkt')}</th>
          <th scope="col">{t('customer.schadentag')}</th>
          <th scope="col">{t('customer.status')}</th>
        </tr>
      </thead>
      <tbody>
        {claims.data.map((claim) => (
          <tr key={claim.claimId}>
            <td data-label={t('customer.schadennummer')}>
              <Link
                to={`/vermittler/kunde/${partnerNummer}/schaden/${claim.claimId}/`}
                aria-label={t('customer.openClaim', { nummer: claim.schadennummer })}
              >
                {claim.schadennummer}
              </Link>
            </td>
            <td data-label={t('customer.produkt')}>
              {claim.produktName} ({claim.vertragsnummer})
            </td>
            <td data-label={t('customer.schadentag')}>{formatDate(claim.schadentag)}</td>
            <td data-label={t('customer.status')}>{claim.statusLabel}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Actions({ partnerNummer }: { partnerNummer: string }) {
  const { t } = useAgentTexts();
  const [product, setProduct] = useState<string>('privathaftpflicht');
  return (
    <div className={styles.actions}>
      <Link
        className={buttonClassName({ variant: 'secondary' })}
        to={`/vermittler/kundendaten/${partnerNummer}/`}
      >
        {t('customer.correct')}
      </Link>
      <Link
        className={buttonClassName({ variant: 'secondary' })}
        to={`/vermittler/umzugsservice/${partnerNummer}/`}
      >
        {t('customer.relocate')}
      </Link>
      <Select
        label={t('customer.adviceProduct')}
        options={ADVICE_PRODUCTS.map((value) => ({ value, label: t(`products.${value}`) }))}
        value={product}
        onChange={(value) => setProduct(value ?? 'privathaftpflicht')}
      />
      <Link
        className={buttonClassName({ variant: 'primary' })}
        to={`/vermittler/${product}/beratung/?kunde=${partnerNummer}`}
      >
        {t('customer.advice')}
      </Link>
    </div>
  );
}

function CustomerSections({ customer }: { customer: AgentCustomer }) {
  const { t } = useAgentTexts();
  const premiums = customer.vertraege.flatMap((contract) => contract.offeneBeitraege);
  return (
    <>
      <Section id="kontakt" headline={t('customer.contact')}>
        <ContactFacts customer={customer}>
          <Fact label={t('customer.portal')}>
            {customer.portalZugang ? t('customer.portalYes') : t('customer.portalNo')}
          </Fact>
        </ContactFacts>
      </Section>
      <Section id="bank" headline={t('customer.bank')}>
        <BankFacts bank={customer.bankverbindung} />
      </Section>
      <Section id="aktionen" headline={t('customer.actions')}>
        <Actions partnerNummer={customer.partnerNummer} />
      </Section>
      <Section id="vertraege" headline={t('customer.contracts')}>
        <Contracts customer={customer} />
      </Section>
      <Section id="beitraege" headline={t('customer.premiums')}>
        <PremiumTable items={premiums} />
      </Section>
      <Section id="aufgaben" headline={t('customer.tasks')}>
        <TaskTable tasks={customer.offeneAufgaben} empty={t('customer.noTasks')} />
      </Section>
      <Section id="dokumente" headline={t('customer.documents')}>
        <DocumentList documents={customer.dokumente} empty={t('customer.noDocuments')} />
      </Section>
      <Section id="schaeden" headline={t('customer.claims')}>
        <Claims partnerNummer={customer.partnerNummer} />
      </Section>
      <Section id="nachrichten" headline={t('customer.messages')}>
        <Empty>{t('customer.messagesNote')}</Empty>
      </Section>
    </>
  );
}

/** /vermittler/kunde/:partnerNummer/: one customer of the agent's scope (issue 15). */
export function CustomerPage() {
  const { t } = useAgentTexts();
  const { partnerNummer = '' } = useParams();
  const customer = useAgentCustomer(partnerNummer);
  useDocumentTitle(customer.data ? t('customer.title', { name: customer.data.name }) : t('common.loading'));
  return (
    <div className={layout.page}>
      <p>
        <Link to="/vermittler/kundenbestand/">{t('common.back')}</Link>
      </p>
      {customer.isPending ? (
        <Loading isBlock label={t('common.loading')} />
      ) : customer.isError ? (
        <LoadFailure error={customer.error} />
      ) : (
        <>
          <header className={layout.header}>
            <h1>{t('customer.title', { name: customer.data.name })}</h1>
            <p className={layout.muted}>
              {t('customer.partnerNummer', { nummer: customer.data.partnerNummer })}
            </p>
          </header>
          <CustomerSections customer={customer.data} />
        </>
      )}
    </div>
  );
}
