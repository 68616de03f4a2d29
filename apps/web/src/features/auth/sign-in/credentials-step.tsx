import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui/button';
import { PasswordInput } from '../../../ui/forms/password-input';
import { TextInput } from '../../../ui/forms/text-input';
import { InfoBox } from '../../../ui/info-box';
import { errorCodeOf } from '../api/api-error';
import { signInWithPassword, type SignInChallenge } from '../api/sign-in';
import { AuthForm, AuthLinks } from '../components/auth-page';
import { failureMessage } from '../components/failure-message';
import { PORTALS, REGISTRATION_PATH, type Portal } from '../portals';
import type { Credentials } from './credentials-resolver';

/** First step: e-mail address and password, proven by SRP. */
export function CredentialsStep({
  portal,
  onSubmit,
  onChallenge,
}: {
  portal: Portal;
  /** Called when valid credentials are sent (the page starts loading its later steps). */
  onSubmit?: () => void;
  onChallenge: (challenge: SignInChallenge, username: string) => void;
}) {
  const { t } = useTranslation('auth');
  // zod and the resolver load with the first check (the first submit), not with the page: the
  // sign-in's first JavaScript stays small (ADR 0017).
  const resolver = useMemo<Resolver<Credentials>>(
    () => async (values, context, options) =>
      (await import('./credentials-resolver')).credentialsResolver(t)(values, context, options),
    [t],
  );
  const { control, handleSubmit, resetField } = useForm<Credentials>({
    resolver,
    defaultValues: { username: '', password: '' },
  });
  const signIn = useMutation({
    mutationFn: (credentials: Credentials) =>
      signInWithPassword({ pool: PORTALS[portal].pool, ...credentials }),
    onSuccess: (challenge, credentials) => onChallenge(challenge, credentials.username),
    onError: () => resetField('password'),
  });
  const isSignInFailed = errorCodeOf(signIn.error) === 'SIGN_IN_FAILED';

  return (
    <>
      <p>{t('signIn.intro')}</p>
      {signIn.isError && isSignInFailed ? (
        <InfoBox variant="error" headline={t('signIn.failedHeadline')}>
          <p>{t('signIn.failed')}</p>
          <p>{t('signIn.failedLock')}</p>
        </InfoBox>
      ) : null}
      {signIn.isError && !isSignInFailed ? (
        <InfoBox variant="error">
          <p>{failureMessage(signIn.error, t)}</p>
        </InfoBox>
      ) : null}
      <AuthForm
        onSubmit={handleSubmit((credentials) => {
          onSubmit?.();
          signIn.mutate(credentials);
        })}
      >
        <Controller
          control={control}
          name="username"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t('fields.email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="password"
          render={({ field, fieldState }) => (
            <PasswordInput
              {...field}
              label={t('fields.password')}
              autoComplete="current-password"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={signIn.isPending}>
            {t('signIn.submit')}
          </Button>
        </div>
      </AuthForm>
      <AuthLinks>
        <Link to={PORTALS[portal].forgotPasswordPath}>{t('signIn.forgotPassword')}</Link>
        {portal === 'kunden' ? <Link to={REGISTRATION_PATH}>{t('signIn.register')}</Link> : null}
      </AuthLinks>
    </>
  );
}
