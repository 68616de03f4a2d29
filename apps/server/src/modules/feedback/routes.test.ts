// POST /api/feedback on a real database (issue 14, ADR 0028): a score of 0–10 with an optional
// comment is stored anonymously, or with the partner of a signed-in customer; a bad source, score or
// an over-long comment is a 400 with a German message and stores nothing; with the flag 'feedback'
// off the call is a 403 in German; the address is rate-limited.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema/consents';
import { loadIdentityKeys } from '../../platform/auth/keys';
import type { FlagService } from '../../platform/flags/service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertAgentAccount, insertCustomer, mintAccessToken } from '../identity/identity-test-kit';
import { FEEDBACK_RATE_LIMIT } from './routes';

let t: TestApp;
let address = 0;

/** Each call from its own address unless given, so the rate limit only bites where a test wants it. */
function send(payload: object, { token, ip }: { token?: string; ip?: string } = {}) {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/feedback',
    payload,
    remoteAddress: ip ?? `10.20.${Math.floor(address / 250)}.${address % 250}`,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

async function stored(id: string) {
  const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, id));
  return row;
}

async function total(): Promise<number> {
  return (await t.database.db.select({ id: feedback.id }).from(feedback)).length;
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('feedback', () => {
  it('stores an anonymous score with a comment (trimmed), and one without a comment', async () => {
    const response = await send({
      quelle: 'nachricht',
      bewertung: 9,
      kommentar: '  Schnelle Antwort, danke!  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ anonym: true });
    expect(await stored(response.json().id)).toMatchObject({
      quelle: 'nachricht',
      bewertung: 9,
      kommentar: 'Schnelle Antwort, danke!',
      partnerId: null,
    });
    const bare = await send({ quelle: 'antrag', bewertung: 0 });
    expect(bare.statusCode).toBe(201);
    expect(await stored(bare.json().id)).toMatchObject({ bewertung: 0, kommentar: null });
  });

  it("keeps a signed-in customer's partner, and nobody else's", async () => {
    const db = t.database.db;
    const account = await insertCustomer(db);
    const token = await mintAccessToken(loadIdentityKeys(t.config), account);
    const response = await send({ quelle: 'schaden', bewertung: 10 }, { token });
    expect(response.json()).toMatchObject({ anonym: false });
    expect((await stored(response.json().id))?.partnerId).toBe(account.partnerId);
    const agent = await insertAgentAccount(db);
    const byAgent = await send(
      { quelle: 'schaden', bewertung: 7 },
      { token: await mintAccessToken(loadIdentityKeys(t.config), agent) },
    );
    expect((await stored(byAgent.json().id))?.partnerId).toBeNull();
  });

  it('refuses an unknown source, a score outside 0–10 and a long comment in German, storing nothing', async () => {
    const before = await total();
    const cases: [object, string][] = [
      [{ quelle: 'kuendigung', bewertung: 5 }, 'Zu diesem Vorgang können Sie kein Feedback geben.'],
      [{ quelle: 'schaden', bewertung: 11 }, 'Bitte wählen Sie eine Bewertung von 0 bis 10.'],
      [{ quelle: 'schaden', bewertung: -1 }, 'Bitte wählen Sie eine Bewertung von 0 bis 10.'],
      [{ quelle: 'schaden', bewertung: 4.5 }, 'Bitte wählen Sie eine Bewertung von 0 bis 10.'],
      [{ quelle: 'schaden', bewertung: '7' }, 'Bitte wählen Sie eine Bewertung von 0 bis 10.'],
      [{ quelle: 'schaden' }, 'Bitte wählen Sie eine Bewertung von 0 bis 10.'],
      [
        { quelle: 'schaden', bewertung: 5, kommentar: 'x'.repeat(1001) },
        'Ihr Kommentar darf höchstens 1.000 Zeichen lang sein.',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(payload)).toContain(message);
    }
    expect((await send({ quelle: 'schaden', bewertung: 5, kommentar: 'y'.repeat(1000) })).statusCode).toBe(
      201,
    );
    expect(await total()).toBe(before + 1);
  });

  it('answers 429 after the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= FEEDBACK_RATE_LIMIT.max; i += 1) {
      statuses.push((await send({ quelle: 'antrag', bewertung: 8 }, { ip: '10.99.0.1' })).statusCode);
    }
    expect(statuses.slice(0, FEEDBACK_RATE_LIMIT.max).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  describe('with the flag feedback off', () => {
    let flags: FlagService;
    beforeAll(() => {
      flags = t.app.flags;
      t.app.flags = {
        ...flags,
        values: async (context) => ({ ...(await flags.values(context)), feedback: false }),
      };
    });
    afterAll(() => {
      t.app.flags = flags;
    });

    it('answers 403 with a German message and stores nothing', async () => {
      const before = await total();
      const response = await send({ quelle: 'schaden', bewertung: 3 });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'FEATURE_DISABLED',
        message: expect.stringContaining('Das Feedback ist zurzeit nicht möglich.'),
      });
      expect(await total()).toBe(before);
    });
  });
});
