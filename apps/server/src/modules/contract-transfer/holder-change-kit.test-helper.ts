// What the holder-change tests with a set clock share: the test app with an agency and the
// transfer's dependencies, API calls as an account, the development outbox, and a holder change the
// agent starts through the API (its token taken from the new holder's e-mail).
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { expect } from 'vitest';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertAgentAccount, mintAccessToken, type TestAccount } from '../identity/identity-test-kit';
import { createTransports } from '../outbox/transports';
import type { TransferDeps } from './shared';

export interface HolderChangeTestContext {
  testApp: TestApp;
  keys: IdentityKeys;
  agency: TestAccount;
  deps: TransferDeps;
}

/** The test app, an agency and the transfer's dependencies on it. */
export async function openHolderChangeTestApp(): Promise<HolderChangeTestContext> {
  const testApp = await createTestApp();
  return {
    testApp,
    keys: loadIdentityKeys(testApp.config),
    agency: await insertAgentAccount(testApp.database.db),
    deps: {
      db: testApp.database.db,
      files: testApp.app.files,
      transports: createTransports(testApp.config),
      publicUrl: testApp.config.publicUrl,
      sepaGlaeubigerId: testApp.config.sepaGlaeubigerId,
    },
  };
}

/** A moment in the middle of the day in Germany (10:00 UTC is 11:00 or 12:00 in Berlin). */
export function on(day: CalendarDate): Date {
  return new Date(`${day}T10:00:00Z`);
}

/** API calls and holder changes against the context `current()` gives (set in beforeAll). */
export function holderChangeCalls(current: () => HolderChangeTestContext) {
  let personCounter = 0;

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    account?: TestAccount,
    payload?: object,
  ) {
    const { testApp, keys } = current();
    return testApp.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: account ? { authorization: `Bearer ${await mintAccessToken(keys, account)}` } : {},
    });
  }

  async function outboxTo(email: string) {
    const response = await call('GET', `/api/entwicklung/postausgang?to=${encodeURIComponent(email)}`);
    return (response.json() as { messages: { subject: string; body: string }[] }).messages;
  }

  /** The agency starts a change of the holder's contract to a new person; the link's token from the e-mail. */
  async function startChange(holder: { contractNumber: string }, wirksamAb: CalendarDate) {
    personCounter += 1;
    const email = `neue.person.${personCounter}.${Date.now()}@example.com`;
    const started = await call(
      'POST',
      `/api/vermittler/inhaberwechsel/${holder.contractNumber}`,
      current().agency,
      {
        wirksamAb,
        neuerInhaber: {
          person: {
            vorname: 'Nora',
            nachname: 'Neumann',
            geburtsdatum: '1985-04-03',
            email,
            adresse: { strasse: 'Domstraße', hausnummer: '4', plz: '50668', ort: 'Köln' },
          },
        },
      },
    );
    expect(started.statusCode, started.body).toBe(201);
    const invite = (await outboxTo(email)).find((m) => m.body.includes(holder.contractNumber));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(invite?.body ?? '')?.[1] ?? '');
    expect(token).not.toBe('');
    return { email, token };
  }

  return { call, outboxTo, startChange };
}
