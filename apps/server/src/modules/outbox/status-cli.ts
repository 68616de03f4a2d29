// `npx tsx apps/server/src/modules/outbox/status-cli.ts [--json]`: the outbox as an operator sees it
// (ADR 0012), read from the configured database (DATABASE_URL; PGlite only while no server uses
// that data directory). Exit code 0 when all is well, 1 when a message was given up in the last
// 24 hours or delivery is overdue, so a monitoring check can call it.
import { parseArgs } from 'node:util';
import { openDatabase } from '../../db/database';
import { loadConfigOrExit } from '../../platform/config';
import { describeOutboxStatus, needsAttention, readOutboxStatus } from './status';

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
const config = loadConfigOrExit();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
);
try {
  const status = await readOutboxStatus({ db: database.db, now: new Date() });
  process.stdout.write(
    values.json ? `${JSON.stringify(status)}\n` : `${describeOutboxStatus(status).join('\n')}\n`,
  );
  process.exitCode = needsAttention(status) ? 1 : 0;
} finally {
  await database.close();
}
