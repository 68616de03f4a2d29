// Starts the real server (embedded PGlite in a fresh data dir, demo data) for benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, serverEntry } from '../scripts/server-build.mjs';

export interface RunningServer {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process until /api/ready answered 200. */
  readyMs: number;
  /** CPU time (user + system) the process spent until then, in milliseconds. */
  readyCpuMs: number;
  /** Its data directory (PGlite, files, keys, log); removed by stop() unless kept. */
  dataDir: string;
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** Start on this data directory (e.g. a restart) instead of a fresh one. */
  dataDir?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const BANNER = 'Schirm läuft auf';

/**
 * Resolves when the server's output file holds its start banner (printed after migrations and
 * seeding, once listening). Watches the file instead of reading a pipe, so that the server's log
 * lines go to a file during the load, as in a deployment, and not through this process.
 */
function waitForBanner(child: ChildProcess, outputFile: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let offset = 0;
    let output = '';
    const watcher = fs.watch(outputFile);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      watcher.close();
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`Server not ready after ${timeoutMs} ms`)), timeoutMs);
    const onExit = (code: number | null) => finish(new Error(`Server exited early with code ${code}`));
    const check = () => {
      const size = fs.statSync(outputFile).size;
      if (size <= offset) return;
      const chunk = Buffer.alloc(size - offset);
      const fd = fs.openSync(outputFile, 'r');
      try {
        fs.readSync(fd, chunk, 0, chunk.length, offset);
      } finally {
        fs.closeSync(fd);
      }
      offset = size;
      // Only the tail is kept: the banner cannot start earlier than one banner length back.
      output = (output + chunk.toString('utf8')).slice(-64 * 1024);
      if (output.includes(BANNER)) finish();
    };
    child.once('exit', onExit);
    watcher.on('change', check);
    watcher.on('error', (error) => finish(error));
    check();
  });
}

/**
 * Node flags for the server process. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the whole
 * server run into <dir> when the server stops (open it in Chrome DevTools or speedscope).
 */
function serverNodeFlags(): string[] {
  const profileDir = process.env.BENCH_CPU_PROF;
  return profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
}

/** Starts the server with extra environment; DATABASE_URL from the environment switches to PostgreSQL. */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-bench-'));
  // The compiled server, as `npm start` runs it, built first when missing or stale.
  await ensureServerBuild();
  const nodeFlags = [...serverNodeFlags(), serverEntry];
  // The server's stdout (banner and JSON log lines) goes to a file in the data directory.
  const outputFile = path.join(dataDir, 'server.log');
  const output = fs.openSync(outputFile, 'w');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, nodeFlags, {
    stdio: ['ignore', output, 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The production default: every request writes its two log lines, as it would in operation.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      ...env,
    },
  });
  fs.closeSync(output);
  const url = `http://localhost:${port}`;
  await waitForBanner(child, outputFile, 180_000);
  // The banner comes once the server listens; ready is when it also answers /api/ready.
  while ((await fetch(`${url}/api/ready`).catch(() => undefined))?.status !== 200) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = Math.round(performance.now() - spawnedAt);
  const readyCpuMs = cpuMs(child.pid ?? 0);
  return {
    url,
    pid: child.pid ?? 0,
    readyMs,
    readyCpuMs,
    dataDir,
    stop: ({ keepDataDir = false } = {}) =>
      new Promise<void>((resolve) => {
        child.on('exit', () => {
          if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGINT');
      }),
  };
}

/** CPU time (user + system) of a process so far in milliseconds (Linux /proc, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident set size of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}
