import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import {
  addDays,
  compareDates,
  isCalendarDate,
  minDate,
  type CalendarDate,
} from '@schirm/domain/dates/calendar-date';
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

/** 'Ihr Versicherungsschutz endet dann am …': cover runs to the end of the day before the end date. */
function Consequence({ date, isEarly }: { date: string; isEarly: boolean }) {
  const { t } = useTranslation('termination');
  if (!isCalendarDate(date)) return null;
  const text = t('cancellationForm.consequence', { lastDay: formatDate(addDays(date, -1)) });
  return (
    <div role="status">
      {isEarly ? (
        <InfoBox variant="warning" headline={t('cancellationForm.earlyHeadline')}>
          <p>{text}</p>
          <p>{t('cancellationForm.earlyText', { date: formatDate(date) })}</p>
        </InfoBox>
      ) : (
        <p>{text}</p>
      )}
    </div>
  );
}

/**
 * A contract cancellable daily: the regular end of the insurance year is preselected; an earlier
 * day is a second, deliberate choice with its own date field and the consequence said.
 */
function DailyDateField({
  control,
  options,
  suggested,
}: {
  control: Control<Values>;
  options: CancellationOptions;
  suggested: CalendarDate;
}) {
  const { t } = useTranslation('termination');
  const [isEarlier, setIsEarlier] = useState(false);
  const latestEarlier = addDays(suggested, -1);
  return (
    <Controller
      control={control}
      name="datum"
      render={({ field, fieldState }) => (
        <>
          <RadioGroup
            label={t('cancellationForm.date')}
            value={isEarlier ? 'earlier' : 'regular'}
            onChange={(choice) => {
              const earlier = choice === 'earlier';
              setIsEarlier(earlier);
              field.onChange(earlier ? '' : suggested);
            }}
            options={[
              {
                value: 'regular',
                label: t('cancellationForm.regularOption', { date: formatDate(suggested) }),
              },
              {
                value: 'earlier',
                label: t('cancellationForm.earlierOption'),
                description: t('cancellationForm.earlierDescription'),
              },
            ]}
            isRequired
          />
          {isEarlier ? (
            <DateInput
              {...field}
              value={field.value || undefined}
              onChange={(value) => field.onChange(value ?? '')}
              label={t('cancellationForm.earlierDate')}
              description={t('cancellationForm.dateDescription')}
              min={options.fruehestesDatum}
              max={
                options.spaetestesDatum === undefined
                  ? latestEarlier
                  : minDate(options.spaetestesDatum, latestEarlier)
              }
              isRequired
              errorMessage={fieldState.error?.message}
            />
          ) : null}
          <Consequence date={field.value} isEarly={isEarlier} />
        </>
      )}
    />
  );
}

function DateField({ control, options }: { control: Control<Values>; options: CancellationOptions }) {
  const { t } = useTranslation('termination');
  const earliest = options.fruehestesDatum;
  if (options.kuendbar === 'TAEGLICH' && options.vorgeschlagenesDatum !== undefined) {
    return <DailyDateField control={control} options={options} suggested={options.vorgeschlagenesDatum} />;
  }
  return (
    <Controller
      control={control}
      name="datum"
      render={({ field, fieldState }) =>
        options.kuendbar === 'VERTRAGSENDE' ? (
          <>
            <RadioGroup
              {...field}
              label={t('cancellationForm.date')}
              options={options.termine.map((date) => ({
                value: date,
                label: t(
                  date === earliest ? 'cancellationForm.dateOptionEarliest' : 'cancellationForm.dateOption',
                  { date: formatDate(date) },
                ),
              }))}
              isRequired
              errorMessage={fieldState.error?.message}
            />
            <Consequence date={field.value} isEarly={false} />
          </>
        ) : (
          <>
            {/* Daily cancellable without a regular date before the contract ends: no day preselected. */}
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
            <Consequence date={field.value} isEarly={false} />
          </>
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
    // The regular date, never tomorrow of a daily cancellable contract (ends cover tonight).
    defaultValues: {
      grund: '',
      datum: options.vorgeschlagenesDatum ?? (options.kuendbar === 'VERTRAGSENDE' ? earliest : ''),
      freitext: '',
    },
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
 * The cancellation button of §312k BGB: 'Vertrag hier kündigen' led here; reason, end date (the
 * earliest ordinary end preselected, also for a contract cancellable daily, where an earlier day is a
 * deliberate choice with its consequence said) and feedback, then 'jetzt kündigen' and the receipt.
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
