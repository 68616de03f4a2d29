import { Writable } from 'node:stream';
import { createLogger } from './logger';

/** The server's logger writing its JSON lines into `lines` instead of stdout. */
export function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}
