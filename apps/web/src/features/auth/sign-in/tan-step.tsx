import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { tanSchema } from '@schirm/domain/validation/tan';
import { Button } from '../../../ui/button';
import { InfoBox } from '../../../ui/info-box';
import { errorCodeOf, errorMessageOf } from '../api/api-error';
import { answerSignInTan, type TanChallenge } from '../api/sign-in';
import { AuthForm, AuthLinks } from '../components/auth-page';
import { failureMessage } from '../components/failure-message';
import { StepHeading } from '../components/step-heading';
import { TanField } from '../components/tan-field';
import { PHONE_RESET_PATH, type Portal } from '../portals';
import { session } from '../session/session';

export type TanRestartReason = 'expired' | 'attemptsExceeded' | 'sessionExpired';

const RESTART_CODES: Readonly<Record<string, TanRestartReason>> = {
  TAN_EXPIRED: 'expired',
  TAN_ATTEMPTS_EXCEEDED: 'attemptsExceeded',
  CHALLENGE_EXPIRED: 'sessionExpired',
};

const schema = z.object({ tan: tanSchema });
type TanAnswer = z.input<typeof schema>;

/**
 * Last step: the SMS TAN (5 minutes, 3 attempts). A dead challenge sends the person back to the
 * start. The right TAN starts the session (here, so the session store is not part of the sign-in's
 * first JavaScript), then onSignedIn.
 */
export function TanStep({
  portal,
  challenge,
  onSignedIn,
  onRestart,
}: {
  portal: Portal;
  challenge: TanChallenge;
  onSignedIn: () => void;
  onRestart: (reason?: TanRestartReason) => void;
}) {
  const { t } = useTranslation('auth');
  const { control, handleSubmit, setError, resetField } = useForm<TanAnswer>({
    resolver: zodResolver(schema),
    defaultValues: { tan: '' },
  });
  const answer = useMutation({
    mutationFn: ({ tan }: TanAnswer) => answerSignInTan({ session: challenge.session, tan }),
    onSuccess: (tokens) => {
      session.start(tokens);
      onSignedIn();
    },
    onError: (error) => {
      const code = errorCodeOf(error) ?? '';
      const restart = RESTART_CODES[code];
      if (restart) {
        onRestart(restart);
        return;
      }
      if (code === 'TAN_INVALID') {
        resetField('tan');
        setError('tan', { message: errorMessageOf(error, t('errors.generic')) }, { shouldFocus: true });
      }
    },
  });
  const isOtherFailure = answer.isError && errorCodeOf(answer.error) !== 'TAN_INVALID';

  return (
    <>
      <StepHeading>{t('tan.headline')}</StepHeading>
      <p>{t('tan.sent', { destination: challenge.destination })}</p>
      {isOtherFailure ? (
        <InfoBox variant="error">
          <p>{failureMessage(answer.error, t)}</p>
        </InfoBox>
      ) : null}
      <AuthForm label={t('tan.headline')} onSubmit={handleSubmit((values) => answer.mutate(values))}>
        <Controller
          control={control}
          name="tan"
          render={({ field, fieldState }) => <TanField {...field} errorMessage={fieldState.error?.message} />}
        />
        <div>
          <Button type="submit" isPending={answer.isPending}>
            {t('tan.submit')}
          </Button>
        </div>
      </AuthForm>
      <AuthLinks>
        <Button variant="tertiary" onPress={() => onRestart()}>
          {t('tan.restart')}
        </Button>
        {portal === 'kunden' ? <Link to={PHONE_RESET_PATH}>{t('tan.lostPhone')}</Link> : null}
      </AuthLinks>
    </>
  );
}
