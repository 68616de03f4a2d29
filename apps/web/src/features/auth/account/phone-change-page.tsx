import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { phoneSchema } from '@schirm/domain/validation/phone';
import { useDocumentTitle } from '../../../lib/document-title';
import { useBrandName } from '../../../lib/shell-context';
import { Button } from '../../../ui/button';
import { PhoneInput } from '../../../ui/forms/phone-input';
import { InfoBox } from '../../../ui/info-box';
import { changePhone } from '../api/credential-changes';
import type { TanVerification } from '../api/tan-verification';
import { AuthForm, AuthLinks, AuthPage } from '../components/auth-page';
import { failureMessage } from '../components/failure-message';
import { StepHeading } from '../components/step-heading';
import { VerificationTanStep } from '../components/verification-tan-step';
import { CUSTOMER_DATA_PATH } from '../portals';

type PhoneValues = { handynummer: string };

/** The new-number form shared by the signed-in change and the reset with an e-mailed link. */
export function NewPhoneForm({
  intro,
  submitLabel,
  send,
  onSent,
}: {
  intro: string;
  submitLabel: string;
  send: (handynummer: string) => Promise<TanVerification>;
  onSent: (verification: TanVerification, handynummer: string) => void;
}) {
  const { t } = useTranslation('auth');
  const schema = useMemo(
    () =>
      z.object({ handynummer: z.string().trim().min(1, t('validation.phoneRequired')).pipe(phoneSchema()) }),
    [t],
  );
  const { control, handleSubmit } = useForm<PhoneValues>({
    resolver: zodResolver(schema),
    defaultValues: { handynummer: '' },
  });
  const start = useMutation({
    mutationFn: ({ handynummer }: PhoneValues) => send(handynummer),
    onSuccess: (verification, { handynummer }) => onSent(verification, handynummer),
  });
  return (
    <>
      <p>{intro}</p>
      {start.isError ? (
        <InfoBox variant="error">
          <p>{failureMessage(start.error, t)}</p>
        </InfoBox>
      ) : null}
      <AuthForm onSubmit={handleSubmit((values) => start.mutate(values))}>
        <Controller
          control={control}
          name="handynummer"
          render={({ field, fieldState }) => (
            <PhoneInput
              {...field}
              label={t('fields.newHandynummer')}
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={start.isPending}>
            {submitLabel}
          </Button>
        </div>
      </AuthForm>
    </>
  );
}

type Step =
  | { kind: 'number' }
  | { kind: 'tan'; verification: TanVerification; number: string }
  | { kind: 'done'; number: string };

/** /kunden/kundendaten/handynummer/: the new number is confirmed by a TAN sent to it. */
export function PhoneChangePage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('account.phone.title', { brand: useBrandName() }));
  const [step, setStep] = useState<Step>({ kind: 'number' });
  return (
    <AuthPage headline={t('account.phone.headline')}>
      {step.kind === 'number' ? (
        <NewPhoneForm
          intro={t('account.phone.intro')}
          submitLabel={t('account.phone.submit')}
          send={changePhone}
          onSent={(verification, number) => setStep({ kind: 'tan', verification, number })}
        />
      ) : null}
      {step.kind === 'tan' ? (
        <VerificationTanStep
          verification={step.verification}
          isAuthenticated
          headline={t('account.phone.confirmHeadline')}
          submitLabel={t('account.phone.confirmSubmit')}
          restartLabel={t('account.phone.restart')}
          onVerified={() => setStep({ kind: 'done', number: step.number })}
          onRestart={() => setStep({ kind: 'number' })}
        />
      ) : null}
      {step.kind === 'done' ? (
        <>
          <StepHeading>{t('account.phone.doneHeadline')}</StepHeading>
          <p>{t('account.phone.done', { number: step.number })}</p>
        </>
      ) : null}
      <AuthLinks>
        <Link to={CUSTOMER_DATA_PATH}>{t('account.backToCustomerData')}</Link>
      </AuthLinks>
    </AuthPage>
  );
}
