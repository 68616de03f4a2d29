// `npm run bench:uploads`: 200 MB uploads against the production server (issue 14 bars: the
// server's RSS grows by less than 50 MB; throughput at least half of copying the file on the same
// disk). Writes a 200,000,000-byte MP4 (an ftyp box, then random bytes) into the server's data
// directory's file system; then, BENCH_UPLOAD_ROUNDS (5) times in turn: `cp` of it there, `cp` with
// an fsync of the copy (the upload answers only once its bytes are on the disk, ADR 0025), and a
// POST /api/upload/ + PUT of the file as a stream, sampling the server's RSS every 10 ms; `sync`
// between them. Prints the medians and writes bench/results/uploads.json. BENCH_UPLOAD_BYTES
// changes the size.
import { execFileSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { rssMiB, startServer } from './server';

const size = Number(process.env.BENCH_UPLOAD_BYTES ?? 200_000_000);
const RSS_BAR_MB = 50;

function writeVideo(file: string): void {
  // An ISO base media 'ftyp' box (24 bytes: isom, minor version 512, isom and mp41 compatible).
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(512, 12);
  ftyp.write('isommp41', 16, 'latin1');
  const handle = fs.openSync(file, 'w');
  try {
    fs.writeSync(handle, ftyp);
    const chunk = Buffer.alloc(4 << 20);
    for (let written = ftyp.length; written < size; written += chunk.length) {
      randomFillSync(chunk);
      fs.writeSync(handle, chunk, 0, Math.min(chunk.length, size - written));
    }
  } finally {
    fs.closeSync(handle);
  }
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function put(url: string, file: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: 'PUT',
        path: `${target.pathname}${target.search}`,
        headers: { 'content-type': 'video/mp4', 'content-length': String(size) },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    fs.createReadStream(file, { highWaterMark: 1 << 20 }).pipe(request);
  });
}

const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 5);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `cp` of the file; with `durable` the copy is fsynced afterwards, as the upload is before it answers. */
function copy(source: string, target: string, durable: boolean): number {
  const start = process.hrtime.bigint();
  execFileSync('cp', [source, target]);
  if (durable) {
    const handle = fs.openSync(target, 'r');
    try {
      fs.fsyncSync(handle);
    } finally {
      fs.closeSync(handle);
    }
  }
  return seconds(start);
}

/** Writes back every dirty page, so that no measurement pays for the one before. */
function settle(): void {
  execFileSync('sync');
}

async function main(): Promise<void> {
  const server = await startServer({ SEED_DEMO: 'false', LOG_LEVEL: 'warn', JOBS: 'false' });
  const work = path.join(server.dataDir, 'bench-uploads');
  fs.mkdirSync(work, { recursive: true });
  try {
    const source = path.join(work, 'video.mp4');
    writeVideo(source);
    // Warm the page cache for all measurements alike; every copy and upload reads it from there.
    if (fs.readFileSync(source).length !== size) throw new Error('The test file is incomplete');
    settle();

    const ask = async () => {
      const response = await fetch(`${server.url}/api/upload/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dateiname: 'Schadenvideo.mp4', groesse: size }),
      });
      if (response.status !== 201) throw new Error(`POST /api/upload/: ${response.status}`);
      return (await response.json()) as { uploadUrl: string };
    };
    const baseline = rssMiB(server.pid);
    let peak = baseline;
    const cpTimes: number[] = [];
    const durableTimes: number[] = [];
    const uploadTimes: number[] = [];
    const peaks: number[] = [];
    const target = path.join(work, 'copy.mp4');
    // The three measurements take turns, so that a slower minute of the disk hits all of them.
    for (let round = 0; round < ROUNDS; round++) {
      cpTimes.push(copy(source, target, false));
      fs.rmSync(target);
      settle();
      durableTimes.push(copy(source, target, true));
      fs.rmSync(target);
      settle();
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMiB(server.pid));
      }, 10);
      const { uploadUrl } = await ask();
      const uploadStart = process.hrtime.bigint();
      const answer = await put(`${server.url}${uploadUrl}`, source);
      uploadTimes.push(seconds(uploadStart));
      clearInterval(sampler);
      peak = Math.max(peak, rssMiB(server.pid));
      peaks.push(Math.round((peak - baseline) * 10) / 10);
      if (answer.status !== 200) throw new Error(`PUT: ${answer.status} ${answer.body}`);
      settle();
    }

    const megabytes = size / 1e6;
    const cpSeconds = median(cpTimes);
    const durableSeconds = median(durableTimes);
    const uploadSeconds = median(uploadTimes);
    const round3 = (n: number) => Math.round(n * 1000) / 1000;
    const share = (copySeconds: number) => Math.round((copySeconds / uploadSeconds) * 100) / 100;
    const result = {
      bytes: size,
      rounds: ROUNDS,
      cpSeconds: round3(cpSeconds),
      cpMBps: Math.round(megabytes / cpSeconds),
      durableCopySeconds: round3(durableSeconds),
      durableCopyMBps: Math.round(megabytes / durableSeconds),
      uploadSeconds: round3(uploadSeconds),
      uploadMBps: Math.round(megabytes / uploadSeconds),
      cpRuns: cpTimes.map(round3),
      durableCopyRuns: durableTimes.map(round3),
      uploadRuns: uploadTimes.map(round3),
      throughputShareOfCp: share(cpSeconds),
      throughputShareOfDurableCopy: share(durableSeconds),
      rssBaselineMiB: baseline,
      rssPeakMiB: peak,
      rssGrowthMiB: Math.round((peak - baseline) * 10) / 10,
      rssGrowthAfterEachUploadMiB: peaks,
      rssBarMB: RSS_BAR_MB,
      // ADR 0025: the upload answers once the bytes are on the disk (fsync), so the copy it is
      // measured against must end there too; the share of a page-cache `cp` is printed beside it.
      passes: (peak - baseline) * 1.048576 < RSS_BAR_MB && durableSeconds / uploadSeconds >= 0.5,
    };
    console.log(JSON.stringify(result, null, 2));
    const results = path.join(import.meta.dirname, 'results');
    fs.mkdirSync(results, { recursive: true });
    fs.writeFileSync(path.join(results, 'uploads.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await server.stop();
  }
}

await main();
