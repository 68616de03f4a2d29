// HTTP load for one route: requests/s, latency percentiles, and the server's CPU time per request.
// The load generator is wrk when it is installed (`apt-get install wrk`): written in C, it needs a
// fraction of the CPU autocannon needs for the same load, and on a small machine the generator
// shares the cores with the server. Without wrk (or with BENCH_LOAD_GENERATOR=autocannon) autocannon
// runs in this process. The result names the generator that produced it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export type LoadGenerator = 'wrk' | 'autocannon';

export interface LoadResult {
  name: string;
  generator: LoadGenerator;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU time (user + system) the server process spent per answered request, in µs. */
  serverCpuMicrosPerRequest?: number;
}

export interface LoadTarget {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** '[<id>]' in a header value becomes a value unique to each request. */
  headers?: Record<string, string>;
}

export interface LoadOptions {
  connections?: number;
  durationSeconds?: number;
  /** The server's process id: its CPU time during the run is divided by the requests answered. */
  serverPid?: number;
}

const ID_PLACEHOLDER = '[<id>]';

let wrkAvailable: boolean | undefined;

/** wrk when installed and not overridden by BENCH_LOAD_GENERATOR=autocannon. */
export function loadGenerator(): LoadGenerator {
  if (process.env.BENCH_LOAD_GENERATOR === 'autocannon') return 'autocannon';
  wrkAvailable ??= spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
  if (process.env.BENCH_LOAD_GENERATOR === 'wrk' && !wrkAvailable) {
    throw new Error('BENCH_LOAD_GENERATOR=wrk, but wrk is not installed (apt-get install wrk)');
  }
  return wrkAvailable ? 'wrk' : 'autocannon';
}

/** CPU time of a process in clock ticks (1/100 s) from /proc; undefined where there is no /proc. */
function cpuTicks(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

interface RawResult {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Runs the load against one target (32 connections by default). */
export async function load(
  target: LoadTarget,
  { connections = 32, durationSeconds = 8, serverPid }: LoadOptions = {},
): Promise<LoadResult> {
  const generator = loadGenerator();
  const ticksBefore = cpuTicks(serverPid);
  const raw =
    generator === 'wrk'
      ? await runWrk(target, connections, durationSeconds)
      : await runAutocannon(target, connections, durationSeconds);
  const ticksAfter = cpuTicks(serverPid);
  const cpuMicros =
    ticksBefore === undefined || ticksAfter === undefined ? undefined : (ticksAfter - ticksBefore) * 10_000;
  return {
    name: target.name,
    generator,
    requestsPerSecond: Math.round(raw.requestsPerSecond),
    p50Ms: raw.p50Ms,
    p99Ms: raw.p99Ms,
    non2xx: raw.non2xx,
    errors: raw.errors,
    ...(cpuMicros === undefined || raw.requests === 0
      ? {}
      : { serverCpuMicrosPerRequest: Math.round(cpuMicros / raw.requests) }),
  };
}

async function runAutocannon(target: LoadTarget, connections: number, duration: number): Promise<RawResult> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    body: target.body,
    headers: { 'content-type': 'application/json', ...target.headers },
    connections,
    duration,
    // '[<id>]' in headers/body becomes a unique id per request (used for distinct client addresses).
    idReplacement: true,
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const WRK_RESULT_MARKER = 'WRK_RESULT ';

/**
 * The wrk Lua script for a target: method, body and headers, '[<id>]' replaced per request by
 * thread number and request counter, and a JSON summary (latency in µs) printed at the end.
 */
function wrkScript(target: LoadTarget): string {
  const headers = { 'content-type': 'application/json', ...target.headers };
  const lua = (text: string) => {
    // A JSON string literal is a valid Lua string literal unless it escapes a character as \uXXXX
    // (control characters other than \b \t \n \f \r, lone surrogates).
    const literal = JSON.stringify(text);
    if (JSON.stringify(text.replace(/\\/g, '')).includes('\\u')) {
      throw new Error(`wrk targets cannot carry ${literal}`);
    }
    return literal;
  };

  const headerLines = Object.entries(headers).map(([name, value]) => {
    const parts = value.split(ID_PLACEHOLDER).map(lua);
    return `  h[${lua(name)}] = ${parts.join(' .. id .. ')}`;
  });
  // setup() runs in wrk's main Lua state and gives each thread's state its own global number.
  return `
local threads_created = 0
local counter = 0
function setup(thread)
  threads_created = threads_created + 1
  thread:set("thread_number", threads_created)
end
wrk.method = ${lua(target.method ?? 'GET')}
${target.body === undefined ? '' : `wrk.body = ${lua(target.body)}`}
function request()
  counter = counter + 1
  local id = (thread_number or 0) .. "-" .. counter
  local h = {}
  for name, value in pairs(wrk.headers) do h[name] = value end
${headerLines.join('\n')}
  return wrk.format(nil, nil, h)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(${lua(WRK_RESULT_MARKER)} .. string.format(
    '{"requests":%d,"durationMicros":%d,"p50":%d,"p99":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect, e.read, e.write, e.timeout))
end
`;
}

async function runWrk(target: LoadTarget, connections: number, duration: number): Promise<RawResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-wrk-'));
  const script = path.join(dir, 'target.lua');
  fs.writeFileSync(script, wrkScript(target));
  // One wrk thread per core left over for it, at most two: the server needs the rest.
  const threads = Math.max(1, Math.min(2, os.availableParallelism() - 1));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        'wrk',
        [`-t${threads}`, `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '-s', script, target.url],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`))));
    });
    const line = output.split('\n').find((text) => text.startsWith(WRK_RESULT_MARKER));
    if (!line) throw new Error(`wrk printed no result:\n${output}`);
    const result = JSON.parse(line.slice(WRK_RESULT_MARKER.length)) as Record<string, number>;
    const n = (key: string) => result[key] ?? 0;
    return {
      requestsPerSecond: n('requests') / (n('durationMicros') / 1e6),
      requests: n('requests'),
      p50Ms: Math.round(n('p50') / 10) / 100,
      p99Ms: Math.round(n('p99') / 10) / 100,
      non2xx: n('status'),
      errors: n('connect') + n('read') + n('write') + n('timeout'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
