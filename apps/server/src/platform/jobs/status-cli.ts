// `npx tsx apps/server/src/platform/jobs/status-cli.ts [--json]`: the job queue as an operator sees
// it (ADR 0011), read from the configured database (DATABASE_URL; PGlite only while no server uses
// that data directory). Exit code 1 when a run failed for good in the last 24 hours, so a
// monitoring check can call it.
import { parseArgs } from 'node:util';
import { openDatabase } from '../../db/database';
import { loadConfigOrExit } from '../config';
import { describeJobStatus, readJobStatus } from './status';

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
const config = loadConfigOrExit();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
);
try {
  const status = await readJobStatus(database);
  process.stdout.write(
    values.json ? `${JSON.stringify(status)}\n` : `${describeJobStatus(status).join('\n')}\n`,
  );
  process.exitCode = status.failures.length > 0 ? 1 : 0;
} finally {
  await database.close();
}
