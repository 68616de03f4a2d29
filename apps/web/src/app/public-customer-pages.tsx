import { useEffect } from 'react';
import { session, useSession } from '../features/auth/session/session';
import { ConsentPage, type ConsentSession } from '../features/consent/consent-page';
import { FeedbackPage } from '../features/feedback/feedback-page';

/**
 * Whether a customer is signed in on a public page: like the portal's guard, the first visit tries
 * to restore the session from the refresh cookie, but nobody is sent to the sign-in.
 */
function useCustomerSession(): ConsentSession {
  const state = useSession();
  useEffect(() => {
    if (state.status === 'unknown') void session.restore();
  }, [state.status]);
  if (state.status === 'unknown' || state.status === 'restoring') return 'pending';
  return state.status === 'signed-in' && state.user.pool === 'benutzer' ? 'signed-in' : 'signed-out';
}

/** /einwilligung/ (spec §2): the consent's text for everyone, giving and withdrawing when signed in. */
export function PublicConsentPage() {
  return <ConsentPage session={useCustomerSession()} />;
}

/** /feedback/:source/:score?/ (spec §2): anonymous, or with the account of a signed-in customer. */
export function PublicFeedbackPage() {
  return <FeedbackPage isSignedIn={useCustomerSession() === 'signed-in'} />;
}
