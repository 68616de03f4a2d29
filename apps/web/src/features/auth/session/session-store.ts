/*
 * The sign-in of this browser tab (spec §4, issue 5 'Sessions'). The access token lives only in
 * memory; the refresh token is an httpOnly cookie the browser sends to /api/auth. The store
 * refreshes ahead of the token's expiry, before a call that would go out with an (almost)
 * expired token, and signs the person out when a refresh fails.
 */
import type { RequestFn } from '../../../lib/request';
import {
  postGlobalLogout,
  postLogout,
  postRefresh,
  type SessionUser,
  type TokenResponse,
} from '../api/session-api';

/** Why nobody is signed in: shown on the sign-in page the person is sent to. */
export type SignedOutReason = 'none' | 'signed-out' | 'expired' | 'inactive' | 'unauthenticated';

export type SessionState =
  | { status: 'unknown' }
  | { status: 'restoring' }
  | { status: 'signed-in'; user: SessionUser; accessToken: string; expiresAt: number }
  | { status: 'signed-out'; reason: SignedOutReason };

/** A refresh starts this long before the access token expires (at half its lifetime when shorter). */
export const REFRESH_LEAD_MS = 60_000;
/** A call never goes out with a token that expires within this time; it refreshes first. */
export const MIN_TOKEN_VALIDITY_MS = 10_000;
/** After a refresh that failed for a transient reason (network, 5xx), try again this much later. */
export const REFRESH_RETRY_MS = 15_000;

export type SessionStoreOptions = {
  request: RequestFn;
  now?: () => number;
  /**
   * Runs a refresh under a lock shared by the tabs of this browser: two tabs presenting the same
   * refresh cookie at once would look like token theft to the server and end both sessions.
   */
  withRefreshLock?: <T>(task: () => Promise<T>) => Promise<T>;
};

export type SessionStore = ReturnType<typeof createSessionStore>;

/** A status that says a refresh was refused (cookie missing, expired or revoked), not a hiccup. */
function isRefusal(status: number | 'unknown'): boolean {
  return status !== 'unknown' && status >= 400 && status < 500;
}

/** Creates a session store; the app uses one per tab (see session.ts). */
export function createSessionStore({
  request,
  now = () => Date.now(),
  withRefreshLock = (task) => task(),
}: SessionStoreOptions) {
  let state: SessionState = { status: 'unknown' };
  const listeners = new Set<() => void>();
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshing: Promise<boolean> | undefined;
  let restoring: Promise<void> | undefined;
  /** A token that a refresh after a 401 brought; when the server rejects it too, no further refresh. */
  let renewedAfterRejection: string | undefined;

  function setState(next: SessionState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function clearTimer(): void {
    if (refreshTimer !== undefined) clearTimeout(refreshTimer);
    refreshTimer = undefined;
  }

  function scheduleRefresh(delayMs: number): void {
    clearTimer();
    refreshTimer = setTimeout(() => void refresh(), Math.max(0, delayMs));
  }

  /** Signs the person in with a token response (last sign-in step or refresh). */
  function start(tokens: TokenResponse): void {
    // Expiry from the lifetime, measured on this device's clock: a wrong clock on the device
    // would otherwise make a fresh token look expired (or valid for too long).
    const lifetimeMs = tokens.expiresIn * 1000;
    const expiresAt = now() + lifetimeMs;
    setState({ status: 'signed-in', user: tokens.user, accessToken: tokens.accessToken, expiresAt });
    scheduleRefresh(lifetimeMs - Math.min(REFRESH_LEAD_MS, lifetimeMs / 2));
  }

  function end(reason: SignedOutReason): void {
    clearTimer();
    refreshing = undefined;
    setState({ status: 'signed-out', reason });
  }

  async function runRefresh(): Promise<boolean> {
    const result = await withRefreshLock(() => postRefresh(request));
    if (result.ok && !result.canceled) {
      start(result.data);
      return true;
    }
    const current = state;
    const stillValid = current.status === 'signed-in' && current.expiresAt - now() > MIN_TOKEN_VALIDITY_MS;
    if (!result.ok && !isRefusal(result.errorStatus) && stillValid) {
      scheduleRefresh(Math.min(REFRESH_RETRY_MS, current.expiresAt - now() - MIN_TOKEN_VALIDITY_MS));
      return true;
    }
    if (current.status === 'signed-in') end('expired');
    return false;
  }

  /** Gets a new access token with the refresh cookie; one refresh at a time. */
  function refresh(): Promise<boolean> {
    refreshing ??= runRefresh().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /**
   * On page load: a refresh cookie from an earlier visit signs the person in again. Inside a
   * partner's frame (fromCookie false) there is no such cookie to use: the host signs the person in.
   */
  function restore({ fromCookie = true }: { fromCookie?: boolean } = {}): Promise<void> {
    if (state.status !== 'unknown') return restoring ?? Promise.resolve();
    if (!fromCookie) {
      end('none');
      return Promise.resolve();
    }
    setState({ status: 'restoring' });
    restoring = withRefreshLock(() => postRefresh(request)).then((result) => {
      restoring = undefined;
      if (state.status !== 'restoring') return;
      if (result.ok && !result.canceled) start(result.data);
      else end('none');
    });
    return restoring;
  }

  /** The bearer token for a call, refreshed first when it is about to expire; null when signed out. */
  async function getAccessToken(): Promise<string | null> {
    if (state.status === 'restoring') await restoring;
    const current = state;
    if (current.status !== 'signed-in') return null;
    if (current.expiresAt - now() > MIN_TOKEN_VALIDITY_MS) return current.accessToken;
    if (!(await refresh())) return null;
    const renewed = state;
    return renewed.status === 'signed-in' ? renewed.accessToken : null;
  }

  /** An authenticated call found no token (spec §4): the person is signed out. */
  function handleUnauthenticated(): void {
    if (state.status === 'signed-in') end('unauthenticated');
  }

  /**
   * The server answered an authenticated call with 401 (token expired or revoked, e.g. after a
   * sign-out on all devices). Like before an expiring call, one refresh decides: a refused refresh
   * signs the person out as 'expired'. A token that a token's rejection already renewed is not
   * renewed again when the server rejects it too: the person is signed out instead of looping.
   */
  async function handleUnauthorized(rejectedToken: string): Promise<void> {
    const current = state;
    // Signed out meanwhile, or the token was already replaced (a parallel call's 401, a refresh).
    if (current.status !== 'signed-in' || current.accessToken !== rejectedToken) return;
    if (refreshing) {
      await refreshing;
      return;
    }
    if (rejectedToken === renewedAfterRejection) {
      end('unauthenticated');
      return;
    }
    if (!(await refresh())) return;
    const renewed = state;
    if (renewed.status === 'signed-in') renewedAfterRejection = renewed.accessToken;
  }

  /** Signs out on this device: the server revokes this device's refresh tokens. */
  async function signOut(reason: SignedOutReason = 'signed-out'): Promise<void> {
    clearTimer();
    // Signed out locally even when the server cannot be reached: the person asked to leave.
    await postLogout(request);
    end(reason);
  }

  /**
   * Revokes every refresh token of the account. Ends the session only when the server confirmed
   * it, so a failure leaves the person signed in to try again.
   */
  async function signOutEverywhere(): Promise<boolean> {
    const result = await postGlobalLogout(request);
    if (!result.ok || result.canceled) return false;
    end('signed-out');
    return true;
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    refresh,
    restore,
    getAccessToken,
    handleUnauthenticated,
    handleUnauthorized,
    signOut,
    signOutEverywhere,
  };
}
