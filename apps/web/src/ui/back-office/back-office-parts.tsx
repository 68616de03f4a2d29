import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import type {
  BackOfficeContract,
  BackOfficeCustomer,
  BackOfficeTask,
  MaskedBank,
  OpenPremium,
  PendingChange,
  PremiumStep,
} from './back-office-types';
import styles from './back-office.module.css';

/*
 * The presentational parts of the back office's read views of a contract or a customer: the agent
 * portal (features/agent-customers) and the extranet pages a broker's software opens
 * (features/extranet) show them alike. Their labels are the namespace back-office.
 */

export const BACK_OFFICE_NS = 'back-office';

const date = (value: string | null | undefined) => (value ? formatDate(value) : undefined);
const money = (value: number | null) => (value === null ? undefined : formatMoney(value));

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

/** One label and value of a fact list (dl); without a value nothing is shown. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

export function PremiumTable({ items }: { items: OpenPremium[] }) {
  const { t } = useTranslation(BACK_OFFICE_NS);
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

export function TaskTable({ tasks, empty }: { tasks: BackOfficeTask[]; empty: string }) {
  const { t } = useTranslation(BACK_OFFICE_NS);
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

/** The contract's premium history, newest last. */
export function PremiumHistory({ steps }: { steps: PremiumStep[] }) {
  const { t } = useTranslation(BACK_OFFICE_NS);
  if (steps.length === 0) return <Empty>{t('contract.noHistory')}</Empty>;
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
        {steps.map((step, index) => (
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

/** The changes already saved that take effect later. */
export function PendingChanges({ changes }: { changes: PendingChange[] }) {
  const { t } = useTranslation(BACK_OFFICE_NS);
  if (changes.length === 0) return <Empty>{t('contract.noPending')}</Empty>;
  return (
    <ul className={styles.plainList}>
      {changes.map((change) => (
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

/** The contract's summary as a fact list. */
export function ContractFacts({ contract }: { contract: BackOfficeContract }) {
  const { t } = useTranslation(BACK_OFFICE_NS);
  const ort = contract.risikoOrt;
  return (
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
  );
}

/** The customer's contact data as a fact list; children add facts at its end. */
export function ContactFacts({ customer, children }: { customer: BackOfficeCustomer; children?: ReactNode }) {
  const { t } = useTranslation(BACK_OFFICE_NS);
  const address = customer.anschrift;
  return (
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
      {children}
    </dl>
  );
}

/** The customer's bank details, or why there are none. */
export function BankFacts({ bank }: { bank: MaskedBank | undefined }) {
  const { t } = useTranslation(BACK_OFFICE_NS);
  if (!bank) return <Empty>{t('customer.noBank')}</Empty>;
  return (
    <dl className={styles.facts}>
      <Fact label={t('customer.iban')}>{bank.iban}</Fact>
      <Fact label={t('customer.kontoinhaber')}>{bank.kontoinhaber}</Fact>
    </dl>
  );
}
