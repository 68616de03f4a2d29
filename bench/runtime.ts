// Production runtime figures of `npm run bench` (ADR 0016): how long the compiled server takes
// from process start to answering /api/ready, for a first start (new database, demo data) and a
// restart on the same data, and its resident memory once idle after start, after load and after
// the restart, on embedded PGlite and on PostgreSQL, each against the bars of issue 11.
import pg from 'pg';
import { load, type LoadTarget } from './http';
import { rssMiB, startServer, type RunningServer } from './server';
import { benchTargets } from './targets';

export const RUNTIME_BARS = {
  /** Idle RSS on PGlite, MiB. */
  pgliteRssMiB: 350,
  /** Idle RSS on PostgreSQL, MiB. */
  postgresRssMiB: 250,
  /** Restart: process start until /api/ready answers, ms. */
  restartMs: 3000,
} as const;

export interface RuntimeRow {
  database: 'PGlite' | 'PostgreSQL';
  /** First start on a new database: process start → ready (migrations, demo data), ms. */
  firstStartMs: number;
  firstStartCpuMs: number;
  /** Idle after the first start, MiB. */
  rssAfterStartMiB: number;
  /** Idle after the HTTP load, MiB. */
  rssAfterLoadMiB: number;
  /** Restart on the same data: process start → ready, ms. */
  restartMs: number;
  restartCpuMs: number;
  /** Idle after the restart, MiB. */
  rssAfterRestartMiB: number;
}

export interface RuntimeResult {
  bars: typeof RUNTIME_BARS;
  rows: RuntimeRow[];
  /** Why a database was not measured (e.g. no PostgreSQL server). */
  skipped: string[];
}

/** How long the server is left alone before its idle RSS is read. */
const IDLE_MS = 2_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RSS of an idle server: read after a pause without requests. */
export async function idleRssMiB(server: Pick<RunningServer, 'pid'>): Promise<number> {
  await pause(IDLE_MS);
  return rssMiB(server.pid);
}

/** Starts the server again on the data directory of a stopped one; stops it after measuring. */
async function restart(
  dataDir: string,
  env: Record<string, string>,
): Promise<Pick<RuntimeRow, 'restartMs' | 'restartCpuMs' | 'rssAfterRestartMiB'>> {
  const again = await startServer(env, { dataDir });
  try {
    return {
      restartMs: again.readyMs,
      restartCpuMs: again.readyCpuMs,
      rssAfterRestartMiB: await idleRssMiB(again),
    };
  } finally {
    await again.stop();
  }
}

/**
 * PGlite row from the bench's main server (first start and RSS measured by run.ts around its
 * load, stopped with its data kept), then a restart on the same data directory, removed after.
 */
export async function pgliteRuntime(
  stopped: Pick<RunningServer, 'readyMs' | 'readyCpuMs' | 'dataDir'>,
  measured: { rssAfterStartMiB: number; rssAfterLoadMiB: number },
  env: Record<string, string>,
): Promise<RuntimeRow> {
  return {
    database: 'PGlite',
    firstStartMs: stopped.readyMs,
    firstStartCpuMs: stopped.readyCpuMs,
    ...measured,
    ...(await restart(stopped.dataDir, env)),
  };
}

/**
 * PostgreSQL row: a fresh database on BENCH_PG_URL's server (default the local one), the server
 * started on it with demo data, idle, loaded for `loadSeconds` per bench route, restarted; the
 * database is dropped afterwards. Undefined (with the reason) when no server answers.
 */
export async function postgresRuntime(
  env: Record<string, string>,
  loadSeconds: number,
): Promise<RuntimeRow | string> {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `schirm_bench_runtime_${process.pid}`;
  const maintenance = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await maintenance(`CREATE DATABASE ${name}`);
  } catch (error) {
    return `PostgreSQL not measured (${serverUrl}: ${error instanceof Error ? error.message : String(error)})`;
  }
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const pgEnv = { ...env, DATABASE_URL: url.toString() };
    const server = await startServer(pgEnv);
    let rssAfterStartMiB: number;
    let rssAfterLoadMiB: number;
    try {
      rssAfterStartMiB = await idleRssMiB(server);
      const targets: LoadTarget[] = [
        { name: 'GET /api/health', url: `${server.url}/api/health` },
        ...(await benchTargets(server.url)),
      ];
      for (const target of targets) await load(target, { durationSeconds: loadSeconds });
      rssAfterLoadMiB = await idleRssMiB(server);
    } finally {
      await server.stop({ keepDataDir: true });
    }
    return {
      database: 'PostgreSQL',
      firstStartMs: server.readyMs,
      firstStartCpuMs: server.readyCpuMs,
      rssAfterStartMiB,
      rssAfterLoadMiB,
      ...(await restart(server.dataDir, pgEnv)),
    };
  } finally {
    await maintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const mark = (ok: boolean) => (ok ? '✓' : '✗ over the bar');

/** The bench table of the runtime figures, each with its bar. */
export function formatRuntime(result: RuntimeResult): string {
  const lines = [
    '| database | first start → ready s (CPU s) | idle RSS after start MiB | idle RSS after load MiB | restart → ready s (CPU s) | idle RSS after restart MiB |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of result.rows) {
    const bar = row.database === 'PGlite' ? result.bars.pgliteRssMiB : result.bars.postgresRssMiB;
    const rss = (value: number) => `${value} ${mark(value <= bar)}`;
    lines.push(
      `| ${row.database} | ${seconds(row.firstStartMs)} (${seconds(row.firstStartCpuMs)}) | ` +
        `${rss(row.rssAfterStartMiB)} | ${rss(row.rssAfterLoadMiB)} | ` +
        `${seconds(row.restartMs)} ${mark(row.restartMs < result.bars.restartMs)} (${seconds(row.restartCpuMs)}) | ` +
        `${rss(row.rssAfterRestartMiB)} |`,
    );
  }
  lines.push(
    `(bars: idle RSS ≤ ${result.bars.pgliteRssMiB} MiB on PGlite, ≤ ${result.bars.postgresRssMiB} MiB on PostgreSQL; ` +
      `restart < ${seconds(result.bars.restartMs)} s. Wall times follow the machine's load; the CPU time ` +
      `of the server process until ready is the comparable figure on a shared machine.)`,
    ...result.skipped,
  );
  return lines.join('\n');
}
