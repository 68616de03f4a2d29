import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsEmbedded } from '../../../lib/shell-context';
import { Loading } from '../../../ui/loading';
import { PORTALS, type Portal } from '../portals';
import { session, useSession } from './session';
import type { SessionStore } from './session-store';
import { InactivityWarning } from './inactivity-warning';

/** What the sign-in page learns from the guard that sent the person there. */
export type SignInRedirectState = { from?: string; reason?: string };

/**
 * Lets only a person signed in to this portal's pool into the area. On the first visit it tries
 * to restore the session from the refresh cookie; without one it sends the person to the
 * portal's sign-in and remembers where they wanted to go.
 */
export function SessionGuard({ portal, store = session }: { portal: Portal; store?: SessionStore }) {
  const { t } = useTranslation('auth');
  const state = useSession(store);
  const location = useLocation();
  const queryClient = useQueryClient();
  const { pool, loginPath } = PORTALS[portal];

  // In a partner's frame the host signs the person in; no refresh cookie is tried (ADR 0036).
  const isEmbedded = useIsEmbedded();
  useEffect(() => {
    if (state.status === 'unknown') void store.restore({ fromCookie: !isEmbedded });
  }, [state.status, store, isEmbedded]);

  // Data of the person stays in the query cache only while they are signed in.
  useEffect(
    () =>
      store.subscribe(() => {
        if (store.getState().status === 'signed-out') queryClient.clear();
      }),
    [queryClient, store],
  );

  if (state.status === 'unknown' || state.status === 'restoring') {
    return <Loading isBlock label={t('session.restoring')} />;
  }
  if (state.status === 'signed-out' || state.user.pool !== pool) {
    const reason = state.status === 'signed-out' ? state.reason : 'none';
    // After signing out on purpose the next sign-in starts afresh; otherwise it returns here.
    const from = reason === 'signed-out' ? undefined : `${location.pathname}${location.search}`;
    const redirect: SignInRedirectState = { from, reason };
    return <Navigate to={loginPath} replace state={redirect} />;
  }
  return (
    <>
      <Outlet />
      <InactivityWarning
        onTimeout={() => void store.signOut('inactive')}
        onSignOut={() => void store.signOut()}
      />
    </>
  );
}

/** Guard of the customer portal /kunden. */
export function CustomerSessionGuard() {
  return <SessionGuard portal="kunden" />;
}

/** Guard of the agent portal /vermittler. */
export function AgentSessionGuard() {
  return <SessionGuard portal="vermittler" />;
}

/** Guard of the clerks' portal /innendienst (ADR 0027). */
export function ClerkSessionGuard() {
  return <SessionGuard portal="innendienst" />;
}
