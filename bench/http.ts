// HTTP load with autocannon: requests/s and latency percentiles for one route.
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadTarget {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

/** Runs autocannon against one target (32 connections by default). */
export async function load(
  target: LoadTarget,
  { connections = 32, durationSeconds = 8 } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    body: target.body,
    headers: { 'content-type': 'application/json', ...target.headers },
    connections,
    duration: durationSeconds,
    // '[<id>]' in headers/body becomes a unique id per request (used for distinct client addresses).
    idReplacement: true,
  });
  return {
    name: target.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
