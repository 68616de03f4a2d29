// The app's background jobs (ADR 0011): modules define their jobs while the app is built; with
// JOBS on, the runner starts when the app is ready and stops when it closes. With JOBS off the
// process only serves requests, and the jobs run in the processes that have it on.
import type { FastifyInstance } from 'fastify';
import { startJobRunner, type JobDefinition, type JobRunner } from './job-runner';

export interface Jobs {
  /** Whether this process runs jobs (JOBS). */
  readonly enabled: boolean;
  /** Adds a job; only while the app is being built. */
  define(job: JobDefinition): void;
  /** Enqueues a run now unless one is waiting; does nothing while jobs do not run here. */
  trigger(name: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs on the PostgreSQL-backed queue (platform/jobs). */
    jobs: Jobs;
  }
}

export function registerJobs(app: FastifyInstance): void {
  const definitions: JobDefinition[] = [];
  let runner: JobRunner | undefined;
  let started = false;
  app.decorate('jobs', {
    enabled: app.config.jobs,
    define: (job: JobDefinition) => {
      if (started) throw new Error(`Job ${job.name} defined after the app started`);
      if (definitions.some((each) => each.name === job.name)) throw new Error(`Job ${job.name} twice`);
      definitions.push(job);
    },
    trigger: async (name: string) => {
      await runner?.trigger(name);
    },
  } satisfies Jobs);
  app.addHook('onReady', async () => {
    started = true;
    if (!app.config.jobs || definitions.length === 0) return;
    runner = await startJobRunner({
      database: app.database,
      logger: app.log.child({ module: 'jobs' }),
      jobs: definitions,
    });
  });
  app.addHook('onClose', async () => {
    const stopping = runner;
    runner = undefined;
    await stopping?.stop();
  });
}
