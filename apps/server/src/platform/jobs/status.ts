// The job queue as an operator sees it (ADR 0011): runs per job and state, and the runs that
// failed for good in the last 24 hours with their error message. Read from pg-boss's tables.
import type { DatabaseHandle } from '../../db/database';
import { JOB_SCHEMA } from './job-runner';

export interface JobStatus {
  /** False when no process with JOBS on ever started on this database. */
  installed: boolean;
  /** Runs kept in the queue table per job and state (finished runs move to the archive after 12 h). */
  queues: { name: string; state: string; count: number }[];
  /** Runs that failed after their last retry in the last 24 hours, newest first (at most 10). */
  failures: { name: string; id: string; attempts: number; failedAt: Date; message: string }[];
}

export async function readJobStatus(database: DatabaseHandle): Promise<JobStatus> {
  const [installed] = (await database.executeSql(`SELECT to_regclass('${JOB_SCHEMA}.job') IS NOT NULL AS ok`))
    .rows as { ok: boolean }[];
  if (!installed?.ok) return { installed: false, queues: [], failures: [] };
  const queues = (
    await database.executeSql(
      `SELECT name, state::text AS state, count(*)::int AS count FROM ${JOB_SCHEMA}.job
       WHERE name NOT LIKE '\\_\\_pgboss%' GROUP BY name, state ORDER BY name, state`,
    )
  ).rows as JobStatus['queues'];
  const failures = (
    await database.executeSql(
      `SELECT name, id::text AS id, retry_count + 1 AS attempts, completed_on AS "failedAt",
              COALESCE(output->>'message', output->'value'->>'message', '') AS message
       FROM (SELECT name, id, state, retry_count, completed_on, output FROM ${JOB_SCHEMA}.job
             UNION ALL
             SELECT name, id, state, retry_count, completed_on, output FROM ${JOB_SCHEMA}.archive) runs
       WHERE state = 'failed' AND completed_on > now() - interval '24 hours'
       ORDER BY completed_on DESC LIMIT 10`,
    )
  ).rows as JobStatus['failures'];
  return { installed: true, queues, failures };
}

/** Lines for a terminal. */
export function describeJobStatus(status: JobStatus): string[] {
  if (!status.installed) return ['Job queue: not installed (no process with JOBS on has started yet).'];
  const lines = ['Job queue (pg-boss, schema pgboss): runs per job and state'];
  if (status.queues.length === 0) lines.push('  (none)');
  for (const queue of status.queues)
    lines.push(`  ${queue.name.padEnd(20)} ${queue.state.padEnd(10)} ${queue.count}`);
  lines.push(`Failed for good in the last 24 hours: ${status.failures.length}`);
  for (const failure of status.failures) {
    lines.push(
      `  ${failure.failedAt.toISOString()} ${failure.name} ${failure.id} after ${failure.attempts} attempt(s): ${failure.message}`,
    );
  }
  return lines;
}
