import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertCustomer, mintAccessToken, signIn } from './identity-test-kit';
import { createIdentityContext } from './context';
import { refreshSession } from './sessions';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function refresh(cookie: string | undefined) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    ...(cookie ? { cookies: { schirm_refresh: cookie } } : {}),
  });
}

function me(accessToken: string) {
  return testApp.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
}

function newCookie(response: Awaited<ReturnType<typeof refresh>>): string {
  const cookie = response.cookies.find((candidate) => candidate.name === 'schirm_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return cookie.value;
}

describe('sessions', () => {
  it('rotates the refresh token: a new access token and a new cookie, the old cookie is used up', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const session = await signIn(testApp.app, customer);
    const first = await refresh(session.refreshCookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ tokenType: 'Bearer', user: { username: customer.username } });
    const rotated = newCookie(first);
    expect(rotated).not.toBe(session.refreshCookie);
    expect((await me((first.json() as { accessToken: string }).accessToken)).statusCode).toBe(200);
    expect((await refresh(rotated)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token comes back (theft detection)', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const session = await signIn(testApp.app, customer);
    const legitimate = newCookie(await refresh(session.refreshCookie));
    const replay = await refresh(session.refreshCookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.cookies.find((cookie) => cookie.name === 'schirm_refresh')?.value).toBe('');
    const afterTheft = await refresh(legitimate);
    expect(afterTheft.statusCode).toBe(401);
    const audit = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.accountId, customer.id));
    expect(audit.map((entry) => entry.action)).toContain('REFRESH_TOKEN_REUSED');
  });

  it('answers 401 without a cookie and with an unknown one', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('x'.repeat(43))).json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('ends the refresh-token family at REFRESH_TOKEN_TTL after sign-in, however often it rotates', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const session = await signIn(testApp.app, customer);
    const ctx = createIdentityContext(testApp.app);
    const later = (hours: number) => ({
      ip: '10.2.0.1',
      userAgent: 'test',
      now: new Date(Date.now() + hours * 3_600_000),
    });
    const rotated = await refreshSession({ ctx, meta: later(11), refreshToken: session.refreshCookie });
    expect(rotated.refreshExpiresAt.getTime()).toBeLessThan(Date.now() + 12 * 3_600_000 + 60_000);
    await expect(
      refreshSession({ ctx, meta: later(12.1), refreshToken: rotated.refreshToken }),
    ).rejects.toMatchObject({
      status: 401,
    });
  });

  it('logout revokes this device only', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const phone = await signIn(testApp.app, customer);
    const laptop = await signIn(testApp.app, customer);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { schirm_refresh: phone.refreshCookie },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(phone.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(laptop.refreshCookie)).statusCode).toBe(200);
  });

  it('logout ends the access token of this sign-in at once, not only its refresh token', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const phone = await signIn(testApp.app, customer);
    const laptop = await signIn(testApp.app, customer);
    const rotated = await refresh(phone.refreshCookie);
    const rotatedAccess = (rotated.json() as { accessToken: string }).accessToken;
    expect((await me(rotatedAccess)).statusCode).toBe(200);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { schirm_refresh: newCookie(rotated) },
    });
    expect(logout.statusCode).toBe(204);
    // Both access tokens of the phone's sign-in, the first and the one from the refresh, end now.
    expect((await me(phone.accessToken)).statusCode).toBe(401);
    expect((await me(rotatedAccess)).statusCode).toBe(401);
    expect((await me(laptop.accessToken)).statusCode).toBe(200);
  });

  it('a reused refresh token ends every access token of that sign-in at once', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const victim = await signIn(testApp.app, customer);
    const other = await signIn(testApp.app, customer);
    const rotated = await refresh(victim.refreshCookie);
    const victimAccess = (rotated.json() as { accessToken: string }).accessToken;
    // A thief presents the already rotated cookie: the family is revoked.
    expect((await refresh(victim.refreshCookie)).statusCode).toBe(401);
    expect((await me(victimAccess)).statusCode).toBe(401);
    expect((await me(victim.accessToken)).statusCode).toBe(401);
    expect((await me(other.accessToken)).statusCode).toBe(200);
  });

  it('global logout revokes every refresh token and every access token issued before it', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const phone = await signIn(testApp.app, customer);
    const laptop = await signIn(testApp.app, customer);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/global-logout',
      headers: { authorization: `Bearer ${laptop.accessToken}` },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(phone.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(laptop.refreshCookie)).statusCode).toBe(401);
    expect((await me(phone.accessToken)).statusCode).toBe(401);
    expect((await me(laptop.accessToken)).statusCode).toBe(401);
    const again = await signIn(testApp.app, customer);
    expect((await me(again.accessToken)).statusCode).toBe(200);
  });

  it('rejects expired, forged and malformed access tokens', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const ctx = createIdentityContext(testApp.app);
    const expired = await mintAccessToken(ctx.keys, customer, new Date(Date.now() - 11 * 60_000));
    expect((await me(expired)).statusCode).toBe(401);
    const valid = await mintAccessToken(ctx.keys, customer);
    expect((await me(valid)).statusCode).toBe(200);
    const [header, payload] = valid.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: customer.id }),
    ).toString('base64url');
    expect((await me(`${header}.${forgedPayload}.${'A'.repeat(86)}`)).statusCode).toBe(401);
    expect((await me('kein-token')).statusCode).toBe(401);
  });
});
