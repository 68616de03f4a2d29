import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoBox } from '../../../ui/info-box';
import { errorCodeOf } from '../api/api-error';
import { signInWithPassword, type SignInChallenge } from '../api/sign-in';
import { AuthForm, AuthLinks } from '../components/auth-page';
import { failureMessage } from '../components/failure-message';
import { NativeButton } from '../components/native-button';
import { NativeEmailField, NativePasswordField } from '../components/native-fields';
import { PORTALS, REGISTRATION_PATH, type Portal } from '../portals';

type Credentials = { username: string; password: string };
type CredentialErrors = Partial<Record<keyof Credentials, string>>;
type Submission = { status: 'idle' } | { status: 'pending' } | { status: 'failed'; error: unknown };

/** The check of the first step: e-mail address (trimmed) and password given. */
function checkCredentials(values: Credentials, t: (key: string) => string): CredentialErrors {
  const errors: CredentialErrors = {};
  if (values.username.trim() === '') errors.username = t('validation.emailRequired');
  if (values.password === '') errors.password = t('validation.passwordRequired');
  return errors;
}

/**
 * First step: e-mail address and password, proven by SRP. A plain form on native elements, without
 * react-hook-form, react-aria or TanStack Query: the sign-in's first JavaScript stays under 150 KiB
 * (ADR 0017). It behaves as the app's other forms: the check runs on submit and then on every
 * change, the first field with an error takes focus, and a failed sign-in empties the password.
 */
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
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [submission, setSubmission] = useState<Submission>({ status: 'idle' });
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const failure = submission.status === 'failed' ? submission.error : undefined;
  const isSignInFailed = failure !== undefined && errorCodeOf(failure) === 'SIGN_IN_FAILED';

  function change(field: keyof Credentials, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (wasSubmitted) setErrors(checkCredentials(next, t));
  }

  async function submit() {
    if (submission.status === 'pending') return;
    setWasSubmitted(true);
    const found = checkCredentials(values, t);
    setErrors(found);
    if (found.username || found.password) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    const username = values.username.trim();
    onSubmit?.();
    setSubmission({ status: 'pending' });
    try {
      const challenge = await signInWithPassword({
        pool: PORTALS[portal].pool,
        username,
        password: values.password,
      });
      setSubmission({ status: 'idle' });
      onChallenge(challenge, username);
    } catch (error) {
      setValues((current) => ({ ...current, password: '' }));
      setSubmission({ status: 'failed', error });
    }
  }

  return (
    <>
      <p>{t('signIn.intro')}</p>
      {failure !== undefined && isSignInFailed ? (
        <InfoBox variant="error" headline={t('signIn.failedHeadline')}>
          <p>{t('signIn.failed')}</p>
          <p>{t('signIn.failedLock')}</p>
        </InfoBox>
      ) : null}
      {failure !== undefined && !isSignInFailed ? (
        <InfoBox variant="error">
          <p>{failureMessage(failure, t)}</p>
        </InfoBox>
      ) : null}
      <AuthForm onSubmit={() => void submit()}>
        <NativeEmailField
          ref={usernameRef}
          name="username"
          label={t('fields.email')}
          autoComplete="username"
          value={values.username}
          onChange={(value) => change('username', value)}
          errorMessage={errors.username}
        />
        <NativePasswordField
          ref={passwordRef}
          name="password"
          label={t('fields.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={(value) => change('password', value)}
          errorMessage={errors.password}
        />
        <div>
          <NativeButton type="submit" isPending={submission.status === 'pending'}>
            {t('signIn.submit')}
          </NativeButton>
        </div>
      </AuthForm>
      <AuthLinks>
        <Link to={PORTALS[portal].forgotPasswordPath}>{t('signIn.forgotPassword')}</Link>
        {portal === 'kunden' ? <Link to={REGISTRATION_PATH}>{t('signIn.register')}</Link> : null}
      </AuthLinks>
    </>
  );
}
