// What an operator needs to see of the outbox (ADR 0012): messages given up, messages being
// retried, and messages waiting longer than they should (no process delivering, or a provider
// down). Read by `npx tsx apps/server/src/modules/outbox/status-cli.ts`; never a message text.
import { and, count, desc, eq, gt, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { outboxMessages, type OutboxChannel } from '../../db/schema/outbox';
import { maskPhoneNumbers } from './sms-transports';

/** A PENDING message whose next attempt is this much overdue is not being delivered. */
export const OVERDUE_AFTER_MS = 5 * 60_000;

const DAY_MS = 24 * 3_600_000;

export interface FailedMessage {
  id: string;
  channel: OutboxChannel;
  purpose: string;
  /** Recipient with most of it hidden: '+••••••••••12' or 'a•••@example.com'. */
  to: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

export interface OutboxStatus {
  /** Messages written in the last 24 hours that were given up (status FAILED). */
  failedLastDay: number;
  /** PENDING messages that failed at least once and wait for their next attempt. */
  retrying: number;
  /** PENDING messages whose next attempt is more than OVERDUE_AFTER_MS past. */
  overdue: number;
  /** The newest FAILED messages, newest first. */
  recentFailures: FailedMessage[];
}

/** A recipient for an operator's eyes: numbers keep their last two digits, addresses their first letter. */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient.slice(0, 1)}•••${recipient.slice(at)}`;
  return maskPhoneNumbers(recipient);
}

export async function readOutboxStatus({
  db,
  now,
  limit = 10,
}: {
  db: Database;
  now: Date;
  limit?: number;
}): Promise<OutboxStatus> {
  const [failed] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'FAILED'),
        gte(outboxMessages.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  const [retrying] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'PENDING'), gt(outboxMessages.attempts, 0)));
  const [overdue] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'PENDING'),
        lt(outboxMessages.nextAttemptAt, new Date(now.getTime() - OVERDUE_AFTER_MS)),
      ),
    );
  const recent = await db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      purpose: outboxMessages.purpose,
      recipient: outboxMessages.recipient,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'FAILED'))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
  return {
    failedLastDay: failed?.n ?? 0,
    retrying: retrying?.n ?? 0,
    overdue: overdue?.n ?? 0,
    recentFailures: recent.map(({ recipient, ...message }) => ({ ...message, to: maskRecipient(recipient) })),
  };
}

/** Whether the status needs an operator: something given up today, or delivery stalled. */
export function needsAttention(status: OutboxStatus): boolean {
  return status.failedLastDay > 0 || status.overdue > 0;
}

/** The status as German lines for a terminal. */
export function describeOutboxStatus(status: OutboxStatus): string[] {
  const lines = [
    `Nicht zustellbar (FAILED, Nachrichten der letzten 24 Stunden): ${status.failedLastDay}`,
    `In Wiederholung (PENDING nach Fehlversuch): ${status.retrying}`,
    `Überfällig (PENDING, nächster Versuch seit über ${OVERDUE_AFTER_MS / 60_000} Minuten fällig): ${status.overdue}`,
  ];
  if (status.recentFailures.length > 0) {
    lines.push('Zuletzt nicht zustellbar:');
    for (const message of status.recentFailures) {
      lines.push(
        `  ${message.createdAt.toISOString()}  ${message.channel}  ${message.purpose}  ${message.to}  ` +
          `${message.attempts} Versuch(e)  ${message.id}  ${message.lastError ?? ''}`,
      );
    }
  }
  return lines;
}
