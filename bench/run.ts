// `npm run bench`: one run that starts the server (embedded PGlite + demo data) and prints
// HTTP throughput/latency per route as a ratio to /api/health, the server's RSS, and the gzip size
// of each web area's initial JavaScript. Results also go to bench/results/latest.json.
import fs from 'node:fs';
import path from 'node:path';
import { measureBundles } from './bundle';
import { load, type LoadResult, type LoadTarget } from './http';
import { rssMiB, startServer } from './server';
import { benchTargets } from './targets';
import { formatTariffBench, runTariffBench } from './tariffs';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 8);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// In-process tariff throughput first, on a quiet process (one core).
const tariffRows = runTariffBench();

// TRUST_PROXY lets each load request claim its own client address (see targets.ts), so per-IP
// rate limits do not turn the measurement into 429 answers.
const server = await startServer({ TRUST_PROXY: 'true' });
const results: { http: LoadResult[]; rssMiB: number; bundles: Awaited<ReturnType<typeof measureBundles>> } = {
  http: [],
  rssMiB: 0,
  bundles: [],
};
try {
  const targets: LoadTarget[] = [
    { name: 'GET /api/health', url: `${server.url}/api/health` },
    ...(await benchTargets(server.url)),
  ];
  for (const target of targets) {
    results.http.push(await load(target, { durationSeconds }));
  }
  results.rssMiB = rssMiB(server.pid);
  if (fs.existsSync(chromiumPath)) results.bundles = await measureBundles(server.url, chromiumPath);
} finally {
  await server.stop();
}

console.log('\nTariffs in-process (one core)');
console.log(formatTariffBench(tariffRows));

const health = results.http[0]!;
console.log(`\nHTTP (32 connections, ${durationSeconds} s each)`);
console.log('| route | req/s | p50 ms | p99 ms | p99 ÷ health p99 | non-2xx |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of results.http) {
  const ratio = health.p99Ms > 0 ? (r.p99Ms / health.p99Ms).toFixed(2) : 'n/a';
  console.log(
    `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${ratio} | ${r.non2xx + r.errors} |`,
  );
}
console.log(`\nServer RSS after load: ${results.rssMiB} MiB`);
if (results.bundles.length > 0) {
  console.log('\nInitial JavaScript per area (gzip, level 9)');
  console.log('| area | path | scripts | gzip KiB |');
  console.log('| --- | --- | ---: | ---: |');
  for (const b of results.bundles) console.log(`| ${b.area} | ${b.path} | ${b.scripts} | ${b.gzipKiB} |`);
} else {
  console.log(`\n(No Chromium at ${chromiumPath}: bundle sizes not measured.)`);
}
fs.mkdirSync(path.join('bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join('bench', 'results', 'latest.json'),
  JSON.stringify({ ...results, tariffs: tariffRows }, null, 2),
);
