import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key/value facts about the installation itself, e.g. the demo-seed marker. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
