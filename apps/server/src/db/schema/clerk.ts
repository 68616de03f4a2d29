// The insurer's back office (pool innendienst, ADR 0027): which customer message a clerk answered
// with which Postfach message. The answer itself is an ordinary incoming message of the customer's
// mailbox; this row links it to the question, names the clerk and marks the question answered.
import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './identity';
import { mailboxMessages } from './mailbox';

export const clerkMessageReplies = pgTable(
  'clerk_message_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer's message (direction AUSGANG) that was answered. */
    questionMessageId: uuid('question_message_id')
      .notNull()
      .references(() => mailboxMessages.id, { onDelete: 'cascade' }),
    /** The answer put into the customer's Postfach (direction EINGANG). */
    replyMessageId: uuid('reply_message_id')
      .notNull()
      .references(() => mailboxMessages.id, { onDelete: 'cascade' }),
    clerkAccountId: uuid('clerk_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clerk_message_replies_question_idx').on(t.questionMessageId, t.createdAt),
    uniqueIndex('clerk_message_replies_reply_key').on(t.replyMessageId),
  ],
);
