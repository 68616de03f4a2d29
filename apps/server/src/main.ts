import closeWithGrace from 'close-with-grace';
import { createTransports } from './modules/outbox/transports';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { demoSeeders, type DemoLogin } from './db/demo/seeders';
import { describeDemoLogins, seedDemoData } from './db/seed';
import { loadConfigOrExit } from './platform/config';
import { createConfiguredFileStorage } from './platform/files/configured-storage';
import { createLogger } from './platform/logger';

function printStartBanner(port: number, logins: readonly DemoLogin[]): void {
  const lines = [``, `Schirm läuft auf http://localhost:${port}`];
  if (logins.length > 0) {
    lines.push('', 'Demo-Zugänge:', ...describeDemoLogins(logins));
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
const database = await openDatabase({
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir }),
  onConnectionError: (error) => logger.error({ err: error }, 'PostgreSQL connection failed'),
});
logger.info({ driver: database.driver }, 'database opened');

try {
  await database.migrate();
} catch (error) {
  logger.fatal({ err: error }, 'database migration failed');
  await database.close();
  process.exit(1);
}

const seed = config.seedDemo
  ? await seedDemoData(
      database.db,
      demoSeeders({
        files: createConfiguredFileStorage(config),
        applications: {
          transports: createTransports(config),
          publicUrl: config.publicUrl,
          sepaGlaeubigerId: config.sepaGlaeubigerId,
        },
      }),
    )
  : { seeded: false, logins: [] };
if (seed.seeded) logger.info({ logins: seed.logins.length }, 'demo data seeded');

const app = await buildApp({ config, database, logger });

// SIGINT/SIGTERM: stop accepting connections, let in-flight requests finish, then close the
// database (PGlite flushes its files) so no half-written data stays behind.
closeWithGrace(
  { delay: 10_000, logger: { error: (message: unknown) => logger.error(message) } },
  async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an unexpected error');
    else logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  },
);

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
printStartBanner(typeof address === 'object' && address ? address.port : config.port, seed.logins);
