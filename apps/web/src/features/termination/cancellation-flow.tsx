import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import { compareDates, isCalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { apiErrorMessage } from '../../lib/download-document';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { DateInput } from '../../ui/forms/date-input';
import { RadioGroup } from '../../ui/forms/radio-group';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { useCancelContract } from './api/end-contract';
import type { CancellationOptions } from './api/get-cancellation-options';
import type { TerminationContract } from './api/get-contract';
import { useCancellationReasons, type Reason } from './api/get-reasons';
import { FeedbackField } from './feedback-field';
import { PageHeadline } from './page-headline';
import { Receipt } from './receipt';
import styles from './termination.module.css';

type Values = { grund: string; datum: string; freitext: string };

function DateField({ control, options }: { control: Control<Values>; options: CancellationOptions }) {
  const { t } = useTranslation('termination');
  const earliest = options.fruehestesDatum;
  return (
    <Controller
      control={control}
      name="datum"
      render={({ field, fieldState }) =>
        options.kuendbar === 'VERTRAGSENDE' ? (
          <RadioGroup
            {...field}
            label={t('cancellationForm.date')}
            description={t('cancellationForm.dateDescription')}
            options={options.termine.map((date) => ({
              value: date,
              label: t(
                date === earliest ? 'cancellationForm.dateOptionEarliest' : 'cancellationForm.dateOption',
                {
                  date: formatDate(date),
                },
              ),
            }))}
            isRequired
            errorMessage={fieldState.error?.message}
          />
        ) : (
          <DateInput
            {...field}
            value={field.value || undefined}
            onChange={(value) => field.onChange(value ?? '')}
            label={t('cancellationForm.date')}
            description={t('cancellationForm.dateDescription')}
            min={earliest}
            max={options.spaetestesDatum}
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )
      }
    />
  );
}

function CancellationDetails({
  contract,
  options,
  reasons,
  onCancel,
}: {
  contract: TerminationContract;
  options: CancellationOptions;
  reasons: readonly Reason[];
  onCancel: () => void;
}) {
  const { t } = useTranslation('termination');
  const cancel = useCancelContract();
  const earliest = options.fruehestesDatum ?? '';
  const schema = useMemo(
    () =>
      z.object({
        grund: z.string().min(1, t('form.reasonRequired')),
        datum: z
          .string()
          .refine(
            (date) => isCalendarDate(date) && compareDates(date, earliest) >= 0,
            t('cancellationForm.dateRequired'),
          ),
        freitext: z.string().max(2000, t('form.feedbackTooLong')),
      }),
    [t, earliest],
  );
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { grund: '', datum: earliest, freitext: '' },
  });

  if (cancel.data) return <Receipt receipt={cancel.data} kind="cancellation" />;
  const submit = (values: Values) =>
    cancel.mutate({
      versicherungsNummer: contract.versicherungsNummer,
      grund: values.grund,
      kuendigungsdatum: values.datum,
      freitext: values.freitext,
    });
  return (
    <>
      <PageHeadline>{t('cancellationForm.headline')}</PageHeadline>
      <p>{t('cancellationForm.intro')}</p>
      <form className={styles.form} noValidate onSubmit={handleSubmit(submit)}>
        <Controller
          control={control}
          name="grund"
          render={({ field, fieldState }) => (
            <RadioGroup
              {...field}
              label={t('cancellationForm.reason')}
              options={reasons.map((reason) => ({ value: reason.key, label: reason.label }))}
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <DateField control={control} options={options} />
        <FeedbackField control={control} name="freitext" />
        {cancel.isError ? (
          <InfoBox variant="error">
            <p>{apiErrorMessage(cancel.error) ?? t('form.failed')}</p>
          </InfoBox>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" isPending={cancel.isPending}>
            {t('cancellationForm.submit')}
          </Button>
          <Button variant="secondary" isDisabled={cancel.isPending} onPress={onCancel}>
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </>
  );
}

/**
 * The cancellation button of §312k BGB: 'Verträge hier kündigen' led here; reason, end date
 * (the earliest preselected, later dates allowed) and feedback, then 'jetzt kündigen' and the receipt.
 */
export function CancellationFlow({
  contract,
  options,
  onCancel,
}: {
  contract: TerminationContract;
  options: CancellationOptions;
  onCancel: () => void;
}) {
  const { t } = useTranslation('termination');
  const reasons = useCancellationReasons(productKeyOf(contract.produktIdentifier));
  if (reasons.isPending) return <Loading label={t('loading')} />;
  if (reasons.isError) return <EmptyState preset="error" />;
  return (
    <CancellationDetails contract={contract} options={options} reasons={reasons.data} onCancel={onCancel} />
  );
}
