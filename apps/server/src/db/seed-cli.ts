// `npm run seed`: applies migrations and seeds the demo data set once, without starting the server.
import { openDatabase } from './database';
import { DEMO_SEEDERS } from './demo/seeders';
import { describeDemoLogins, seedDemoData } from './seed';
import { loadConfigOrExit } from '../platform/config';

const config = loadConfigOrExit();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
);
try {
  await database.migrate();
  const { seeded, logins } = await seedDemoData(database.db, DEMO_SEEDERS);
  process.stdout.write(
    `${seeded ? 'Demo-Daten angelegt.' : 'Demo-Daten waren bereits angelegt.'} Zugänge: ${logins.length}\n`,
  );
  for (const line of describeDemoLogins(logins)) process.stdout.write(`${line}\n`);
} finally {
  await database.close();
}
