-- A message the customer sends carries the form's Idempotency-Key: a retried request returns the
-- message already sent instead of sending it twice.
ALTER TABLE "mailbox_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mailbox_messages_idempotency_key" ON "mailbox_messages" USING btree ("partner_id","idempotency_key") WHERE "mailbox_messages"."idempotency_key" IS NOT NULL;
