import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '@schirm/domain/validation/password';
import { useDocumentTitle } from '../../../lib/document-title';
import { useBrandName } from '../../../lib/shell-context';
import { Button } from '../../../ui/button';
import { PasswordInput } from '../../../ui/forms/password-input';
import { InfoBox } from '../../../ui/info-box';
import { errorCodeOf, errorMessageOf } from '../api/api-error';
import { changePassword } from '../api/credential-changes';
import { AuthForm, AuthLinks, AuthPage } from '../components/auth-page';
import { failureMessage } from '../components/failure-message';
import { StepHeading } from '../components/step-heading';
import { useSignedInUsername } from '../session/session';
import { CUSTOMER_DATA_PATH } from '../portals';

type PasswordValues = { currentPassword: string; newPassword: string };

/** /kunden/kundendaten/passwort/: the current password proven by SRP, then the new one. */
export function PasswordChangePage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('account.password.title', { brand: useBrandName() }));
  const username = useSignedInUsername();
  const schema = useMemo(
    () =>
      z.object({
        currentPassword: z.string().min(1, t('validation.passwordRequired')),
        newPassword: passwordSchema,
      }),
    [t],
  );
  const { control, handleSubmit, setError, resetField } = useForm<PasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const change = useMutation({
    mutationFn: (values: PasswordValues) =>
      changePassword({ passwordPath: '/api/benutzer/benutzer/passwort/aendern', username, ...values }),
    onError: (error) => {
      if (errorCodeOf(error) !== 'OLD_PASSWORD_WRONG') return;
      resetField('currentPassword');
      setError(
        'currentPassword',
        { message: errorMessageOf(error, t('errors.generic')) },
        { shouldFocus: true },
      );
    },
  });
  const isOtherFailure = change.isError && errorCodeOf(change.error) !== 'OLD_PASSWORD_WRONG';

  return (
    <AuthPage headline={t('account.password.headline')}>
      {change.isSuccess ? (
        <>
          <StepHeading>{t('account.password.doneHeadline')}</StepHeading>
          <p>{t('account.password.done')}</p>
        </>
      ) : (
        <>
          <p>{t('account.password.intro')}</p>
          {isOtherFailure ? (
            <InfoBox variant="error">
              <p>{failureMessage(change.error, t)}</p>
            </InfoBox>
          ) : null}
          <AuthForm onSubmit={handleSubmit((values) => change.mutate(values))}>
            <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
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
            <Controller
              control={control}
              name="newPassword"
              render={({ field, fieldState }) => (
                <PasswordInput
                  {...field}
                  label={t('fields.newPassword')}
                  autoComplete="new-password"
                  showStrength
                  isRequired
                  errorMessage={fieldState.error?.message}
                />
              )}
            />
            <div>
              <Button type="submit" isPending={change.isPending}>
                {t('account.password.submit')}
              </Button>
            </div>
          </AuthForm>
        </>
      )}
      <AuthLinks>
        <Link to={CUSTOMER_DATA_PATH}>{t('account.backToCustomerData')}</Link>
      </AuthLinks>
    </AuthPage>
  );
}
