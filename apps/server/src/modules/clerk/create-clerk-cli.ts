// `npm run innendienst:anlegen -- --email petra.vogel@versicherer.de --handynummer 0151… --name "Petra Vogel"`:
// creates a clerk's account (pool innendienst, ADR 0027) and prints its initial password once. The
// operator hands it over; the first sign-in at /innendienst/login/ replaces it and asks for the TAN.
import { parseArgs } from 'node:util';
import { openDatabase } from '../../db/database';
import { loadConfigOrExit } from '../../platform/config';
import { ClerkAccountError, createClerkAccount } from './accounts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    handynummer: { type: 'string' },
    name: { type: 'string' },
    'database-url': { type: 'string' },
  },
});
if (!values.email || !values.handynummer || !values.name) {
  fail(
    'Aufruf: npm run innendienst:anlegen -- --email <E-Mail> --handynummer <Handynummer> --name "<Vor- und Nachname>"',
  );
}

const config = loadConfigOrExit();
const databaseUrl = values['database-url'] ?? config.databaseUrl;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: config.pgliteDir });
try {
  await database.migrate();
  const created = await createClerkAccount(
    database.db,
    { email: values.email, mobile: values.handynummer, nickname: values.name },
    { meta: { ip: '127.0.0.1', userAgent: 'innendienst:anlegen', now: new Date() } },
  );
  process.stdout.write(
    `Innendienst-Zugang angelegt: ${created.username}\n` +
      `Vorläufiges Passwort (nur jetzt sichtbar): ${created.initialPassword ?? ''}\n` +
      `Anmeldung: ${config.publicUrl.replace(/\/$/, '')}/innendienst/login/ – beim ersten Anmelden wird ein eigenes Passwort gesetzt.\n`,
  );
} catch (error) {
  if (error instanceof ClerkAccountError) fail(error.message);
  throw error;
} finally {
  await database.close();
}
