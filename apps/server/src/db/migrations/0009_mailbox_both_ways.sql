ALTER TABLE "mailbox_messages" ADD COLUMN "direction" text DEFAULT 'EINGANG' NOT NULL;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "thema" text;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mailbox_messages_listing_idx" ON "mailbox_messages" USING btree ("partner_id","direction","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mailbox_messages"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mailbox_messages_unread_idx" ON "mailbox_messages" USING btree ("partner_id") WHERE "mailbox_messages"."direction" = 'EINGANG' AND "mailbox_messages"."deleted_at" IS NULL AND "mailbox_messages"."read_at" IS NULL;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_direction_check" CHECK ("mailbox_messages"."direction" IN ('EINGANG', 'AUSGANG'));