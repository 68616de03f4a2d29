// /kunden/versicherungssumme/?vertrag=<number>: a new insured sum of a contents insurance (SI) from a
// day the customer names (from tomorrow, before the contract ends), behind the flag
// 'insured-amount-change' (the server lists the page only while it is on).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, minDate, todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { wunschdatumRange } from '@schirm/domain/contract/pending-changes';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney, formatMoneyInput, parseMoneyInput } from '@schirm/domain/format/money';
import { amountProblem, VERSICHERUNGSSUMME_RANGE } from '@schirm/domain/validation/amounts';
import { Button } from '../../ui/button';
import { CurrencyInput } from '../../ui/forms/currency-input';
import { DateInput, dateRangeProblem } from '../../ui/forms/date-input';
import type { SelfServiceContract } from './api/self-service-api';
import { ChangeFlow, type ChangeFormProps } from './change-flow';
import { PendingNote } from './pending-note';
import { SelfServicePage } from './self-service-page';
import styles from './self-service.module.css';

/** As the API takes it: the day as 'yyyy-MM-dd', the sum as a German money string. */
type Body = { wirksamkeitsdatum: CalendarDate; value: string };

function centsOf(value: string | undefined): number | undefined {
  const cents = value === undefined ? undefined : parseMoneyInput(value);
  return typeof cents === 'number' ? cents : undefined;
}

/**
 * The days the server accepts (wunschdatumRange): from tomorrow (not before the start), at most
 * 12 months ahead, before the contract ends.
 */
function dateRange(contract: SelfServiceContract): { min: CalendarDate; max: CalendarDate } {
  const { earliest, latest } = wunschdatumRange(contract, 'versicherungssumme', todayInGermany());
  return {
    min: earliest,
    max:
      contract.beendigungsdatum === undefined
        ? latest
        : minDate(latest, addDays(contract.beendigungsdatum, -1)),
  };
}

function VersicherungssummeForm({
  contract,
  submit,
  initial,
  isPending,
  fieldErrors,
}: ChangeFormProps<Body> & { contract: SelfServiceContract }) {
  const { t } = useTranslation('self-service');
  const [cents, setCents] = useState<number | undefined>(centsOf(initial?.value));
  const [date, setDate] = useState<CalendarDate | undefined>(initial?.wirksamkeitsdatum);
  const [sumProblem, setSumProblem] = useState<string | undefined>(undefined);
  const [dateProblem, setDateProblem] = useState<string | undefined>(undefined);
  const { min, max } = dateRange(contract);
  const current = contract.versicherungsSumme;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The range the server applies too: the tariff's minimum up to 10 Mio. EUR.
        const sum =
          amountProblem(cents, VERSICHERUNGSSUMME_RANGE) ??
          (current !== undefined && cents === Math.round(current * 100)
            ? t('versicherungssumme.sameAsCurrent')
            : undefined);
        const range = dateRangeProblem(date, min, max);
        const day =
          date === undefined
            ? t('versicherungssumme.dateRequired')
            : range === undefined
              ? undefined
              : range === 'max'
                ? t('versicherungssumme.dateMax', { date: formatDate(max) })
                : t('versicherungssumme.dateMin', { date: formatDate(min) });
        setSumProblem(sum);
        setDateProblem(day);
        if (sum !== undefined || day !== undefined || cents === undefined || date === undefined) return;
        submit({ wirksamkeitsdatum: date, value: formatMoneyInput(cents) });
      }}
    >
      <PendingNote contract={contract} type="versicherungssumme" />
      <CurrencyInput
        label={t('versicherungssumme.sumField')}
        {...(current === undefined
          ? {}
          : { description: t('versicherungssumme.current', { amount: formatMoney(current) }) })}
        value={cents}
        onChange={(next) => {
          setCents(next);
          setSumProblem(undefined);
        }}
        isRequired
        errorMessage={sumProblem ?? fieldErrors.value}
      />
      <DateInput
        label={t('versicherungssumme.dateField')}
        value={date}
        onChange={(next) => {
          setDate(next);
          setDateProblem(undefined);
        }}
        min={min}
        max={max}
        isRequired
        errorMessage={dateProblem ?? fieldErrors.wirksamkeitsdatum}
      />
      <div>
        <Button type="submit" isPending={isPending}>
          {t('form.calculate')}
        </Button>
      </div>
    </form>
  );
}

export function VersicherungssummePage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="versicherungssumme">
      {(contract) => (
        <ChangeFlow<Body>
          contract={contract}
          endpoint="versicherungssumme"
          describe={(body) =>
            t('versicherungssumme.describe', {
              amount: formatMoney((centsOf(body.value) ?? 0) / 100),
              date: formatDate(body.wirksamkeitsdatum),
            })
          }
          renderForm={(props) => <VersicherungssummeForm contract={contract} {...props} />}
        />
      )}
    </SelfServicePage>
  );
}
