// `npm run bench`: one run that starts the server (embedded PGlite + demo data) and prints
// HTTP throughput/latency per route as a ratio to /api/health, the server's RSS, and the gzip size
// of each web area's initial JavaScript, then Lighthouse (mobile) on / and /kunden/login/, and the
// production runtime: start and restart to ready and idle RSS on PGlite and PostgreSQL (runtime.ts).
// Results also go to bench/results/latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundlesOverBar, formatBundles, measureBundles } from './bundle';
import { load, loadGenerator, type LoadResult, type LoadTarget } from './http';
import { formatLighthouse, runLighthouse, type LighthouseResult } from './lighthouse';
import {
  formatRuntime,
  idleRssMiB,
  pgliteRuntime,
  postgresRuntime,
  RUNTIME_BARS,
  type RuntimeResult,
} from './runtime';
import { rssMiB, startServer } from './server';
import { benchTargets } from './targets';
import { formatTariffBench, runTariffBench } from './tariffs';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 8);
// Each route is loaded briefly first, so the measurement does not include compiling its code.
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// In-process tariff throughput first, on a quiet process (one core).
const tariffRows = runTariffBench();

// TRUST_PROXY lets each load request claim its own client address (see targets.ts), so per-IP
// rate limits do not turn the measurement into 429 answers.
const server = await startServer({ TRUST_PROXY: 'true' });
const rssAfterStartMiB = await idleRssMiB(server);
let rssAfterLoadMiB: number;
const results: {
  http: LoadResult[];
  loadGenerator: string;
  logLevel: string;
  loadAverage: number[];
  rssMiB: number;
  bundles: Awaited<ReturnType<typeof measureBundles>>;
  lighthouse: LighthouseResult[];
} = {
  http: [],
  loadGenerator: loadGenerator(),
  logLevel,
  loadAverage: [],
  rssMiB: 0,
  bundles: [],
  lighthouse: [],
};
try {
  const targets: LoadTarget[] = [
    { name: 'GET /api/health', url: `${server.url}/api/health` },
    ...(await benchTargets(server.url)),
  ];
  const loadAverageBefore = os.loadavg()[0] ?? 0;
  for (const target of targets) {
    if (warmupSeconds > 0) await load(target, { durationSeconds: warmupSeconds });
    results.http.push(await load(target, { durationSeconds, serverPid: server.pid }));
  }
  results.loadAverage = [loadAverageBefore, os.loadavg()[0] ?? 0].map((value) => Math.round(value * 10) / 10);
  results.rssMiB = rssMiB(server.pid);
  if (fs.existsSync(chromiumPath)) results.bundles = await measureBundles(server.url, chromiumPath);
  // Last, on a server that is idle again: Lighthouse's simulated throttling scales the CPU time
  // it measures, so it should not share the machine with the load above.
  if (fs.existsSync(chromiumPath)) results.lighthouse = await runLighthouse(server.url, chromiumPath);
  rssAfterLoadMiB = await idleRssMiB(server);
} finally {
  // The data stays for the restart below, which removes it.
  await server.stop({ keepDataDir: true });
}

// Production runtime (ADR 0016): restart on the same PGlite data, then the same on PostgreSQL.
const runtime: RuntimeResult = { bars: RUNTIME_BARS, rows: [], skipped: [] };
runtime.rows.push(
  await pgliteRuntime(server, { rssAfterStartMiB, rssAfterLoadMiB }, { TRUST_PROXY: 'true' }),
);
const postgres = await postgresRuntime({ TRUST_PROXY: 'true' }, warmupSeconds || 2);
if (typeof postgres === 'string') runtime.skipped.push(postgres);
else runtime.rows.push(postgres);

console.log('\nTariffs in-process (one core)');
console.log(formatTariffBench(tariffRows));

const health = results.http[0]!;
console.log(
  `\nHTTP (${results.loadGenerator}, 32 connections, ${durationSeconds} s each after ${warmupSeconds} s warm-up; ` +
    `server LOG_LEVEL=${logLevel}; load average ${results.loadAverage.join(' → ')} on ${os.availableParallelism()} cores)`,
);
console.log('| route | req/s | p50 ms | p99 ms | p99 ÷ health p99 | server CPU µs/req | non-2xx |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results.http) {
  const ratio = health.p99Ms > 0 ? (r.p99Ms / health.p99Ms).toFixed(2) : 'n/a';
  console.log(
    `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${ratio} | ${r.serverCpuMicrosPerRequest ?? 'n/a'} | ${r.non2xx + r.errors} |`,
  );
}
// Server CPU per request is the figure that stays comparable on a shared machine: latency at a
// fixed number of connections follows throughput, which depends on what else runs.
console.log('(server CPU µs/req: user + system time of the server process ÷ requests answered)');
console.log(`\nServer RSS after load: ${results.rssMiB} MiB`);
if (results.bundles.length > 0) {
  console.log('\nInitial JavaScript per area (gzip, level 9; every script until the network is idle)');
  console.log(formatBundles(results.bundles));
} else {
  console.log(`\n(No Chromium at ${chromiumPath}: bundle sizes not measured.)`);
}
if (results.lighthouse.length > 0) {
  console.log(
    '\nLighthouse 12 (mobile preset, simulated throttling; reports in bench/results/lighthouse-*.json)',
  );
  console.log(formatLighthouse(results.lighthouse));
}
console.log('\nProduction runtime (compiled server; idle = no requests for 2 s)');
console.log(formatRuntime(runtime));
fs.mkdirSync(path.join('bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join('bench', 'results', 'latest.json'),
  JSON.stringify({ ...results, tariffs: tariffRows, runtime }, null, 2),
);
// The sign-in's JavaScript bar does not depend on the machine's load: the bench fails when a page
// is over it (after printing and saving everything above).
const overBar = bundlesOverBar(results.bundles);
if (overBar.length > 0) {
  console.error(
    `\nInitial JavaScript over its bar: ${overBar.map((b) => `${b.path} ${b.gzipKiB} KiB > ${b.barKiB} KiB`).join(', ')}`,
  );
  process.exitCode = 1;
}
