import type { RequestFn } from '../../../lib/request';
import type { Pool } from '../portals';

/** The signed-in person as the token response names them. */
export type SessionUser = {
  pool: Pool;
  username: string;
  nickname: string | null;
  partnerId: string | null;
  agentId: string | null;
};

/** Answer of the last sign-in step and of every refresh (docs/api/identity.md 'Token response'). */
export type TokenResponse = {
  accessToken: string;
  tokenType: 'Bearer';
  /** Lifetime in seconds. */
  expiresIn: number;
  expiresAt: string;
  user: SessionUser;
};

/** Rotates the refresh cookie and returns a new access token. */
export function postRefresh(request: RequestFn) {
  return request<TokenResponse>({ method: 'POST', path: '/api/auth/refresh', authenticated: false });
}

/** Revokes this device's refresh token family and clears the cookie. */
export function postLogout(request: RequestFn) {
  return request<void>({ method: 'POST', path: '/api/auth/logout', authenticated: false });
}

/** Revokes every refresh token of the account (bearer). */
export function postGlobalLogout(request: RequestFn) {
  return request<void>({ method: 'POST', path: '/api/auth/global-logout' });
}
