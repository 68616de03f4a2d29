// After full flows (registration, sign-in, refresh, password change, forgot password, mobile
// change) no password, TAN, code or token may be found in clear in any text column of the database
// (the outbox body is the delivery channel and is left out) or in the logs.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../../platform/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  clientProof,
  clientVerifier,
  insertContract,
  insertPartner,
  latestCode,
  latestLinkToken,
  testMobile,
} from './identity-test-kit';

let testApp: TestApp;
const logLines: string[] = [];
const secrets = new Set<string>();

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString('utf8'));
      callback();
    },
  });
  testApp = await createTestApp({ logger: createLogger('trace', stream) });
});

afterAll(async () => {
  await testApp.close();
});

function keep<T extends string>(value: T): T {
  secrets.add(value);
  return value;
}

async function post(
  url: string,
  payload: object,
  headers: Record<string, string> = {},
  cookies?: Record<string, string>,
) {
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'user-agent': 'secrets-test', ...headers },
    ...(cookies ? { cookies } : {}),
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

async function signInFlow(username: string, password: string, mobile: string) {
  const init = (await post('/api/auth/sign-in/init', { pool: 'benutzer', username })).json() as Record<
    string,
    string
  >;
  keep(init.session ?? '');
  const proof = await clientProof(username, password, init.salt ?? '', init.B ?? '');
  const verify = (
    await post('/api/auth/sign-in/verify', { session: init.session, ...proof })
  ).json() as Record<string, string>;
  keep(verify.session ?? '');
  const tan = keep(await latestCode(testApp.app, mobile));
  const tokens = await post('/api/auth/sign-in/tan', { session: verify.session, tan });
  const refresh = tokens.cookies.find((cookie) => cookie.name === 'schirm_refresh')?.value ?? '';
  keep(refresh);
  return { accessToken: keep((tokens.json() as { accessToken: string }).accessToken), refresh };
}

describe('secrets at rest', () => {
  it('keeps passwords, TANs, codes and tokens out of the database and the logs', async () => {
    const email = 'geheim.kunde@example.com';
    const password = keep('Geheimes-Passwort-1!');
    const mobile = testMobile();
    const partnerId = await insertPartner(testApp.database.db, { email });
    const contractNumber = await insertContract(testApp.database.db, { partnerId });

    await post(`/api/benutzer/zugang/email/${contractNumber}`, { email });
    const linkToken = keep(await latestLinkToken(testApp.app, email));
    await post('/api/benutzer/zugang/link/verification', { token: linkToken });
    const registration = await post('/api/benutzer/zugang/link', {
      token: linkToken,
      ...(await clientVerifier(email, password)),
      handynummer: mobile,
    });
    const { verificationId } = registration.json() as { verificationId: string };
    keep(verificationId);
    await post('/api/verifikation/tan/pruefen', {
      verificationId,
      tan: keep(await latestCode(testApp.app, mobile)),
    });

    const first = await signInFlow(email, password, mobile);
    const refreshed = await post('/api/auth/refresh', {}, {}, { schirm_refresh: first.refresh });
    keep((refreshed.json() as { accessToken: string }).accessToken);
    keep(refreshed.cookies.find((cookie) => cookie.name === 'schirm_refresh')?.value ?? '');

    const bearer = { authorization: `Bearer ${first.accessToken}` };
    const proofStart = (await post('/api/auth/password-proof', {}, bearer)).json() as Record<string, string>;
    keep(proofStart.session ?? '');
    const proof = await clientProof(email, password, proofStart.salt ?? '', proofStart.B ?? '');
    const newPassword = keep('Noch-Geheimer-2!');
    const changed = await post(
      '/api/benutzer/benutzer/passwort/aendern',
      { session: proofStart.session, ...proof, ...(await clientVerifier(email, newPassword)) },
      bearer,
    );
    const changedBearer = {
      authorization: `Bearer ${keep((changed.json() as { accessToken: string }).accessToken)}`,
    };

    const newMobile = testMobile();
    const phone = await post('/api/benutzer/benutzer/handynummer', { handynummer: newMobile }, changedBearer);
    const phoneVerification = keep((phone.json() as { verificationId: string }).verificationId);
    await post(
      '/api/verifikation/tan/pruefen',
      { verificationId: phoneVerification, tan: keep(await latestCode(testApp.app, newMobile)) },
      changedBearer,
    );

    await post('/api/auth/forgot-password', { pool: 'benutzer', username: email });
    const resetCode = keep(await latestCode(testApp.app, email));
    const resetPassword = keep('Zurueckgesetzt-3!');
    await post('/api/auth/forgot-password/confirm', {
      pool: 'benutzer',
      username: email,
      code: resetCode,
      ...(await clientVerifier(email, resetPassword)),
    });
    await signInFlow(email, resetPassword, newMobile);

    const columns = z
      .array(z.object({ table_name: z.string(), column_name: z.string() }))
      .parse(
        (
          (await testApp.database.db.execute(sql`
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = 'public' AND data_type IN ('text', 'jsonb', 'json', 'character varying')`)) as unknown as {
            rows: unknown[];
          }
        ).rows,
      )
      .filter((column) => !(column.table_name === 'outbox_messages' && column.column_name === 'body'));
    expect(columns.map((column) => `${column.table_name}.${column.column_name}`)).toEqual(
      expect.arrayContaining([
        'accounts.srp_verifier',
        'sign_in_challenges.tan_hash',
        'refresh_tokens.token_hash',
        'audit_log.details',
      ]),
    );
    const stored: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const result = (await testApp.database.db.execute(
        sql`SELECT ${sql.identifier(column)}::text AS value FROM ${sql.identifier(table)}`,
      )) as unknown as { rows: { value: string | null }[] };
      for (const row of result.rows) if (row.value) stored.push(row.value);
    }
    const everything = stored.join('\n');
    const logs = logLines.join('');
    expect(secrets.size).toBeGreaterThan(15);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      // A six-digit code also turns up by chance inside hex digests, UUIDs and timestamps; stored
      // in clear it would stand alone.
      const pattern = /^\d{6}$/.test(secret)
        ? new RegExp(`(?<![0-9a-fA-F])${secret}(?![0-9a-fA-F])`)
        : undefined;
      const holds = (text: string) => (pattern ? pattern.test(text) : text.includes(secret));
      expect(holds(everything), `database holds ${secret}`).toBe(false);
      expect(holds(logs), `logs hold ${secret}`).toBe(false);
    }
    expect(logs).toContain('/api/auth/sign-in/tan');
  });
});
