// Benchmark of the volume portfolio generator (`npx tsx bench/generator.ts`): creates a fresh
// PostgreSQL database, writes 100,000 customers with their contracts, prints the figures and drops
// the database again. BENCH_PG_URL names the server (maintenance database), BENCH_CUSTOMERS the size.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { seedVolumePortfolio } from '../apps/server/src/db/demo/portfolio/volume-seed';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const customers = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const seed = Number(process.env.BENCH_SEED ?? 42);
const name = `schirm_bench_${randomBytes(4).toString('hex')}`;

async function maintenance(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** CPU seconds of this database's server processes, when the server runs on this machine (Linux). */
async function backendCpuSeconds(db: Database): Promise<string | undefined> {
  const result = await db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  const pids = (result as unknown as { rows: { pid: number }[] }).rows.map((row) => row.pid);
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name: utime and stime are the 12th and 13th (clock ticks of 1/100 s).
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  }
  return (ticks / 100).toFixed(1);
}

await maintenance(`CREATE DATABASE ${name}`);
try {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await database.migrate();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const counts = await seedVolumePortfolio({ db: database.db, seed, customers, today: todayInGermany() });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const databaseCpu = await backendCpuSeconds(database.db);
    console.log(`Generator benchmark (seed ${seed}, PostgreSQL, one transaction)`);
    console.log(`| customers | contracts | rows | seconds | rows/s | contracts/s |`);
    console.log(`| ---: | ---: | ---: | ---: | ---: | ---: |`);
    console.log(
      `| ${counts.customers} | ${counts.contracts} | ${counts.rows} | ${seconds.toFixed(1)} | ${Math.round(counts.rows / seconds)} | ${Math.round(counts.contracts / seconds)} |`,
    );
    console.log(
      `agents ${counts.agents}, pending changes ${counts.pendingChanges}, open premiums ${counts.openPremiums}, tasks ${counts.tasks}`,
    );
    // The machine may be shared: CPU seconds show what the run itself needed.
    console.log(
      `CPU: generator process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, PostgreSQL backends ${databaseCpu ?? 'n/a'} s; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} cores`,
    );
  } finally {
    await database.close();
  }
} finally {
  await maintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
