// /kunden/jahresumsatz/?vertrag=<number>: the annual revenue of a revenue-rated contract (BHV, VH).
// A new revenue is priced from the next main due date; a revenue the tariff does not insure online
// comes back as the tariff's reason (shown by the change flow as a warning). When nothing changed,
// 'Umsatz unverändert bestätigen' reports the revenue as it is, without a premium change.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney, formatMoneyInput, parseMoneyInput } from '@schirm/domain/format/money';
import { amountProblem, JAHRESUMSATZ_RANGE } from '@schirm/domain/validation/amounts';
import { Button } from '../../ui/button';
import { CurrencyInput } from '../../ui/forms/currency-input';
import { InfoBox } from '../../ui/info-box';
import { useConfirmRevenue } from './api/business-api';
import { useSelfServiceScope } from './self-service-scope';
import { changeFailure, type SelfServiceContract } from './api/self-service-api';
import { ChangeFlow, type ChangeFormProps } from './change-flow';
import { PendingNote } from './pending-note';
import { SelfServicePage } from './self-service-page';
import businessStyles from './business.module.css';
import styles from './self-service.module.css';

/** The revenue as the API takes it: a German money string, e.g. '410.000,00'. */
type Body = { jahresumsatz: string };

function toCents(body: Body | undefined): number | undefined {
  const cents = body === undefined ? undefined : parseMoneyInput(body.jahresumsatz);
  return typeof cents === 'number' ? cents : undefined;
}

function ConfirmUnchanged({ contract, amount }: { contract: SelfServiceContract; amount: string }) {
  const { t } = useTranslation('self-service');
  const confirm = useConfirmRevenue(contract.versicherungsNummer);
  const failure = confirm.isError ? changeFailure(confirm.error) : undefined;
  return (
    <section aria-labelledby="revenue-unchanged" className={styles.form}>
      <h3 id="revenue-unchanged" className={businessStyles.subHeading}>
        {t('jahresumsatz.confirmHeadline')}
      </h3>
      <p>{t('jahresumsatz.confirmText', { amount })}</p>
      <div role="status">
        {confirm.data ? (
          <InfoBox variant="info" headline={t('jahresumsatz.confirmedTitle')}>
            <p>
              {t('jahresumsatz.confirmedText', {
                amount: formatMoney(confirm.data.jahresumsatz),
                date: formatDate(confirm.data.jahresumsatzGemeldetAm),
              })}
            </p>
          </InfoBox>
        ) : null}
      </div>
      {failure ? (
        <InfoBox variant="error" headline={t('jahresumsatz.confirmFailedTitle')}>
          <p>{failure.message ?? t('errors.generic')}</p>
        </InfoBox>
      ) : null}
      {confirm.data ? null : (
        <div>
          <Button variant="secondary" isPending={confirm.isPending} onPress={() => confirm.mutate()}>
            {t('jahresumsatz.confirm')}
          </Button>
        </div>
      )}
    </section>
  );
}

function JahresumsatzForm({
  contract,
  submit,
  initial,
  isPending,
  fieldErrors,
}: ChangeFormProps<Body> & { contract: SelfServiceContract }) {
  const { t } = useTranslation('self-service');
  const scope = useSelfServiceScope();
  const [cents, setCents] = useState<number | undefined>(toCents(initial));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const current = contract.jahresumsatz?.value;
  const currentText = current === undefined ? '' : formatMoney(current);
  return (
    <>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The range the server applies too: at least 1.000,00 EUR, the refusal names it.
          const implausible = amountProblem(cents, JAHRESUMSATZ_RANGE);
          if (implausible !== undefined || cents === undefined) {
            setProblem(implausible);
            return;
          }
          if (current !== undefined && cents === Math.round(current * 100)) {
            setProblem(t('jahresumsatz.sameAsCurrent'));
            return;
          }
          submit({ jahresumsatz: formatMoneyInput(cents) });
        }}
      >
        <PendingNote contract={contract} type="jahresumsatz" />
        <CurrencyInput
          label={t('jahresumsatz.field')}
          {...(currentText ? { description: t('jahresumsatz.current', { amount: currentText }) } : {})}
          value={cents}
          onChange={(next) => {
            setCents(next);
            setProblem(undefined);
          }}
          isRequired
          errorMessage={problem ?? fieldErrors.jahresumsatz}
        />
        <div>
          <Button type="submit" isPending={isPending}>
            {t('form.calculate')}
          </Button>
        </div>
      </form>
      {/* Confirming the revenue unchanged is the customer's own declaration: no agent call for it. */}
      {currentText && scope.actor === 'kunde' ? (
        <ConfirmUnchanged contract={contract} amount={currentText} />
      ) : null}
    </>
  );
}

export function JahresumsatzPage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="jahresumsatz">
      {(contract) => (
        <ChangeFlow<Body>
          contract={contract}
          endpoint="jahresumsatz"
          describe={(body) => t('jahresumsatz.describe', { amount: formatMoney((toCents(body) ?? 0) / 100) })}
          renderForm={(props) => <JahresumsatzForm contract={contract} {...props} />}
        />
      )}
    </SelfServicePage>
  );
}
