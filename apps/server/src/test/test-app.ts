import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { buildApp, type App } from '../app';
import type { DatabaseHandle } from '../db/database';
import { parseConfig, type AppConfig } from '../platform/config';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  config: AppConfig;
  /** Closes the app and the database it created. */
  close(): Promise<void>;
}

export interface TestAppOverrides {
  config?: Partial<AppConfig>;
  /** An existing database to use; the caller closes it. */
  database?: DatabaseHandle;
  logger?: Logger;
  /** Test-only routes, registered last under /api/test (e.g. to throw a particular error). */
  testRoutes?: FastifyPluginAsyncZod;
}

/** Configuration for tests: silent logs, no demo seed, and no web build unless a test provides one. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const result = parseConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PENDING_CHANGES_JOB: 'false',
    DEVELOPMENT_ROUTES: 'true',
  });
  if (!result.ok) throw new Error('The test configuration is invalid');
  return {
    ...result.config,
    webDistDir: path.join(os.tmpdir(), 'schirm-test-without-web-build'),
    ...overrides,
  };
}

/**
 * An app on a fresh migrated test database, ready for `app.inject`. Reuse one per test file. Its
 * file storage is a fresh temporary directory, removed on close, unless the config names one.
 */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const ownsFiles = overrides.config?.filesDir === undefined;
  const filesDir = overrides.config?.filesDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-test-files-'));
  const removeFiles = () => (ownsFiles ? fs.rmSync(filesDir, { recursive: true, force: true }) : undefined);
  const config = testConfig({ ...overrides.config, filesDir });
  const database = overrides.database ?? (await createTestDatabase());
  const ownsDatabase = !overrides.database;
  try {
    const app = await buildApp({
      config,
      database,
      ...(overrides.logger ? { logger: overrides.logger } : {}),
    });
    if (overrides.testRoutes) await app.register(overrides.testRoutes, { prefix: '/api/test' });
    await app.ready();
    return {
      app,
      database,
      config,
      close: async () => {
        await app.close();
        if (ownsDatabase) await database.close();
        removeFiles();
      },
    };
  } catch (error) {
    if (ownsDatabase) await database.close();
    removeFiles();
    throw error;
  }
}
