import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEMO_PASSWORD } from '../modules/identity/demo-seeder';
import type { Database } from './database';
import type { DemoLogin, Seeder } from './demo/seeders';
import { appMeta } from './schema/platform';
import { withTransaction } from './transaction';

export const DEMO_SEED_MARKER_KEY = 'demo-seed';

// Arbitrary but fixed: two servers starting at once on one PostgreSQL must not both seed.
const SEED_LOCK_KEY = 734_112_002;

const markerSchema = z.object({
  seededAt: z.string(),
  seeders: z.array(z.string()),
  logins: z.array(
    z.object({
      portal: z.enum(['kunden', 'vermittler', 'innendienst']),
      username: z.string(),
      description: z.string(),
    }),
  ),
});

export interface SeedResult {
  /** False when the database had been seeded before (the seeders did not run). */
  seeded: boolean;
  /** The demo sign-ins; remembered in the marker so every later start can print them again. */
  logins: DemoLogin[];
}

/**
 * Runs the seeders once per database inside one transaction and records a marker in app_meta.
 * An advisory transaction lock makes concurrent starts wait; they then find the marker and skip.
 */
export function seedDemoData(db: Database, seeders: readonly Seeder[]): Promise<SeedResult> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_SEED_MARKER_KEY));
    if (existing) return { seeded: false, logins: markerSchema.parse(existing.value).logins };

    const logins: DemoLogin[] = [];
    for (const seeder of seeders) {
      const result = await seeder.run(tx);
      logins.push(...result.logins);
    }
    const marker: z.infer<typeof markerSchema> = {
      seededAt: new Date().toISOString(),
      seeders: seeders.map((seeder) => seeder.name),
      logins,
    };
    await tx.insert(appMeta).values({ key: DEMO_SEED_MARKER_KEY, value: marker });
    return { seeded: true, logins };
  });
}

/** Lines naming each demo sign-in, for the start banner and `npm run seed`. */
export function describeDemoLogins(logins: readonly DemoLogin[]): string[] {
  return logins.map(
    (login) => `  /${login.portal}/login/  ${login.username} / ${DEMO_PASSWORD}  (${login.description})`,
  );
}
