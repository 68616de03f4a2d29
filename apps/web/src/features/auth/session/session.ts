import { useSyncExternalStore } from 'react';
import { configureApiAuth, request } from '../../../lib/api';
import { createSessionStore, type SessionState, type SessionStore } from './session-store';

type LockManagerLike = { request<T>(name: string, task: () => Promise<T>): Promise<T> };

function browserLocks(): LockManagerLike | undefined {
  return (globalThis.navigator as Navigator & { locks?: LockManagerLike }).locks;
}

/** The session of this tab; the app's request function takes its bearer token from here. */
export const session = createSessionStore({
  request,
  withRefreshLock: (task) => {
    const locks = browserLocks();
    return locks ? locks.request('schirm-session-refresh', task) : task();
  },
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
