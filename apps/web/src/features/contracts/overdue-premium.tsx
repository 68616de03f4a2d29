import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Mahnstufe } from '@schirm/domain/contract/overdue';
import { addDays } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { formatIbanGroups } from '@schirm/domain/validation/iban';
import type { ContractDetails } from './api/contracts-api';
import styles from './overdue-premium.module.css';

type OverduePremiums = NonNullable<ContractDetails['ueberfaelligeBeitraege']>;

/** The follow-up stages from the most to the least serious: the text names the most serious one. */
const FOLLOW_UP_STAGES: readonly Mahnstufe[] = ['FRIST_ABGELAUFEN', 'GEMAHNT', 'NICHT_GEMAHNT'];

/** What happens next: for an unpaid first premium (§37 VVG) and the most advanced follow-up one (§38 VVG). */
function NextSteps({ items }: { items: OverduePremiums }) {
  const { t } = useTranslation('overdue');
  const texts: string[] = [];
  if (items.some((item) => item.mahnstufe === 'ERSTBEITRAG')) texts.push(t('next.ERSTBEITRAG'));
  const stage = FOLLOW_UP_STAGES.find((s) => items.some((item) => item.mahnstufe === s));
  if (stage) {
    // The earliest deadline of that stage is the one that decides (or decided) about the cover.
    const reminded = items
      .filter((item) => item.mahnstufe === stage && item.zahlungsfristBis && item.gemahntAm)
      .sort((a, b) => (a.zahlungsfristBis! < b.zahlungsfristBis! ? -1 : 1))[0];
    texts.push(
      t(`next.${stage}`, {
        remindedOn: reminded?.gemahntAm ? formatDate(reminded.gemahntAm) : '',
        deadline: reminded?.zahlungsfristBis ? formatDate(reminded.zahlungsfristBis) : '',
        dayAfter: reminded?.zahlungsfristBis ? formatDate(addDays(reminded.zahlungsfristBis, 1)) : '',
      }),
    );
  }
  return (
    <>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </>
  );
}

/**
 * An overdue premium on the contract details page (issue 12): how much since when, what happens
 * next under §37/§38 VVG, and how to pay: the insurer's account with the contract number as
 * reference (from the server), or a new direct debit through the bank details page. Nothing while
 * every premium is paid.
 */
export function OverduePremium({ contract }: { contract: ContractDetails }) {
  const { t } = useTranslation('overdue');
  const items = contract.ueberfaelligeBeitraege ?? [];
  if (!contract.mahnung || items.length === 0) return null;
  const total = formatMoney(items.reduce((sum, item) => sum + Math.round(item.betrag * 100), 0) / 100);
  const account = contract.zahlungsinformationen;
  return (
    <section className={styles.overdue} aria-labelledby="ueberfaellig-headline">
      <h2 id="ueberfaellig-headline" className={styles.headline}>
        {t('headline')}
      </h2>
      <p>{t('intro', { count: items.length, amount: total })}</p>
      <ul className={styles.items} aria-label={t('itemsLabel')}>
        {items.map((item) => (
          <li key={item.faelligAm}>
            <span>
              {item.art === 'ERSTBEITRAG'
                ? t('firstPremium', { date: formatDate(item.faelligAm) })
                : t('dueOn', { date: formatDate(item.faelligAm) })}
              {item.gemahntAm && item.zahlungsfristBis
                ? ` (${t('reminded', { date: formatDate(item.gemahntAm), deadline: formatDate(item.zahlungsfristBis) })})`
                : ''}
            </span>
            <strong className={styles.amount}>{formatMoney(item.betrag)}</strong>
          </li>
        ))}
      </ul>

      <h3 className={styles.subheadline}>{t('nextHeadline')}</h3>
      <NextSteps items={items} />

      <h3 className={styles.subheadline}>{t('payHeadline')}</h3>
      {account ? (
        <>
          <p>{t('transfer', { amount: total })}</p>
          <dl className={styles.account}>
            <div>
              <dt>{t('recipient')}</dt>
              <dd>{account.kontoinhaber}</dd>
            </div>
            <div>
              <dt>{t('iban')}</dt>
              <dd className={styles.nowrap}>{formatIbanGroups(account.iban)}</dd>
            </div>
            <div>
              <dt>{t('bic')}</dt>
              <dd>{account.bic}</dd>
            </div>
            <div>
              <dt>{t('reference')}</dt>
              <dd>{account.verwendungszweck}</dd>
            </div>
            <div>
              <dt>{t('amount')}</dt>
              <dd>{total}</dd>
            </div>
          </dl>
        </>
      ) : null}
      {contract.selbstServices.includes('bankverbindung') ? (
        <p>
          {t('directDebit')}{' '}
          <Link to={`/kunden/bankverbindung/?vertrag=${contract.versicherungsNummer}`}>
            {t('directDebitLink')}
          </Link>
        </p>
      ) : null}
      <p className={styles.hint}>{t('paid')}</p>
    </section>
  );
}
