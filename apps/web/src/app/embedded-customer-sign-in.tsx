// The customer sign-in inside a partner's app (issue 16): instead of the sign-in form, the host's
// signed-in user is taken over (features/embedding/embedded-customer.ts) into this tab's session,
// in memory only, and renewed through the host before it expires. Combines the sign-in's session
// (features/auth) with the embedding, hence here in app/.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PORTALS } from '../features/auth/portals';
import { session, useSession } from '../features/auth/session/session';
import type { SignInRedirectState } from '../features/auth/session/session-guard';
import {
  embeddedContract,
  embeddedContracts,
  renewalDelayMs,
  signInThroughHost,
  type EmbeddedSessionTokens,
  type EmbeddedSignIn,
} from '../features/embedding/embedded-customer';
import { portalHandlers } from '../features/embedding/embedding-gate';
import { NotEmbeddablePage } from '../features/embedding/not-embeddable-page';
import { useDocumentTitle } from '../lib/document-title';
import { embeddingPartner } from '../lib/embedding-host';
import { ErrorScreen } from '../ui/error-screen';
import { Loading } from '../ui/loading';
import { PageOutlet } from './layouts/page-outlet';

let renewal: ReturnType<typeof setTimeout> | undefined;
/** Access tokens this tab got through the host; only these may show the customer area in the frame. */
const embeddedTokens = new Set<string>();
/** When this tab last signed in through the host: a session refused right after is not retried by itself. */
let lastSignInAt = Number.NEGATIVE_INFINITY;
const RETRY_PAUSE_MS = 10_000;

/** Forgets the tab's sign-ins through the host (tests). */
export function forgetEmbeddedSignIns(): void {
  embeddedTokens.clear();
  lastSignInAt = Number.NEGATIVE_INFINITY;
  if (renewal !== undefined) clearTimeout(renewal);
  renewal = undefined;
}

/** Starts (or renews) the tab's customer session with the host's user. */
function startEmbeddedSession(tokens: EmbeddedSessionTokens): void {
  embeddedTokens.add(tokens.accessToken);
  lastSignInAt = Date.now();
  session.start({
    accessToken: tokens.accessToken,
    tokenType: 'Bearer',
    expiresIn: tokens.expiresIn,
    expiresAt: new Date(Date.now() + tokens.expiresIn * 1000).toISOString(),
    user: {
      pool: PORTALS.kunden.pool,
      username: tokens.benutzer?.username ?? tokens.partnernummer,
      nickname: tokens.benutzer?.nickname ?? null,
      partnerId: tokens.partnernummer,
      agentId: null,
    },
  });
  const isSignedIn = () => session.getState().status === 'signed-in';
  portalHandlers.contracts = {
    list: async () => (isSignedIn() ? embeddedContracts(tokens.partnernummer) : []),
    one: async (contractId) => (isSignedIn() ? embeddedContract(contractId) : null),
  };
  if (renewal !== undefined) clearTimeout(renewal);
  // The sign-in's own refresh needs a cookie an embedded session does not have: renew before it.
  renewal = setTimeout(() => {
    renewal = undefined;
    if (!isSignedIn()) return;
    void signInThroughHost().then((result) => {
      if (result.status === 'signed-in') startEmbeddedSession(result.tokens);
      // Another (or no) user in the host now: this session ends, the host's user may start one.
      else if (result.status !== 'failed') session.handleUnauthenticated();
    });
  }, renewalDelayMs(tokens.expiresIn));
}

/**
 * The customer area's pages inside a partner's frame: only with a session the host's user started.
 * A session of someone signed in to the portal directly (a refresh cookie the browser sends when
 * host and portal are the same site) ends in this tab, so the host's user signs in instead.
 */
export function EmbeddedCustomerArea() {
  const state = useSession();
  const isOurs = state.status === 'signed-in' && embeddedTokens.has(state.accessToken);
  useEffect(() => {
    if (state.status === 'signed-in' && !isOurs) session.handleUnauthenticated();
  }, [state, isOurs]);
  return isOurs ? <PageOutlet /> : <Loading isBlock label="Sie werden angemeldet …" />;
}

type Step =
  { status: 'signing-in' } | Exclude<EmbeddedSignIn, { status: 'signed-in' }> | { status: 'signed-out' };

/** /kunden/login/ inside a partner's frame whose configuration allows the customer area. */
export function EmbeddedCustomerSignIn() {
  const navigate = useNavigate();
  const redirect = (useLocation().state as SignInRedirectState | null) ?? {};
  // After a sign-out on purpose or for inactivity the person starts again themselves, and a
  // session the server refused right after it began is not started again by itself (no loop).
  const [step, setStep] = useState<Step>(() =>
    redirect.reason === 'signed-out' ||
    redirect.reason === 'inactive' ||
    Date.now() - lastSignInAt < RETRY_PAUSE_MS
      ? { status: 'signed-out' }
      : { status: 'signing-in' },
  );
  const partner = embeddingPartner();

  useEffect(() => {
    if (step.status !== 'signing-in' || !partner?.kundenbereich) return;
    let isCurrent = true;
    void signInThroughHost().then((result) => {
      if (!isCurrent) return;
      if (result.status !== 'signed-in') {
        setStep(result);
        return;
      }
      startEmbeddedSession(result.tokens);
      const target = redirect.from?.startsWith('/kunden') ? redirect.from : PORTALS.kunden.startPath;
      void navigate(target, { replace: true });
    });
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one attempt per step; the redirect is read once
  }, [step, partner]);

  if (!partner?.kundenbereich) return <NotEmbeddablePage />;
  return (
    <SignInStep step={step} partnerName={partner.name} retry={() => setStep({ status: 'signing-in' })} />
  );
}

function SignInStep({ step, partnerName, retry }: { step: Step; partnerName: string; retry: () => void }) {
  const title =
    step.status === 'signing-in'
      ? 'Anmeldung'
      : step.status === 'mismatch'
        ? 'Ihr Kundenbereich kann hier nicht angezeigt werden'
        : 'Bitte melden Sie sich in der Anwendung Ihres Partners an';
  useDocumentTitle(title);
  switch (step.status) {
    case 'signing-in':
      return <Loading isBlock label="Sie werden angemeldet …" />;
    case 'signed-out':
      return (
        <ErrorScreen
          headline="Sie wurden abgemeldet."
          subline={`Ihr Kundenbereich ist geschlossen. Solange Sie in der Anwendung von ${partnerName} angemeldet sind, können Sie ihn wieder öffnen.`}
          action={{ label: 'Kundenbereich wieder öffnen', onClick: retry }}
        />
      );
    case 'no-token':
      return (
        <ErrorScreen
          headline="Bitte melden Sie sich in der Anwendung Ihres Partners an."
          subline={`Ihr Kundenbereich lässt sich hier nur öffnen, wenn Sie in der Anwendung von ${partnerName} angemeldet sind und dort den Zugriff auf Ihre Verträge bei Schirm freigegeben haben.`}
          explanation="Melden Sie sich dort an und versuchen Sie es noch einmal. Ihre Freigaben verwalten Sie im Kundenportal von Schirm unter 'Partner-Freigaben'."
          action={{ label: 'Erneut versuchen', onClick: retry }}
        />
      );
    case 'mismatch':
      return (
        <ErrorScreen
          headline="Ihr Kundenbereich kann hier nicht angezeigt werden."
          subline={`Die Anwendung von ${partnerName} hat uns eine andere Kundennummer genannt als die, für die Sie angemeldet sind. Zu Ihrem Schutz zeigen wir keine Daten an.`}
          explanation="Bitte melden Sie sich in der Anwendung Ihres Partners ab und wieder an. Bleibt der Fehler, wenden Sie sich bitte an Ihren Partner."
        />
      );
    case 'failed':
      return (
        <ErrorScreen
          headline="Die Anmeldung ist gerade nicht möglich."
          subline="Die Verbindung zu unserem Server ist gestört."
          explanation="Bitte versuchen Sie es in einigen Minuten noch einmal."
          action={{ label: 'Erneut versuchen', onClick: retry }}
        />
      );
  }
}
