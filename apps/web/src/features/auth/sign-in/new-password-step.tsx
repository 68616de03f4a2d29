import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordSchema } from '@schirm/domain/validation/password';
import { Button } from '../../../ui/button';
import { PasswordInput } from '../../../ui/forms/password-input';
import { TextInput } from '../../../ui/forms/text-input';
import { InfoBox } from '../../../ui/info-box';
import { errorCodeOf } from '../api/api-error';
import { setNewPassword, type TanChallenge } from '../api/sign-in';
import { AuthForm } from '../components/auth-page';
import { failureMessage } from '../components/failure-message';
import { StepHeading } from '../components/step-heading';

type NewPassword = { password: string; nickname: string };

/** First sign-in with an initial password: the person chooses their own and says how to address them. */
export function NewPasswordStep({
  session,
  username,
  onChallenge,
  onRestart,
}: {
  session: string;
  username: string;
  onChallenge: (challenge: TanChallenge) => void;
  onRestart: (reason: 'sessionExpired') => void;
}) {
  const { t } = useTranslation('auth');
  const schema = useMemo(
    () =>
      z.object({
        password: passwordSchema,
        nickname: z
          .string()
          .trim()
          .min(1, t('validation.nicknameRequired'))
          .max(50, t('validation.nicknameTooLong')),
      }),
    [t],
  );
  const { control, handleSubmit } = useForm<NewPassword>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', nickname: '' },
  });
  const save = useMutation({
    mutationFn: (values: NewPassword) => setNewPassword({ session, username, ...values }),
    onSuccess: onChallenge,
    onError: (error) => {
      if (errorCodeOf(error) === 'CHALLENGE_EXPIRED') onRestart('sessionExpired');
    },
  });

  return (
    <>
      <StepHeading>{t('newPassword.headline')}</StepHeading>
      <p>{t('newPassword.intro')}</p>
      {save.isError ? (
        <InfoBox variant="error">
          <p>{failureMessage(save.error, t)}</p>
        </InfoBox>
      ) : null}
      <AuthForm label={t('newPassword.headline')} onSubmit={handleSubmit((values) => save.mutate(values))}>
        {/* Lets password managers store the new password under the right sign-in name. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Controller
          control={control}
          name="password"
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
        <Controller
          control={control}
          name="nickname"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t('fields.nickname')}
              description={t('fields.nicknameHint')}
              autoComplete="given-name"
              maxLength={50}
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={save.isPending}>
            {t('newPassword.submit')}
          </Button>
        </div>
      </AuthForm>
    </>
  );
}
