-- A message the clerk writes about a claim carries the form's Idempotency-Key: a retried request
-- answers the message already written instead of writing (and e-mailing) it twice.
ALTER TABLE "claim_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_messages_idempotency_key" ON "claim_messages" USING btree ("claim_id","account_id","idempotency_key") WHERE "claim_messages"."idempotency_key" IS NOT NULL;
