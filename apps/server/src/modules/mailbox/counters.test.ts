// The Postfach counts per partner (mailbox_counters, migration 0012, ADR 0024 addendum) against a
// count of the messages themselves, after every kind of write: bulk and single inserts, opening
// (read), soft delete, a hard delete, a deleted contract or partner, and writers racing each other.
// The API's gesamt and unread count read these counters.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxCounters } from '../../db/schema/mailbox-counters';
import { mailboxMessages } from '../../db/schema/mailbox';
import { partners } from '../../db/schema/partners';
import { withTransaction } from '../../db/transaction';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertCustomer, insertPartner, mintAccessToken } from '../identity/identity-test-kit';
import {
  countByScanning,
  insertMailboxMessage,
  markMessageRead,
  softDeleteMessage,
  storedCounters,
} from './repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function expectCountersRight(partnerId: string, expected?: object) {
  const db = t.database.db;
  const counted = await countByScanning({ db, partnerId });
  expect(await storedCounters({ db, partnerId })).toEqual(counted);
  if (expected) expect(counted).toEqual(expected);
}

async function messages(
  partnerId: string,
  n: number,
  extra: Partial<typeof mailboxMessages.$inferInsert> = {},
) {
  return t.database.db
    .insert(mailboxMessages)
    .values(
      Array.from({ length: n }, (_, i) => ({ partnerId, subject: `N ${i}`, body: `Text ${i}`, ...extra })),
    )
    .returning({ id: mailboxMessages.id });
}

describe('mailbox counters', () => {
  it('follow inserts, opening, soft and hard deletes, and show in the API', async () => {
    const db = t.database.db;
    const account = await insertCustomer(db);
    const partnerId = account.partnerId ?? '';
    const token = await mintAccessToken(loadIdentityKeys(t.config), account);
    await expectCountersRight(partnerId, { eingang: 0, ausgang: 0, ungelesen: 0 });

    const incoming = await messages(partnerId, 30);
    await messages(partnerId, 5, { direction: 'AUSGANG' });
    await messages(partnerId, 4, { readAt: new Date('2026-03-01T10:00:00Z') });
    await messages(partnerId, 2, { deletedAt: new Date('2026-03-01T10:00:00Z') });
    await insertMailboxMessage(db, { partnerId, subject: 'Einzeln', body: 'Text' });
    await expectCountersRight(partnerId, { eingang: 35, ausgang: 5, ungelesen: 31 });

    for (const { id } of incoming.slice(0, 3)) await markMessageRead({ db, id });
    await markMessageRead({ db, id: incoming[0]!.id }); // already read: no change
    await softDeleteMessage({ db, id: incoming[1]!.id }); // read, then deleted
    await softDeleteMessage({ db, id: incoming[5]!.id }); // unread, deleted
    await softDeleteMessage({ db, id: incoming[5]!.id }); // twice
    await db.delete(mailboxMessages).where(eq(mailboxMessages.id, incoming[6]!.id)); // hard delete
    // An update that touches no counted column (e.g. a contract or document removed) changes nothing.
    await db.update(mailboxMessages).set({ subject: 'Neu' }).where(eq(mailboxMessages.id, incoming[7]!.id));
    // Undeleting counts it again; moving a message to another direction moves its count.
    await db.update(mailboxMessages).set({ deletedAt: null }).where(eq(mailboxMessages.id, incoming[5]!.id));
    await db
      .update(mailboxMessages)
      .set({ direction: 'AUSGANG' })
      .where(eq(mailboxMessages.id, incoming[8]!.id));
    await expectCountersRight(partnerId, { eingang: 32, ausgang: 6, ungelesen: 26 });

    const inbox = await t.app.inject({
      url: '/api/dokument/benutzer/nachricht/eingang',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(inbox.json()).toMatchObject({ gesamt: 32, seite: 1 });
    const above = await t.app.inject({
      url: '/api/dokument/benutzer/nachricht/ausgang?seite=9&proSeite=5',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(above.json()).toMatchObject({ gesamt: 6, seite: 1 });
    expect(above.json().nachrichten).toHaveLength(5);
    const count = await t.app.inject({
      url: '/api/dokument/benutzer/nachricht/count',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(count.json()).toEqual({ ungelesen: 26 });
  });

  it('roll back with the writer and move several partners in one statement', async () => {
    const db = t.database.db;
    const a = (await insertCustomer(db)).partnerId ?? '';
    const b = (await insertCustomer(db)).partnerId ?? '';
    await expect(
      withTransaction(db, async (tx) => {
        await insertMailboxMessage(tx, { partnerId: a, subject: 'x', body: 'y' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectCountersRight(a, { eingang: 0, ausgang: 0, ungelesen: 0 });
    await db.insert(mailboxMessages).values([
      { partnerId: a, subject: '1', body: '1' },
      { partnerId: b, subject: '2', body: '2' },
      { partnerId: b, subject: '3', body: '3', direction: 'AUSGANG' },
    ]);
    await db
      .update(mailboxMessages)
      .set({ readAt: sql`now()` })
      .where(inArray(mailboxMessages.partnerId, [a, b]));
    await expectCountersRight(a, { eingang: 1, ausgang: 0, ungelesen: 0 });
    await expectCountersRight(b, { eingang: 1, ausgang: 1, ungelesen: 0 });
  });

  it('go with a deleted partner, whose messages go too', async () => {
    const db = t.database.db;
    const partnerId = await insertPartner(db, { email: 'geloescht@example.com' });
    await messages(partnerId, 3);
    expect((await storedCounters({ db, partnerId })).eingang).toBe(3);
    await db.delete(partners).where(eq(partners.id, partnerId));
    expect(await db.select().from(mailboxCounters).where(eq(mailboxCounters.partnerId, partnerId))).toEqual(
      [],
    );
  });

  it('stay right when writers race (inserts, reads and deletes at once)', async () => {
    const db = t.database.db;
    const partnerId = (await insertCustomer(db)).partnerId ?? '';
    const existing = await messages(partnerId, 40);
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        withTransaction(db, (tx) => insertMailboxMessage(tx, { partnerId, subject: `R ${i}`, body: 'x' })),
      ),
      ...existing.slice(0, 20).map(({ id }) => markMessageRead({ db, id })),
      ...existing.slice(10, 30).map(({ id }) => softDeleteMessage({ db, id })),
      ...existing.slice(0, 10).map(({ id }) => markMessageRead({ db, id })),
    ]);
    // 40 + 20 inserted, 20 deleted; unread: 60 − 20 read − 10 deleted-unread (30..39 unread stay).
    await expectCountersRight(partnerId, { eingang: 40, ausgang: 0, ungelesen: 30 });
  });
});
