import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiErrorMessage } from '../../lib/download-document';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { RadioGroup } from '../../ui/forms/radio-group';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { useRevokeContract } from './api/end-contract';
import type { TerminationContract } from './api/get-contract';
import { useRevocationReasons, type Reason } from './api/get-reasons';
import { FeedbackField } from './feedback-field';
import { PageHeadline } from './page-headline';
import { Receipt } from './receipt';
import styles from './termination.module.css';

type Values = { grund: string; freitext: string };

/** A revocation needs no reason (§8 VVG): 'Sonstiger Grund' stands until the customer picks another. */
const NO_PARTICULAR_REASON = 'SONSTIGES';

function RevocationDetails({
  reasons,
  values,
  onNext,
  onCancel,
}: {
  reasons: readonly Reason[];
  values: Values;
  onNext: (values: Values) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('termination');
  const schema = useMemo(
    () =>
      z.object({
        grund: z.string().min(1, t('form.reasonRequired')),
        freitext: z.string().max(2000, t('form.feedbackTooLong')),
      }),
    [t],
  );
  const { control, handleSubmit } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: values });
  return (
    <>
      <PageHeadline>{t('revocationForm.headline')}</PageHeadline>
      <p>{t('revocationForm.intro')}</p>
      <form className={styles.form} noValidate onSubmit={handleSubmit(onNext)}>
        <Controller
          control={control}
          name="grund"
          render={({ field, fieldState }) => (
            <RadioGroup
              {...field}
              label={t('revocationForm.reason')}
              options={reasons.map((reason) => ({ value: reason.key, label: reason.label }))}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <FeedbackField control={control} name="freitext" />
        <div className={styles.actions}>
          <Button type="submit">{t('revocationForm.next')}</Button>
          <Button variant="secondary" onPress={onCancel}>
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </>
  );
}

/**
 * The revocation of the 'Widerrufsbutton' rule: 'Vertrag widerrufen' led here; the customer gives
 * an optional reason and feedback, confirms with 'Widerruf bestätigen' and gets the receipt at once.
 */
export function RevocationFlow({
  contract,
  onCancel,
}: {
  contract: TerminationContract;
  onCancel: () => void;
}) {
  const { t } = useTranslation('termination');
  const reasons = useRevocationReasons();
  const revoke = useRevokeContract();
  const [values, setValues] = useState<Values>({ grund: NO_PARTICULAR_REASON, freitext: '' });
  const [step, setStep] = useState<'details' | 'confirm'>('details');

  if (revoke.data) return <Receipt receipt={revoke.data} kind="revocation" />;
  if (reasons.isPending) return <Loading label={t('loading')} />;
  if (reasons.isError) return <EmptyState preset="error" />;
  if (step === 'details') {
    return (
      <RevocationDetails
        reasons={reasons.data}
        values={values}
        onCancel={onCancel}
        onNext={(next) => {
          setValues(next);
          setStep('confirm');
        }}
      />
    );
  }
  const reasonLabel = reasons.data.find((reason) => reason.key === values.grund)?.label ?? values.grund;
  return (
    <>
      <PageHeadline>{t('revocationForm.confirmHeadline')}</PageHeadline>
      <p>{t('revocationForm.confirmIntro')}</p>
      <section className={styles.card} aria-label={t('contract.headline')}>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t('contract.headline')}</dt>
            <dd>
              {contract.versicherungsName}, {contract.versicherungsNummer}
            </dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('revocationForm.summaryReason')}</dt>
            <dd>{reasonLabel}</dd>
          </div>
          {values.freitext.trim() ? (
            <div className={styles.fact}>
              <dt>{t('revocationForm.summaryFeedback')}</dt>
              <dd className={styles.feedback}>{values.freitext.trim()}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      {revoke.isError ? (
        <InfoBox variant="error">
          <p>{apiErrorMessage(revoke.error) ?? t('form.failed')}</p>
        </InfoBox>
      ) : null}
      <div className={styles.actions}>
        <Button
          isPending={revoke.isPending}
          onPress={() =>
            revoke.mutate({
              versicherungsNummer: contract.versicherungsNummer,
              grund: values.grund,
              freitext: values.freitext,
            })
          }
        >
          {t('revocationForm.confirm')}
        </Button>
        <Button variant="secondary" isDisabled={revoke.isPending} onPress={() => setStep('details')}>
          {t('form.back')}
        </Button>
      </div>
    </>
  );
}
