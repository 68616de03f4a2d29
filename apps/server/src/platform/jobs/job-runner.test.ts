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
import { describeJobStatus, readJobStatus } from './status';

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
  it('reports a database where no runner started as not installed', async () => {
    expect(await readJobStatus(database)).toEqual({ installed: false, queues: [], failures: [] });
  });

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

  it('runs a job in one runner at a time; asked again while it runs, it runs once more', async () => {
    let runs = 0;
    let running = 0;
    let mostAtOnce = 0;
    let release: () => void = () => undefined;
    const firstRunMayEnd = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = (): JobDefinition => ({
      name: 'test-once',
      pollingIntervalSeconds: 0.5,
      run: async () => {
        runs += 1;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await firstRunMayEnd;
        running -= 1;
        return {};
      },
    });
    const runnersOfOneDatabase = [await start([job()]), await start([job()]), await start([job()])];
    await runnersOfOneDatabase[0]!.trigger('test-once');
    await expect.poll(() => running, POLL).toBe(1);

    // Every runner is asked while the first run holds the job: one more run waits, not three.
    await Promise.all(runnersOfOneDatabase.map((runner) => runner.trigger('test-once')));
    expect((await jobsOf('test-once')).map((entry) => entry.state)).toEqual(['active', 'created']);
    release();

    await expect
      .poll(async () => (await jobsOf('test-once')).map((entry) => entry.state), POLL)
      .toEqual(['completed', 'completed']);
    expect(runs).toBe(2);
    expect(mostAtOnce).toBe(1);
  }, 60_000);

  it('shows a run that failed for good in the status, with its error', async () => {
    const runner = await start([
      {
        name: 'test-broken',
        retryLimit: 0,
        pollingIntervalSeconds: 0.5,
        run: async () => {
          throw new Error('Vorlage fehlt');
        },
      },
    ]);
    await runner.trigger('test-broken');

    await expect
      .poll(async () => (await readJobStatus(database)).failures.map((failure) => failure.name), POLL)
      .toEqual(['test-broken']);
    const status = await readJobStatus(database);
    expect(status.failures[0]).toMatchObject({ name: 'test-broken', attempts: 1, message: 'Vorlage fehlt' });
    expect(status.queues).toContainEqual({ name: 'test-broken', state: 'failed', count: 1 });
    expect(status.queues).toContainEqual({ name: 'test-flaky', state: 'completed', count: 1 });
    expect(describeJobStatus(status).join('\n')).toContain('test-broken');
  }, 60_000);
});
