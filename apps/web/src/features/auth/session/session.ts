import { useSyncExternalStore } from 'react';
import { configureApiAuth, request } from '../../../lib/api';
import { createSessionStore, type SessionState, type SessionStore } from './session-store';

type LockManagerLike = { request<T>(name: string, task: () => Promise<T>): Promise<T> };

function browserLocks(): LockManagerLike | undefined {
  return (globalThis.navigator as Navigator & { locks?: LockManagerLike }).locks;
}

/**
 * Runs the refresh under the browser's lock, so two tabs never spend the same refresh token. A
 * frame of another site may be refused the lock (Chromium: 'The request was denied', as for its
 * storage); it has no refresh cookie there anyway (embedded sessions renew through the host), so
 * the task then runs without the lock. A failure of the task itself is not run again.
 */
export async function runWithRefreshLock<T>(
  locks: LockManagerLike | undefined,
  task: () => Promise<T>,
): Promise<T> {
  if (!locks) return task();
  let started = false;
  try {
    return await locks.request('schirm-session-refresh', () => {
      started = true;
      return task();
    });
  } catch (error) {
    if (started) throw error;
    return task();
  }
}

/** The session of this tab; the app's request function takes its bearer token from here. */
export const session = createSessionStore({
  request,
  withRefreshLock: (task) => runWithRefreshLock(browserLocks(), task),
});

configureApiAuth({
  getAccessToken: () => session.getAccessToken(),
  onUnauthenticated: () => session.handleUnauthenticated(),
  onUnauthorized: (rejectedToken) => void session.handleUnauthorized(rejectedToken),
});

/** The current session state; re-renders when it changes. */
export function useSession(store: SessionStore = session): SessionState {
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** The sign-in name of the signed-in person ('' outside a guarded area, where nobody is signed in). */
export function useSignedInUsername(store: SessionStore = session): string {
  const state = useSession(store);
  return state.status === 'signed-in' ? state.user.username : '';
}
