// Feeding a file through a location stripper in chunks, and comparing what came out byte by byte.
import { Readable, type Transform } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import type { ByteRange } from './fixtures.test-helper';

/** The chunk sizes every stripper test feeds: one byte, an odd small size, a page. */
export const CHUNK_SIZES = [1, 7, 4096] as const;

/** What the stripper makes of `bytes` fed in chunks of `chunkSize`. */
export async function feed(stripper: Transform, bytes: Buffer, chunkSize: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  const [output] = await Promise.all([readAll(stripper), pipeline(Readable.from(chunks), stripper)]);
  return output;
}

/** Positions where `output` differs from `input` outside `allowed`. */
export function changedOutside(input: Buffer, output: Buffer, allowed: readonly ByteRange[]): number[] {
  const changed: number[] = [];
  for (let at = 0; at < Math.max(input.length, output.length); at += 1) {
    if (input[at] === output[at]) continue;
    if (allowed.some(([start, end]) => at >= start && at < end)) continue;
    changed.push(at);
  }
  return changed;
}
