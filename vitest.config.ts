import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server tests that exercise what differs between the two database drivers: the database layer,
 * migrations and seeding (src/db), raw SQL whose result shape is driver-specific (`db.execute`),
 * prepared statements, readiness pings and closing. When TEST_DATABASE_URL is set the whole server
 * suite runs on PostgreSQL and these files run a second time on PGlite (project `server-pglite`);
 * without it everything runs on PGlite. The end-to-end tests run the whole product on PGlite too.
 * Code that reaches the driver directly belongs here with its test file.
 */
const DATABASE_PLATFORM_TESTS = [
  'apps/server/src/db/**/*.test.ts',
  'apps/server/src/modules/health/**/*.test.ts',
  // db.execute with raw SQL
  'apps/server/src/modules/contracts/agents-repository.test.ts',
  'apps/server/src/platform/auth/ownership.test.ts',
  // prepared statements
  'apps/server/src/modules/contracts/repository.test.ts',
  // backup and restore: pg_dump/pg_restore on PostgreSQL, the data directory on PGlite
  'apps/server/src/ops/**/*.test.ts',
  // the job queue's own SQL through executeSql (ADR 0011)
  'apps/server/src/platform/jobs/**/*.test.ts',
];

/**
 * Server test files that mock modules, stub the environment or fake timers: each gets a fresh
 * module graph (project `server-isolated`), the others share one per worker (project `server`).
 */
const SERVER_TESTS_NEEDING_OWN_MODULES = [
  'apps/server/src/modules/reference/zuers-startup.test.ts',
  'apps/server/src/modules/partner/relocation.test.ts',
  'apps/server/src/modules/pricing/kfz-classes-startup.test.ts',
  'apps/server/src/modules/pricing/worked-examples.test.ts',
  'apps/server/src/modules/pricing/kfz-routes.test.ts',
  'apps/server/src/modules/pricing/routes.test.ts',
  'apps/server/src/modules/applications/all-products.test.ts',
  // asserts on documents the printing module renders once per process (IPID, AVB)
  'apps/server/src/modules/printing/pre-contract.test.ts',
];

const serverTest = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // Vitest's default leaves one core to its main process, i.e. a single worker on a 2-core
    // machine; the main process is nearly idle once files are transformed.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          // Pure functions without module state: one module graph per worker, not one per file.
          pool: 'threads',
          isolate: false,
        },
      },
      {
        test: {
          name: 'embed',
          include: ['packages/embed/src/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A page test renders, types and waits for answers: a few hundred ms alone, but several
          // seconds on a saturated two-core CI machine. Vitest's 5 s default was reached there.
          testTimeout: 30_000,
          // Each file still gets its own module graph and DOM, in a fresh VM context instead of a
          // fresh process: less than half the CPU time of the default 'forks' pool for this suite.
          pool: 'vmThreads',
        },
        // As in the build (apps/web/vite.config.ts): 'zod' is zod with the German error map.
        resolve: {
          alias: [
            {
              find: /^zod$/,
              replacement: fileURLToPath(new URL('./apps/web/src/ui/forms/zod.ts', import.meta.url)),
            },
          ],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: SERVER_TESTS_NEEDING_OWN_MODULES,
          ...serverTest,
          // Each worker keeps one module graph for all its files (every file builds its
          // own app, database and clock); importing the server's graph per file cost more than half
          // of the step's CPU time.
          isolate: false,
        },
      },
      {
        test: { name: 'server-isolated', include: SERVER_TESTS_NEEDING_OWN_MODULES, ...serverTest },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-pglite',
                include: DATABASE_PLATFORM_TESTS,
                env: { TEST_DATABASE_URL: '' },
                ...serverTest,
              },
            },
          ]
        : []),
    ],
  },
});
