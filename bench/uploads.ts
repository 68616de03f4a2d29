// `npm run bench:uploads`: one 200 MB upload against the production server (issue 14 bars: the
// server's RSS grows by less than 50 MB; throughput at least half of copying the file on the same
// disk). Writes a 200,000,000-byte MP4 (an ftyp box, then random bytes) into the server's data
// directory's file system, times `cp` of it there, then POSTs /api/upload/ and PUTs the file as a
// stream, sampling the server's RSS every 20 ms. Prints the figures and writes
// bench/results/uploads.json. BENCH_UPLOAD_BYTES changes the size.
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

async function main(): Promise<void> {
  const server = await startServer({ SEED_DEMO: 'false', LOG_LEVEL: 'warn', JOBS: 'false' });
  const work = path.join(server.dataDir, 'bench-uploads');
  fs.mkdirSync(work, { recursive: true });
  try {
    const source = path.join(work, 'video.mp4');
    writeVideo(source);
    // Warm the page cache for both measurements alike, then copy on the same disk.
    if (fs.readFileSync(source).length !== size) throw new Error('The test file is incomplete');
    const cpStart = process.hrtime.bigint();
    execFileSync('cp', [source, path.join(work, 'copy.mp4')]);
    const cpSeconds = seconds(cpStart);
    fs.rmSync(path.join(work, 'copy.mp4'));

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
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(server.pid));
    }, 20);
    const { uploadUrl } = await ask();
    const uploadStart = process.hrtime.bigint();
    const answer = await put(`${server.url}${uploadUrl}`, source);
    const uploadSeconds = seconds(uploadStart);
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB(server.pid));
    if (answer.status !== 200) throw new Error(`PUT: ${answer.status} ${answer.body}`);

    const megabytes = size / 1e6;
    const result = {
      bytes: size,
      cpSeconds: Math.round(cpSeconds * 1000) / 1000,
      cpMBps: Math.round(megabytes / cpSeconds),
      uploadSeconds: Math.round(uploadSeconds * 1000) / 1000,
      uploadMBps: Math.round(megabytes / uploadSeconds),
      throughputShareOfCp: Math.round((cpSeconds / uploadSeconds) * 100) / 100,
      rssBaselineMiB: baseline,
      rssPeakMiB: peak,
      rssGrowthMiB: Math.round((peak - baseline) * 10) / 10,
      rssBarMB: RSS_BAR_MB,
      passes: peak - baseline < RSS_BAR_MB && cpSeconds / uploadSeconds >= 0.5,
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
