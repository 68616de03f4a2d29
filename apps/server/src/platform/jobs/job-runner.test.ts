// The job queue on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a run that
// throws is retried and its failure logged with the job's name; a run left claimed by a process
// that died is taken up again by another; runners on one database run a job once per trigger.
import { Writable } from 'node:stream';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/test-database';
import { JOB_SCHEMA, startJobRunner, type JobDefinition, type JobRunner } from './job-runner';

let database: DatabaseHandle;
const runners: JobRunner[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await database.close();
}, 60_000);

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

async function start(jobs: JobDefinition[], logger = recordingLogger().logger): Promise<JobRunner> {
  const runner = await startJobRunner({ database, logger, jobs, maintenanceIntervalSeconds: 1 });
  runners.push(runner);
  return runner;
}

/** The queue's jobs as pg-boss keeps them (what an operator reads, README). */
async function jobsOf(name: string) {
  const { rows } = await database.executeSql(
    `SELECT state, retry_count AS "retryCount", output FROM ${JOB_SCHEMA}.job WHERE name = $1 ORDER BY created_on`,
    [name],
  );
  return rows as { state: string; retryCount: number; output: unknown }[];
}

const POLL = { timeout: 30_000, interval: 100 };

describe('job runner', () => {
  it('retries a run that throws and logs the failure at error level with the job name', async () => {
    const { logger, lines } = recordingLogger();
    let runs = 0;
    const runner = await start(
      [
        {
          name: 'test-flaky',
          retryDelaySeconds: 1,
          pollingIntervalSeconds: 0.5,
          run: async () => {
            runs += 1;
            if (runs === 1) throw new Error('Datenbank kurz weg');
            return { runs };
          },
        },
      ],
      logger,
    );
    await runner.trigger('test-flaky');

    await expect
      .poll(() => jobsOf('test-flaky'), POLL)
      .toEqual([{ state: 'completed', retryCount: 1, output: { runs: 2 } }]);
    expect(runs).toBe(2);
    const failures = lines.filter((line) => line.msg === 'job test-flaky failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 50,
      job: 'test-flaky',
      attempt: 1,
      willRetry: true,
      err: { message: 'Datenbank kurz weg' },
    });
  }, 60_000);

  it('runs a job again that a process claimed and never finished (it died)', async () => {
    // The process that dies: it claims the job as a worker would, then is gone without a word.
    const crashed = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) } });
    crashed.on('error', () => undefined);
    await crashed.start();
    await crashed.createQueue('test-crash', { name: 'test-crash', policy: 'stately', expireInSeconds: 1 });
    await crashed.send('test-crash', {});
    const [claimed] = await crashed.fetch('test-crash');
    expect(claimed).toBeDefined();
    await crashed.stop({ graceful: false, close: false });
    expect(await jobsOf('test-crash')).toMatchObject([{ state: 'active' }]);

    let runs = 0;
    await start([
      {
        name: 'test-crash',
        expireInSeconds: 1,
        retryDelaySeconds: 1,
        pollingIntervalSeconds: 0.5,
        run: async () => {
          runs += 1;
          return { runs };
        },
      },
    ]);
    await expect
      .poll(() => jobsOf('test-crash'), POLL)
      .toEqual([{ state: 'completed', retryCount: 1, output: { runs: 1 } }]);
    expect(runs).toBe(1);
  }, 60_000);

  it('runs one job once although several runners are asked for it at once', async () => {
    let runs = 0;
    let running = 0;
    let mostAtOnce = 0;
    const job = (): JobDefinition => ({
      name: 'test-once',
      pollingIntervalSeconds: 0.5,
      run: async () => {
        runs += 1;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        // Long enough for the other runners to poll while it runs.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        running -= 1;
        return {};
      },
    });
    const first = await start([job()]);
    const second = await start([job()]);
    const third = await start([job()]);
    await Promise.all([first, second, third].flatMap((runner) => [runner.trigger('test-once')]));

    await expect
      .poll(async () => (await jobsOf('test-once')).map((entry) => entry.state), POLL)
      .toEqual(['completed']);
    expect(runs).toBe(1);
    expect(mostAtOnce).toBe(1);
  }, 60_000);
});
