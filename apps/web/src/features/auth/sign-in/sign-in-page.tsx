import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePreloadServices, WithServices } from '../../../lib/deferred-services';
import { useDocumentTitle } from '../../../lib/document-title';
import { useBrandName } from '../../../lib/shell-context';
import { InfoBox } from '../../../ui/info-box';
import { Loading } from '../../../ui/loading';
import type { SignInChallenge, TanChallenge } from '../api/sign-in';
import { AuthPage } from '../components/auth-page';
import { SignInHelp } from '../components/sign-in-help';
import { PORTALS, type Portal } from '../portals';
import type { SignInRedirectState } from '../session/session-guard';
import { CredentialsStep } from './credentials-step';
import { SIGNED_OUT_EVERYWHERE_PARAM, SIGNED_OUT_EVERYWHERE_VALUE } from './signed-out-everywhere';
import type { TanRestartReason } from './tan-step';

/*
 * The steps after the password (with zod, react-hook-form, react-aria, the TAN field and its flag)
 * are their own chunks, and they get server state and flags through WithServices: the page's first
 * JavaScript holds the first step only (ADR 0017). They start loading when the password is sent,
 * together with the query client and the flag service, so they are there when the server's
 * challenge arrives.
 */
const loadNewPasswordStep = () => import('./new-password-step');
const loadTanStep = () => import('./tan-step');
const NewPasswordStep = lazy(async () => ({ default: (await loadNewPasswordStep()).NewPasswordStep }));
const TanStep = lazy(async () => ({ default: (await loadTanStep()).TanStep }));

function preloadLaterSteps(): void {
  void loadNewPasswordStep().catch(() => undefined);
  void loadTanStep().catch(() => undefined);
}

type Step =
  | { kind: 'credentials'; restartReason?: TanRestartReason }
  | { kind: 'new-password'; session: string; username: string }
  | { kind: 'tan'; challenge: TanChallenge };

const SHOWN_REASONS = new Set(['expired', 'unauthenticated', 'inactive', 'signed-out']);

/** Where to go after signing in: back to the page the guard stopped, if it is in this portal. */
function targetAfterSignIn(portal: Portal, from: string | undefined): string {
  const { startPath, loginPath } = PORTALS[portal];
  if (from && from.startsWith(startPath) && !from.startsWith(loginPath)) return from;
  return startPath;
}

function SignedOutNotice() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const reason = (location.state as SignInRedirectState | null)?.reason;
  const isEverywhere = searchParams.get(SIGNED_OUT_EVERYWHERE_PARAM) === SIGNED_OUT_EVERYWHERE_VALUE;
  const key = isEverywhere ? 'everywhere' : reason && SHOWN_REASONS.has(reason) ? reason : undefined;
  if (!key) return null;
  return (
    <InfoBox
      variant={key === 'signed-out' || key === 'everywhere' ? 'info' : 'warning'}
      headline={t('signIn.reasonHeadline')}
    >
      <p>{t(`signIn.reason.${key}`)}</p>
    </InfoBox>
  );
}

/** The sign-in's document title; its prerendered HTML (src/prerender) carries the same. */
export function signInTitle(t: TFunction<'auth'>, portal: Portal, brand: string): string {
  return t('signIn.title', { portal: t(`portal.${portal}`), brand });
}

/**
 * /kunden/login/ and /vermittler/login/: password (SRP), then either the new-password challenge
 * or straight to the SMS TAN, then signed in and on to the area's start page.
 */
export function SignInPage({ portal }: { portal: Portal }) {
  const { t } = useTranslation('auth');
  const brand = useBrandName();
  useDocumentTitle(signInTitle(t, portal, brand));
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const navigate = useNavigate();
  const location = useLocation();
  const preloadServices = usePreloadServices();

  function handleChallenge(challenge: SignInChallenge, username: string) {
    if (challenge.challenge === 'NEW_PASSWORD_REQUIRED') {
      setStep({ kind: 'new-password', session: challenge.session, username });
    } else {
      setStep({ kind: 'tan', challenge });
    }
  }

  function handleSignedIn() {
    const from = (location.state as SignInRedirectState | null)?.from;
    void navigate(targetAfterSignIn(portal, from), { replace: true });
  }

  const restart = (restartReason?: TanRestartReason) => setStep({ kind: 'credentials', restartReason });

  return (
    <AuthPage
      eyebrow={t(`portal.${portal}`)}
      headline={t('signIn.headline')}
      help={portal === 'kunden' ? <SignInHelp topic="anmeldung" /> : undefined}
    >
      {step.kind === 'credentials' ? (
        <>
          {step.restartReason ? (
            <InfoBox variant="warning" headline={t('tan.restartHeadline')}>
              <p>{t(`tan.${step.restartReason}`)}</p>
            </InfoBox>
          ) : (
            <SignedOutNotice />
          )}
          <CredentialsStep
            portal={portal}
            onSubmit={() => {
              preloadLaterSteps();
              preloadServices();
            }}
            onChallenge={handleChallenge}
          />
        </>
      ) : (
        <Suspense fallback={<Loading isBlock />}>
          <WithServices>
            {step.kind === 'new-password' ? (
              <NewPasswordStep
                session={step.session}
                username={step.username}
                onChallenge={(challenge) => setStep({ kind: 'tan', challenge })}
                onRestart={restart}
              />
            ) : (
              <TanStep
                portal={portal}
                challenge={step.challenge}
                onSignedIn={handleSignedIn}
                onRestart={restart}
              />
            )}
          </WithServices>
        </Suspense>
      )}
    </AuthPage>
  );
}

/** The customer portal's sign-in. */
export function CustomerSignInPage() {
  return <SignInPage portal="kunden" />;
}

/** The agent portal's sign-in. */
export function AgentSignInPage() {
  return <SignInPage portal="vermittler" />;
}

/** The clerks' sign-in /innendienst/login/ (ADR 0027). */
export function ClerkSignInPage() {
  return <SignInPage portal="innendienst" />;
}
