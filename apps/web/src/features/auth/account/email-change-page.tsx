import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '@schirm/domain/validation/email';
import { useDocumentTitle } from '../../../lib/document-title';
import { useBrandName } from '../../../lib/shell-context';
import { Button } from '../../../ui/button';
import { PasswordInput } from '../../../ui/forms/password-input';
import { TextInput } from '../../../ui/forms/text-input';
import { InfoBox } from '../../../ui/info-box';
import { errorCodeOf, errorMessageOf } from '../api/api-error';
import { changeEmail, confirmEmail } from '../api/credential-changes';
import { AuthForm, AuthLinks, AuthPage } from '../components/auth-page';
import { failureMessage } from '../components/failure-message';
import { StepHeading } from '../components/step-heading';
import { CUSTOMER_DATA_PATH } from '../portals';
import { session, useSignedInUsername } from '../session/session';

type EmailValues = { email: string; currentPassword: string };

function ChangeEmailForm() {
  const { t } = useTranslation('auth');
  const username = useSignedInUsername();
  const schema = useMemo(
    () =>
      z.object({
        email: z.string().trim().min(1, t('validation.emailRequired')).pipe(emailSchema),
        currentPassword: z.string().min(1, t('validation.passwordRequired')),
      }),
    [t],
  );
  const { control, handleSubmit, setError, resetField } = useForm<EmailValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const change = useMutation({
    mutationFn: (values: EmailValues) => changeEmail({ username, ...values }),
    onError: (error) => {
      const code = errorCodeOf(error);
      if (code === 'OLD_PASSWORD_WRONG') {
        resetField('currentPassword');
        setError(
          'currentPassword',
          { message: errorMessageOf(error, t('errors.generic')) },
          { shouldFocus: true },
        );
      } else if (code === 'EMAIL_TAKEN') {
        setError('email', { message: errorMessageOf(error, t('errors.generic')) }, { shouldFocus: true });
      }
    },
  });
  const code = errorCodeOf(change.error);
  const isOtherFailure = change.isError && code !== 'OLD_PASSWORD_WRONG' && code !== 'EMAIL_TAKEN';

  if (change.isSuccess) {
    return (
      <>
        <StepHeading>{t('account.email.sentHeadline')}</StepHeading>
        <p>{t('account.email.sent', { destination: change.data.destination })}</p>
      </>
    );
  }
  return (
    <>
      <p>{t('account.email.intro')}</p>
      {isOtherFailure ? (
        <InfoBox variant="error">
          <p>{failureMessage(change.error, t)}</p>
        </InfoBox>
      ) : null}
      <AuthForm onSubmit={handleSubmit((values) => change.mutate(values))}>
        <Controller
          control={control}
          name="email"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t('fields.newEmail')}
              type="email"
              autoComplete="email"
              inputMode="email"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="currentPassword"
          render={({ field, fieldState }) => (
            <PasswordInput
              {...field}
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={change.isPending}>
            {t('account.email.submit')}
          </Button>
        </div>
      </AuthForm>
    </>
  );
}

/** The e-mailed link: the new address becomes the sign-in name, every session ends. */
function ConfirmEmail({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const confirm = useMutation({ mutationFn: () => confirmEmail(token) });
  if (confirm.isSuccess) {
    return (
      <>
        <StepHeading>{t('account.email.confirmedHeadline')}</StepHeading>
        <p>{t('account.email.confirmed', { email: confirm.data.email })}</p>
        <div>
          <Button onPress={() => void session.signOut()}>{t('account.email.signInAgain')}</Button>
        </div>
      </>
    );
  }
  return (
    <>
      <StepHeading isFocused={false}>{t('account.email.confirmHeadline')}</StepHeading>
      <p>{t('account.email.confirmIntro')}</p>
      {confirm.isError ? (
        <InfoBox variant="error">
          <p>{failureMessage(confirm.error, t)}</p>
        </InfoBox>
      ) : null}
      <div>
        <Button onPress={() => confirm.mutate()} isPending={confirm.isPending}>
          {t('account.email.confirm')}
        </Button>
      </div>
    </>
  );
}

/**
 * /kunden/kundendaten/email/: asks for a new address (proof of the password, link to the new
 * address); with ?token= from that link it confirms the change. Confirming is a button, not an
 * automatic call, so a mail scanner that opens the link changes nothing.
 */
export function EmailChangePage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('account.email.title', { brand: useBrandName() }));
  const token = useSearchParams()[0].get('token');
  return (
    <AuthPage headline={t('account.email.headline')}>
      {token ? <ConfirmEmail token={token} /> : <ChangeEmailForm />}
      <AuthLinks>
        <Link to={CUSTOMER_DATA_PATH}>{t('account.backToCustomerData')}</Link>
      </AuthLinks>
    </AuthPage>
  );
}
