// Background jobs on a queue in the application's own PostgreSQL database (pg-boss, ADR 0011).
// Every server process with JOBS on runs the same runner: a job is claimed by one process at a
// time (SELECT … FOR UPDATE SKIP LOCKED inside pg-boss), a failed run is retried with back-off, and
// a job whose process died while holding it counts as lost after `expireInSeconds` and is run
// again by another. The same code runs on embedded PGlite (one process) through
// DatabaseHandle.executeSql.
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/database';

export interface JobDefinition {
  /** Queue name: lower-case letters, digits and hyphens, e.g. `pending-changes`. */
  name: string;
  /**
   * The work. Throwing makes the queue run it again later (back-off). It must be idempotent: a run
   * whose process died is run again, so a second run must not do the work twice.
   */
  run(): Promise<unknown>;
  /** Cron expression (Europe/Berlin): at most one process enqueues a run per matching minute. */
  cron?: string;
  /** Enqueue a run when the runner starts. */
  atStart?: boolean;
  /** Runs after the first failed one; default 5. */
  retryLimit?: number;
  /** Seconds before the first retry, doubled (with jitter) for each further one; default 30. */
  retryDelaySeconds?: number;
  /** A run held longer than this counts as lost (its process died) and is run again; default 15 min. */
  expireInSeconds?: number;
  /** How often each process looks for a waiting run; default 2 s. */
  pollingIntervalSeconds?: number;
}

export interface JobRunnerOptions {
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  jobs: readonly JobDefinition[];
  /** How often (one process of all) looks for lost runs and archives finished ones; default 60 s. */
  maintenanceIntervalSeconds?: number;
}

export interface JobRunner {
  /** Enqueues a run of the job now, unless one is already waiting (then that one will do). */
  trigger(name: string): Promise<void>;
  /** Waits for running jobs (at most 30 s; then they count as failed and are retried), then stops. */
  stop(): Promise<void>;
}

/** Where pg-boss keeps its tables (job, archive, queue, schedule, version) in the app's database. */
export const JOB_SCHEMA = 'pgboss';

const TIME_ZONE = 'Europe/Berlin';

/** Starts the queue: installs or migrates its tables, creates the queues, schedules and workers. */
export async function startJobRunner({
  database,
  logger,
  jobs,
  maintenanceIntervalSeconds = 60,
}: JobRunnerOptions): Promise<JobRunner> {
  let stopping = false;
  let stopped = false;
  // Statements in flight, so that stop() returns only when none can reach a closed database.
  const inFlight = new Set<Promise<unknown>>();
  const db: PgBoss.Db = {
    executeSql: (text: string, values?: unknown[]) => {
      if (stopped) return Promise.reject(new Error('The job runner is stopped'));
      const statement = database.executeSql(text, values);
      inFlight.add(statement);
      statement.then(
        () => inFlight.delete(statement),
        () => inFlight.delete(statement),
      );
      return statement;
    },
  };
  const boss = await startBoss(() => {
    const created = new PgBoss({ db, schema: JOB_SCHEMA, maintenanceIntervalSeconds });
    created.on('error', (error) => {
      if (!stopping) logger.error({ err: error }, 'job queue error');
    });
    return created;
  }, logger);
  // Each job's worker in this process, woken by a trigger here instead of at its next poll.
  const workers = new Map<string, string>();
  try {
    for (const job of jobs) workers.set(job.name, await prepare(boss, job, logger));
  } catch (error) {
    stopping = true;
    await boss.stop({ graceful: false, close: false });
    stopped = true;
    throw error;
  }

  return {
    trigger: async (name) => {
      const worker = workers.get(name);
      if (worker === undefined) throw new Error(`No job ${name}`);
      if (stopping) return;
      await boss.send(name, {});
      boss.notifyWorker(worker);
    },
    stop: async () => {
      if (stopping) return;
      stopping = true;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
      stopped = true;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * Starts pg-boss, which installs or migrates its tables first. Two processes doing that at once on
 * a fresh database can collide (pg-boss's lock does not make PostgreSQL see the other's new
 * schema, which fails with a duplicate key); the loser's next try finds the tables installed.
 */
async function startBoss(create: () => PgBoss, logger: FastifyBaseLogger): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    // A failed start() cannot be repeated on the same instance.
    const boss = create();
    try {
      await boss.start();
      return boss;
    } catch (error) {
      if (attempt >= 3) throw error;
      logger.warn({ err: error, attempt }, 'starting the job queue failed, trying again');
    }
  }
}

/** Creates or updates the job's queue and schedule, starts its worker and returns the worker's id. */
async function prepare(boss: PgBoss, job: JobDefinition, logger: FastifyBaseLogger): Promise<string> {
  const queue: PgBoss.Queue = {
    name: job.name,
    // 'stately': at most one run waiting and one running in the whole cluster; more triggers
    // while one waits add nothing.
    policy: 'stately',
    retryLimit: job.retryLimit ?? 5,
    retryDelay: job.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: job.expireInSeconds ?? 15 * 60,
  };
  // Creating a queue that exists does nothing. Two processes creating one at once on a fresh
  // database can deadlock (pg-boss adds a partition and foreign keys): PostgreSQL fails one of
  // them, whose next try finds the queue made by the other.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(job.name, queue);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      logger.warn({ err: error, job: job.name, attempt }, 'creating the job queue failed, trying again');
    }
  }
  await boss.updateQueue(job.name, queue);
  if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: TIME_ZONE });
  else await boss.unschedule(job.name);

  const worker = await boss.work(
    job.name,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2 },
    async ([entry]: PgBoss.JobWithMetadata[]) => {
      if (!entry) return undefined;
      try {
        const output: unknown = await job.run();
        // Stored with the finished job (pg-boss keeps objects only).
        return typeof output === 'object' && output !== null ? output : undefined;
      } catch (error) {
        logger.error(
          {
            err: error,
            job: job.name,
            jobId: entry.id,
            attempt: entry.retryCount + 1,
            willRetry: entry.retryCount < entry.retryLimit,
          },
          `job ${job.name} failed`,
        );
        throw error;
      }
    },
  );
  if (job.atStart) await boss.send(job.name, {});
  return worker;
}
