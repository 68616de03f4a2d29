import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '@schirm/domain/validation/email';
import { isContractId, VERSICHERUNGS_NUMMER_PATTERN } from '@schirm/domain/validation/identifiers';
import { passwordSchema } from '@schirm/domain/validation/password';
import { phoneSchema } from '@schirm/domain/validation/phone';
import { useDocumentTitle } from '../../../lib/document-title';
import { useBrandName } from '../../../lib/shell-context';
import { Button, ButtonLink } from '../../../ui/button';
import { PasswordInput } from '../../../ui/forms/password-input';
import { PhoneInput } from '../../../ui/forms/phone-input';
import { TextInput } from '../../../ui/forms/text-input';
import { InfoBox } from '../../../ui/info-box';
import { Loading } from '../../../ui/loading';
import { PageHelp } from '../../../ui/page-help';
import { completeRegistration, requestAccessLink, useAccessLinkStatus } from '../api/registration';
import type { TanVerification } from '../api/tan-verification';
import { AuthForm, AuthLinks, AuthPage } from '../components/auth-page';
import { failureMessage } from '../components/failure-message';
import { StepHeading } from '../components/step-heading';
import { VerificationTanStep } from '../components/verification-tan-step';
import { PORTALS, REGISTRATION_PATH } from '../portals';

/** Contract numbers as printed on the policy: an insurance number (9–10 digits) or a contract id (spec §5). */
function isContractNumber(value: string): boolean {
  const trimmed = value.trim();
  return VERSICHERUNGS_NUMMER_PATTERN.test(trimmed) || isContractId(trimmed);
}

type LinkRequest = { contractId: string; email: string };

function RequestLinkStep() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | undefined>();
  const schema = useMemo(
    () =>
      z.object({
        contractId: z.string().trim().refine(isContractNumber, t('validation.contractIdInvalid')),
        email: z.string().trim().min(1, t('validation.emailRequired')).pipe(emailSchema),
      }),
    [t],
  );
  const { control, handleSubmit } = useForm<LinkRequest>({
    resolver: zodResolver(schema),
    defaultValues: { contractId: '', email: '' },
  });
  const send = useMutation({
    mutationFn: requestAccessLink,
    onSuccess: (_data, { email }) => setSentTo(email.trim()),
  });

  if (sentTo) {
    return (
      <>
        <StepHeading>{t('registration.sentHeadline')}</StepHeading>
        <p>{t('registration.sent', { email: sentTo })}</p>
        <p>{t('registration.sentHelp')}</p>
      </>
    );
  }
  return (
    <>
      <p>{t('registration.intro')}</p>
      {send.isError ? (
        <InfoBox variant="error">
          <p>{failureMessage(send.error, t)}</p>
        </InfoBox>
      ) : null}
      <AuthForm onSubmit={handleSubmit((values) => send.mutate(values))}>
        <Controller
          control={control}
          name="contractId"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t('fields.contractId')}
              description={t('fields.contractIdHint')}
              autoComplete="off"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="email"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={send.isPending}>
            {t('registration.request')}
          </Button>
        </div>
      </AuthForm>
    </>
  );
}

type SetupValues = { password: string; handynummer: string };

function SetupStep({
  token,
  email,
  onTanSent,
}: {
  token: string;
  email: string;
  onTanSent: (verification: TanVerification) => void;
}) {
  const { t } = useTranslation('auth');
  const schema = useMemo(
    () =>
      z.object({
        password: passwordSchema,
        handynummer: z.string().trim().min(1, t('validation.phoneRequired')).pipe(phoneSchema()),
      }),
    [t],
  );
  const { control, handleSubmit } = useForm<SetupValues, unknown, SetupValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', handynummer: '' },
  });
  const setup = useMutation({
    mutationFn: (values: SetupValues) => completeRegistration({ token, email, ...values }),
    onSuccess: onTanSent,
  });
  return (
    <>
      <StepHeading isFocused={false}>{t('registration.setupHeadline')}</StepHeading>
      <p>{t('registration.setupIntro', { email })}</p>
      {setup.isError ? (
        <InfoBox variant="error">
          <p>{failureMessage(setup.error, t)}</p>
        </InfoBox>
      ) : null}
      <AuthForm
        label={t('registration.setupHeadline')}
        onSubmit={handleSubmit((values) => setup.mutate(values))}
      >
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <Controller
          control={control}
          name="password"
          render={({ field, fieldState }) => (
            <PasswordInput
              {...field}
              label={t('fields.password')}
              autoComplete="new-password"
              showStrength
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="handynummer"
          render={({ field, fieldState }) => (
            <PhoneInput
              {...field}
              label={t('fields.handynummer')}
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={setup.isPending}>
            {t('registration.setupSubmit')}
          </Button>
        </div>
      </AuthForm>
    </>
  );
}

type CompletionStep = { kind: 'setup' } | { kind: 'tan'; verification: TanVerification } | { kind: 'done' };

/** Following the e-mailed link: password and mobile number, the TAN, then the account is active. */
function CompleteRegistration({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const link = useAccessLinkStatus(token);
  const [step, setStep] = useState<CompletionStep>({ kind: 'setup' });

  if (step.kind === 'done') {
    return (
      <>
        <StepHeading>{t('registration.doneHeadline')}</StepHeading>
        <p>{t('registration.done')}</p>
        <div>
          <ButtonLink href={PORTALS.kunden.loginPath}>{t('registration.signIn')}</ButtonLink>
        </div>
      </>
    );
  }
  if (step.kind === 'tan') {
    return (
      <VerificationTanStep
        verification={step.verification}
        headline={t('registration.confirmHeadline')}
        submitLabel={t('registration.confirmSubmit')}
        restartLabel={t('registration.requestNewLink')}
        onVerified={() => setStep({ kind: 'done' })}
        onRestart={() => void navigate(REGISTRATION_PATH)}
      />
    );
  }
  if (link.isPending) return <Loading label={t('registration.checkingLink')} />;
  if (link.isError) {
    return (
      <InfoBox variant="error">
        <p>{failureMessage(link.error, t)}</p>
      </InfoBox>
    );
  }
  if (link.data.status !== 'VALID') {
    return (
      <>
        <InfoBox variant="warning">
          <p>
            {link.data.status === 'EXPIRED' ? t('registration.linkExpired') : t('registration.linkInvalid')}
          </p>
        </InfoBox>
        <AuthLinks>
          <Link to={REGISTRATION_PATH}>{t('registration.requestNewLink')}</Link>
        </AuthLinks>
      </>
    );
  }
  return (
    <SetupStep
      token={token}
      email={link.data.email}
      onTanSent={(verification) => setStep({ kind: 'tan', verification })}
    />
  );
}

/** /kunden/login/registrieren/: ask for the access link, or (with ?token=) set up the account. */
export function RegistrationPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('registration.title', { brand: useBrandName() }));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthPage
      eyebrow={t('portal.kunden')}
      headline={t('registration.headline')}
      help={<PageHelp topic="registrierung" />}
    >
      {token ? <CompleteRegistration key={token} token={token} /> : <RequestLinkStep key="request" />}
      <AuthLinks>
        <Link to={PORTALS.kunden.loginPath}>{t('links.backToSignIn')}</Link>
      </AuthLinks>
    </AuthPage>
  );
}
