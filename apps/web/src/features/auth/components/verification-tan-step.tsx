import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { tanSchema } from '@schirm/domain/validation/tan';
import { Button } from '../../../ui/button';
import { InfoBox } from '../../../ui/info-box';
import { errorCodeOf, errorMessageOf } from '../api/api-error';
import { checkVerificationTan, resendVerificationTan, type TanVerification } from '../api/tan-verification';
import { AuthForm, AuthLinks } from './auth-page';
import { failureMessage } from './failure-message';
import { StepHeading } from './step-heading';
import { TanField } from './tan-field';

const schema = z.object({ tan: tanSchema });
type TanAnswer = z.input<typeof schema>;

/** Errors after which this verification cannot go on: the person starts the flow again. */
const FINAL_CODES = new Set(['VERIFICATION_NOT_FOUND', 'TAN_SEND_LIMIT']);

/** Confirms a mobile number with the SMS TAN of a verification; a new code can be sent (at most 3). */
export function VerificationTanStep({
  verification: initial,
  headline,
  submitLabel,
  restartLabel,
  isAuthenticated = false,
  onVerified,
  onRestart,
}: {
  verification: TanVerification;
  /** Send the bearer token (phone change of a signed-in person). */
  isAuthenticated?: boolean;
  headline: string;
  submitLabel: string;
  /** The way back to the start of the flow, e.g. 'Neuen Link anfordern'. */
  restartLabel: string;
  onVerified: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const [verification, setVerification] = useState(initial);
  const { control, handleSubmit, setError, resetField } = useForm<TanAnswer>({
    resolver: zodResolver(schema),
    defaultValues: { tan: '' },
  });
  const check = useMutation({
    mutationFn: ({ tan }: TanAnswer) =>
      checkVerificationTan({
        verificationId: verification.verificationId,
        authenticated: isAuthenticated,
        tan,
      }),
    onSuccess: onVerified,
    onError: (error) => {
      if (errorCodeOf(error) !== 'TAN_INVALID') return;
      resetField('tan');
      setError('tan', { message: errorMessageOf(error, t('errors.generic')) }, { shouldFocus: true });
    },
  });
  const resend = useMutation({
    mutationFn: () =>
      resendVerificationTan({ verificationId: verification.verificationId, authenticated: isAuthenticated }),
    onSuccess: (next) => {
      setVerification(next);
      check.reset();
      resetField('tan');
    },
  });

  const failure = resend.error ?? (errorCodeOf(check.error) === 'TAN_INVALID' ? null : check.error);
  const failureCode = errorCodeOf(failure);
  const isFinal = failureCode !== undefined && FINAL_CODES.has(failureCode);

  function failureText(): string {
    if (failureCode === 'TAN_EXPIRED') return t('phoneTan.expired');
    if (failureCode === 'VERIFICATION_NOT_FOUND') return t('phoneTan.verificationGone');
    if (failureCode === 'TAN_SEND_LIMIT') return t('phoneTan.sendLimit');
    return failureMessage(failure, t);
  }

  return (
    <>
      <StepHeading>{headline}</StepHeading>
      <p>{t('phoneTan.sent', { destination: verification.destination })}</p>
      {resend.isSuccess ? <InfoBox variant="info" headline={t('phoneTan.resent')} /> : null}
      {failure ? (
        <InfoBox variant="error">
          <p>{failureText()}</p>
        </InfoBox>
      ) : null}
      {isFinal ? (
        <div>
          <Button onPress={onRestart}>{restartLabel}</Button>
        </div>
      ) : (
        <>
          <AuthForm label={headline} onSubmit={handleSubmit((values) => check.mutate(values))}>
            <Controller
              control={control}
              name="tan"
              render={({ field, fieldState }) => (
                <TanField {...field} errorMessage={fieldState.error?.message} />
              )}
            />
            <div>
              <Button type="submit" isPending={check.isPending}>
                {submitLabel}
              </Button>
            </div>
          </AuthForm>
          <AuthLinks>
            <Button variant="tertiary" onPress={() => resend.mutate()} isPending={resend.isPending}>
              {t('phoneTan.resend')}
            </Button>
          </AuthLinks>
        </>
      )}
    </>
  );
}
