import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '@schirm/domain/validation/email';
import { passwordSchema } from '@schirm/domain/validation/password';
import { TAN_LENGTH } from '@schirm/domain/validation/tan';
import { useDocumentTitle } from '../../../lib/document-title';
import { useBrandName } from '../../../lib/shell-context';
import { Button } from '../../../ui/button';
import { PasswordInput } from '../../../ui/forms/password-input';
import { TextInput } from '../../../ui/forms/text-input';
import { InfoBox } from '../../../ui/info-box';
import { PageHelp } from '../../../ui/page-help';
import { errorCodeOf } from '../api/api-error';
import { confirmPasswordCode, requestPasswordCode } from '../api/forgot-password';
import { AuthForm, AuthLinks, AuthPage } from '../components/auth-page';
import { failureMessage } from '../components/failure-message';
import { StepHeading } from '../components/step-heading';
import { PORTALS, type Portal } from '../portals';

type Step = { kind: 'request' } | { kind: 'confirm'; email: string } | { kind: 'done' };

function RequestCodeStep({ portal, onSent }: { portal: Portal; onSent: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const schema = useMemo(
    () => z.object({ email: z.string().trim().min(1, t('validation.emailRequired')).pipe(emailSchema) }),
    [t],
  );
  const { control, handleSubmit } = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const send = useMutation({
    mutationFn: ({ email }: { email: string }) =>
      requestPasswordCode({ pool: PORTALS[portal].pool, username: email }),
    onSuccess: (_data, { email }) => onSent(email.trim()),
  });
  return (
    <>
      <p>{t('forgotPassword.intro')}</p>
      {send.isError ? (
        <InfoBox variant="error">
          <p>{failureMessage(send.error, t)}</p>
        </InfoBox>
      ) : null}
      <AuthForm onSubmit={handleSubmit((values) => send.mutate(values))}>
        <Controller
          control={control}
          name="email"
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
        <div>
          <Button type="submit" isPending={send.isPending}>
            {t('forgotPassword.request')}
          </Button>
        </div>
      </AuthForm>
    </>
  );
}

type NewPasswordValues = { code: string; password: string };

function ConfirmCodeStep({
  portal,
  email,
  onDone,
  onRequestAgain,
}: {
  portal: Portal;
  email: string;
  onDone: () => void;
  onRequestAgain: () => void;
}) {
  const { t } = useTranslation('auth');
  const schema = useMemo(
    () =>
      z.object({
        code: z
          .string()
          .trim()
          .regex(new RegExp(`^\\d{${TAN_LENGTH}}$`), t('validation.codeRequired')),
        password: passwordSchema,
      }),
    [t],
  );
  const { control, handleSubmit } = useForm<NewPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { code: '', password: '' },
  });
  const confirm = useMutation({
    mutationFn: (values: NewPasswordValues) =>
      confirmPasswordCode({ pool: PORTALS[portal].pool, username: email, ...values }),
    onSuccess: onDone,
  });
  const isCodeInvalid = errorCodeOf(confirm.error) === 'CODE_INVALID';
  return (
    <>
      <StepHeading>{t('forgotPassword.sentHeadline')}</StepHeading>
      <p>{t('forgotPassword.sent', { email })}</p>
      {confirm.isError ? (
        <InfoBox variant="error">
          <p>{isCodeInvalid ? t('forgotPassword.codeInvalid') : failureMessage(confirm.error, t)}</p>
        </InfoBox>
      ) : null}
      <AuthForm
        label={t('forgotPassword.confirm')}
        onSubmit={handleSubmit((values) => confirm.mutate(values))}
      >
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t('fields.emailCode')}
              description={t('fields.tanHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={TAN_LENGTH}
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
              label={t('fields.newPassword')}
              autoComplete="new-password"
              showStrength
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={confirm.isPending}>
            {t('forgotPassword.confirm')}
          </Button>
        </div>
      </AuthForm>
      <AuthLinks>
        <Button variant="tertiary" onPress={onRequestAgain}>
          {t('forgotPassword.requestAgain')}
        </Button>
      </AuthLinks>
    </>
  );
}

/** …/login/passwort-vergessen/: a code by e-mail, then the code and a new password. */
export function ForgotPasswordPage({ portal }: { portal: Portal }) {
  const { t } = useTranslation('auth');
  const brand = useBrandName();
  useDocumentTitle(t('forgotPassword.title', { portal: t(`portal.${portal}`), brand }));
  const [step, setStep] = useState<Step>({ kind: 'request' });

  return (
    <AuthPage
      eyebrow={t(`portal.${portal}`)}
      headline={t('forgotPassword.headline')}
      help={portal === 'kunden' ? <PageHelp topic="passwort-vergessen" /> : undefined}
    >
      {step.kind === 'request' ? (
        <RequestCodeStep portal={portal} onSent={(email) => setStep({ kind: 'confirm', email })} />
      ) : null}
      {step.kind === 'confirm' ? (
        <ConfirmCodeStep
          portal={portal}
          email={step.email}
          onDone={() => setStep({ kind: 'done' })}
          onRequestAgain={() => setStep({ kind: 'request' })}
        />
      ) : null}
      {step.kind === 'done' ? (
        <>
          <StepHeading>{t('forgotPassword.doneHeadline')}</StepHeading>
          <p>{t('forgotPassword.done')}</p>
        </>
      ) : null}
      <AuthLinks>
        <Link to={PORTALS[portal].loginPath}>{t('links.backToSignIn')}</Link>
      </AuthLinks>
    </AuthPage>
  );
}

/** The customer portal's forgot-password page. */
export function CustomerForgotPasswordPage() {
  return <ForgotPasswordPage portal="kunden" />;
}

/** The agent portal's forgot-password page. */
export function AgentForgotPasswordPage() {
  return <ForgotPasswordPage portal="vermittler" />;
}

/** The clerks' forgot-password page (ADR 0027). */
export function ClerkForgotPasswordPage() {
  return <ForgotPasswordPage portal="innendienst" />;
}
