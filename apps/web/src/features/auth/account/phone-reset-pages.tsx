import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '@schirm/domain/validation/email';
import { useDocumentTitle } from '../../../lib/document-title';
import { useBrandName } from '../../../lib/shell-context';
import { Button, ButtonLink } from '../../../ui/button';
import { TextInput } from '../../../ui/forms/text-input';
import { InfoBox } from '../../../ui/info-box';
import { requestPhoneReset, startPhoneReset } from '../api/credential-changes';
import type { TanVerification } from '../api/tan-verification';
import { AuthForm, AuthLinks, AuthPage } from '../components/auth-page';
import { failureMessage } from '../components/failure-message';
import { StepHeading } from '../components/step-heading';
import { VerificationTanStep } from '../components/verification-tan-step';
import { PHONE_RESET_PATH, PORTALS } from '../portals';
import { NewPhoneForm } from './phone-change-page';

function usePhoneResetTitle() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('account.phoneReset.title', { brand: useBrandName() }));
}

/** /kunden/handynummer-aendern/: the old number is lost, so a link to set a new one goes by e-mail. */
export function PhoneResetRequestPage() {
  const { t } = useTranslation('auth');
  usePhoneResetTitle();
  const schema = useMemo(
    () => z.object({ email: z.string().trim().min(1, t('validation.emailRequired')).pipe(emailSchema) }),
    [t],
  );
  const { control, handleSubmit } = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const send = useMutation({ mutationFn: ({ email }: { email: string }) => requestPhoneReset(email) });

  return (
    <AuthPage eyebrow={t('portal.kunden')} headline={t('account.phoneReset.headline')}>
      {send.isSuccess ? (
        <>
          <StepHeading>{t('account.phoneReset.sentHeadline')}</StepHeading>
          <p>{t('account.phoneReset.sent', { email: send.variables.email.trim() })}</p>
        </>
      ) : (
        <>
          <p>{t('account.phoneReset.intro')}</p>
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
                  autoComplete="email"
                  inputMode="email"
                  isRequired
                  errorMessage={fieldState.error?.message}
                />
              )}
            />
            <div>
              <Button type="submit" isPending={send.isPending}>
                {t('account.phoneReset.submit')}
              </Button>
            </div>
          </AuthForm>
        </>
      )}
      <AuthLinks>
        <Link to={PORTALS.kunden.loginPath}>{t('links.backToSignIn')}</Link>
      </AuthLinks>
    </AuthPage>
  );
}

type Step = { kind: 'number' } | { kind: 'tan'; verification: TanVerification } | { kind: 'done' };

/** /kunden/handynummer-aendern/ihre-neue-handynummer/?token=…: the new number, confirmed by TAN. */
export function NewPhonePage() {
  const { t } = useTranslation('auth');
  usePhoneResetTitle();
  const token = useSearchParams()[0].get('token');
  const [step, setStep] = useState<Step>({ kind: 'number' });

  return (
    <AuthPage eyebrow={t('portal.kunden')} headline={t('account.phoneReset.newHeadline')}>
      {!token ? (
        <>
          <InfoBox variant="warning">
            <p>{t('account.phoneReset.missingToken')}</p>
          </InfoBox>
          <AuthLinks>
            <Link to={PHONE_RESET_PATH}>{t('account.phoneReset.requestNewLink')}</Link>
          </AuthLinks>
        </>
      ) : null}
      {token && step.kind === 'number' ? (
        <>
          <NewPhoneForm
            intro={t('account.phoneReset.newIntro')}
            submitLabel={t('account.phoneReset.newSubmit')}
            send={(handynummer) => startPhoneReset({ token, handynummer })}
            onSent={(verification) => setStep({ kind: 'tan', verification })}
          />
          <AuthLinks>
            <Link to={PHONE_RESET_PATH}>{t('account.phoneReset.requestNewLink')}</Link>
          </AuthLinks>
        </>
      ) : null}
      {step.kind === 'tan' ? (
        <VerificationTanStep
          verification={step.verification}
          headline={t('account.phoneReset.confirmHeadline')}
          submitLabel={t('account.phoneReset.confirmSubmit')}
          restartLabel={t('account.phoneReset.requestNewLink')}
          onVerified={() => setStep({ kind: 'done' })}
          onRestart={() => setStep({ kind: 'number' })}
        />
      ) : null}
      {step.kind === 'done' ? (
        <>
          <StepHeading>{t('account.phoneReset.doneHeadline')}</StepHeading>
          <p>{t('account.phoneReset.done')}</p>
          <div>
            <ButtonLink href={PORTALS.kunden.loginPath}>{t('registration.signIn')}</ButtonLink>
          </div>
        </>
      ) : null}
    </AuthPage>
  );
}
