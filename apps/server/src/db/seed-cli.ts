// `npm run seed`: applies migrations and seeds the demo data set once, without starting the server.
// `npm run seed -- --customers 100000 [--seed 42] [--today 2026-11-22] [--database-url postgres://…]`
// adds a generated volume portfolio of that many customers on top (deterministic for seed and day).
// `npm run seed -- --antraege 1000 [--seed 42] [--database-url postgres://…]` concludes that many
// generated online applications through the application service (offer, application, documents),
// as the web pages do; the same seed again adds none (--today applies to --customers only).
import { parseArgs } from 'node:util';
import { createTransports, DEVELOPMENT_TRANSPORT } from '../modules/outbox/transports';
import { isCalendarDate, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { openDatabase } from './database';
import {
  MAX_VOLUME_APPLICATIONS,
  seedVolumeApplications,
  VOLUME_PRODUCTS,
  VolumeApplicationRefused,
} from './demo/portfolio/volume-applications';
import { seedVolumePortfolio } from './demo/portfolio/volume-seed';
import { demoSeeders } from './demo/seeders';
import { describeDemoLogins, seedDemoData } from './seed';
import { loadConfigOrExit } from '../platform/config';
import { createConfiguredFileStorage } from '../platform/files/configured-storage';

interface SeedOptions {
  customers?: number;
  antraege?: number;
  seed: number;
  today: string;
  databaseUrl?: string;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function parseOptions(): SeedOptions {
  const { values } = parseArgs({
    options: {
      customers: { type: 'string' },
      antraege: { type: 'string' },
      seed: { type: 'string', default: '42' },
      today: { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  const customers = values.customers === undefined ? undefined : Number(values.customers);
  if (customers !== undefined && (!Number.isInteger(customers) || customers < 1 || customers > 10_000_000)) {
    fail('--customers erwartet eine ganze Zahl von 1 bis 10.000.000.');
  }
  const antraege = values.antraege === undefined ? undefined : Number(values.antraege);
  if (
    antraege !== undefined &&
    (!Number.isInteger(antraege) || antraege < 1 || antraege > MAX_VOLUME_APPLICATIONS)
  ) {
    fail('--antraege erwartet eine ganze Zahl von 1 bis 100.000.');
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff)
    fail('--seed erwartet eine ganze Zahl ab 0.');
  const today = values.today ?? todayInGermany();
  if (!isCalendarDate(today)) fail('--today erwartet ein Datum im Format JJJJ-MM-TT.');
  return {
    ...(customers === undefined ? {} : { customers }),
    ...(antraege === undefined ? {} : { antraege }),
    seed,
    today,
    ...(values['database-url'] ? { databaseUrl: values['database-url'] } : {}),
  };
}

const options = parseOptions();
const config = loadConfigOrExit();
const databaseUrl = options.databaseUrl ?? config.databaseUrl;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: config.pgliteDir });
try {
  await database.migrate();
  const { seeded, logins } = await seedDemoData(
    database.db,
    demoSeeders({
      files: createConfiguredFileStorage(config),
      applications: {
        transports: createTransports(config),
        publicUrl: config.publicUrl,
        sepaGlaeubigerId: config.sepaGlaeubigerId,
      },
    }),
  );
  process.stdout.write(
    `${seeded ? 'Demo-Daten angelegt.' : 'Demo-Daten waren bereits angelegt.'} Zugänge: ${logins.length}\n`,
  );
  for (const line of describeDemoLogins(logins)) process.stdout.write(`${line}\n`);
  if (options.customers !== undefined) {
    const started = performance.now();
    let reported = 0;
    const counts = await seedVolumePortfolio({
      db: database.db,
      seed: options.seed,
      customers: options.customers,
      today: options.today,
      onBatch: (progress) => {
        if (progress.customers - reported < 10_000 && progress.customers < options.customers!) return;
        reported = progress.customers;
        process.stdout.write(`  ${progress.customers} Kunden, ${progress.contracts} Verträge …\n`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `Bestand erzeugt (Seed ${options.seed}, Stichtag ${options.today}): ${counts.customers} Kunden, ` +
        `${counts.contracts} Verträge, ${counts.agents} Vermittler, ${counts.rows} Zeilen in ${seconds.toFixed(1)} s.\n`,
    );
  }
  if (options.antraege !== undefined) await concludeApplications(options.antraege);
} finally {
  await database.close();
}

/** `--antraege N`: generated applications through prepareOffer, submitApplication and the documents job. */
async function concludeApplications(count: number): Promise<void> {
  const started = performance.now();
  const now = new Date();
  try {
    const result = await seedVolumeApplications({
      deps: {
        db: database.db,
        files: createConfiguredFileStorage(config),
        // Generated applicants get no real e-mail: their messages stay in the development outbox.
        transports: { email: DEVELOPMENT_TRANSPORT, sms: DEVELOPMENT_TRANSPORT },
        publicUrl: config.publicUrl,
        sepaGlaeubigerId: config.sepaGlaeubigerId,
      },
      seed: options.seed,
      count,
      now,
      today: todayInGermany(now),
      onProgress: ({ done, created }) => {
        if (done % 100 !== 0 && done < count) return;
        process.stdout.write(`  ${done} von ${count} Anträgen bearbeitet, ${created} neue Verträge …\n`);
      },
    });
    const seconds = ((performance.now() - started) / 1000).toLocaleString('de-DE', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    const perProduct = VOLUME_PRODUCTS.map(
      ({ slug, application }) => `${application.name} ${result.perProduct[slug] ?? 0}`,
    ).join(', ');
    process.stdout.write(
      `Anträge abgeschlossen (Seed ${options.seed}): ${result.created} neue Verträge in ${seconds} s ` +
        `(${perProduct}); ${result.existing} waren aus einem früheren Lauf schon vorhanden.\n`,
    );
  } catch (error) {
    if (error instanceof VolumeApplicationRefused) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}
