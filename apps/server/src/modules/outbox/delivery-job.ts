// Delivery of the outbox as a job on the job queue (ADR 0011). The outbox table stays the queue of
// the messages themselves: a message is written in the transaction of the change that causes it,
// and each message keeps its own attempts and back-off (outbox.ts). The job hands the due ones to
// their transports. Every few seconds each process that runs jobs asks whether a message is due
// and then enqueues the job; the queue runs it in one process at a time, retries it when it fails
// (e.g. the database was away) and runs it again when its process died.
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { outboxMessages } from '../../db/schema/outbox';
import { deliverPending } from './outbox';
import type { Transports } from './transports';

/** Queue name of the delivery job. */
export const OUTBOX_DELIVERY_JOB = 'outbox-delivery';

/** Whether a PENDING message waits whose next attempt is due (an index-only look-up). */
export async function hasDueMessages(db: Database, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'PENDING'), lte(outboxMessages.nextAttemptAt, now)))
    .limit(1);
  return row !== undefined;
}

/**
 * Defines the delivery job and, in a process that runs jobs, the look-out that enqueues it every
 * `intervalMs` while a message is due. Call only when a transport delivers (SMTP, SMS provider).
 */
export function registerOutboxDelivery(
  app: FastifyInstance,
  transports: Transports,
  { intervalMs = 2_000 }: { intervalMs?: number } = {},
): void {
  app.jobs.define({
    name: OUTBOX_DELIVERY_JOB,
    pollingIntervalSeconds: 1,
    retryDelaySeconds: 10,
    // Twenty messages over slow SMTP and SMS servers; a run held longer is taken as lost.
    expireInSeconds: 5 * 60,
    run: async () => ({
      sent: await deliverPending({
        db: app.database.db,
        transports,
        files: app.files,
        now: new Date(),
        logger: app.log,
      }),
    }),
  });
  if (!app.jobs.enabled) return;

  let looking: Promise<void> | undefined;
  const look = () => {
    looking ??= hasDueMessages(app.database.db, new Date())
      .then((due) => (due ? app.jobs.trigger(OUTBOX_DELIVERY_JOB) : undefined))
      .catch((error: unknown) => app.log.error({ err: error }, 'outbox look-out failed'))
      .finally(() => {
        looking = undefined;
      });
  };
  const timer = setInterval(look, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await looking;
  });
}
