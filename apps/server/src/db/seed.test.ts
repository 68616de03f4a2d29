import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './database';
import type { Seeder } from './demo/seeders';
import { appMeta } from './schema/platform';
import { DEMO_SEED_MARKER_KEY, seedDemoData } from './seed';
import { withTransaction } from './transaction';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

function countingSeeder(runs: { count: number }): Seeder {
  return {
    name: 'counting',
    run: async (tx) => {
      runs.count += 1;
      await tx.insert(appMeta).values({ key: `seeded-row-${randomUUID()}`, value: { by: 'counting' } });
      return {
        logins: [
          {
            portal: 'kunden',
            username: 'demo@schirm.de',
            description: 'Kundin',
          },
        ],
      };
    },
  };
}

describe('transactions', () => {
  it('commits when the function resolves', async () => {
    await withTransaction(database.db, (tx) => tx.insert(appMeta).values({ key: 'tx-commit', value: 1 }));
    const rows = await database.db.select().from(appMeta).where(eq(appMeta.key, 'tx-commit'));
    expect(rows).toHaveLength(1);
  });

  it('rolls back everything when the function throws', async () => {
    await expect(
      withTransaction(database.db, async (tx) => {
        await tx.insert(appMeta).values({ key: 'tx-rollback', value: 1 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await database.db.select().from(appMeta).where(eq(appMeta.key, 'tx-rollback'));
    expect(rows).toHaveLength(0);
  });
});

describe('demo seeding', () => {
  it('runs the seeders once, then only returns the remembered logins', async () => {
    const runs = { count: 0 };
    const first = await seedDemoData(database.db, [countingSeeder(runs)]);
    const second = await seedDemoData(database.db, [countingSeeder(runs)]);
    expect(runs.count).toBe(1);
    expect(first).toEqual({
      seeded: true,
      logins: [{ portal: 'kunden', username: 'demo@schirm.de', description: 'Kundin' }],
    });
    expect(second).toEqual({ seeded: false, logins: first.logins });
  });

  it('does not seed twice when two starts race', async () => {
    await database.db.delete(appMeta).where(eq(appMeta.key, DEMO_SEED_MARKER_KEY));
    const runs = { count: 0 };
    const results = await Promise.all([
      seedDemoData(database.db, [countingSeeder(runs)]),
      seedDemoData(database.db, [countingSeeder(runs)]),
      seedDemoData(database.db, [countingSeeder(runs)]),
    ]);
    expect(runs.count).toBe(1);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
  });

  it('leaves no marker and no data when a seeder fails, so the next start tries again', async () => {
    await database.db.delete(appMeta).where(eq(appMeta.key, DEMO_SEED_MARKER_KEY));
    const before = await database.db.select({ count: sql<number>`count(*)::int` }).from(appMeta);
    const failing: Seeder = {
      name: 'failing',
      run: async (tx) => {
        await tx.insert(appMeta).values({ key: 'half-seeded', value: true });
        throw new Error('seed data broken');
      },
    };
    await expect(seedDemoData(database.db, [failing])).rejects.toThrow('seed data broken');
    const after = await database.db.select({ count: sql<number>`count(*)::int` }).from(appMeta);
    expect(after).toEqual(before);
    const retry = await seedDemoData(database.db, []);
    expect(retry.seeded).toBe(true);
  });
});
