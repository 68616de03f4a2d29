ALTER TABLE "accounts" DROP CONSTRAINT "accounts_pool_check";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_pool_check" CHECK ("accounts"."pool" IN ('benutzer', 'vermittler', 'innendienst'));--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_binding_check";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_binding_check" CHECK (("accounts"."pool" = 'benutzer' AND "accounts"."partner_id" IS NOT NULL AND "accounts"."agent_id" IS NULL)
        OR ("accounts"."pool" = 'vermittler' AND "accounts"."agent_id" IS NOT NULL AND "accounts"."partner_id" IS NULL)
        OR ("accounts"."pool" = 'innendienst' AND "accounts"."agent_id" IS NULL AND "accounts"."partner_id" IS NULL));--> statement-breakpoint
ALTER TABLE "sign_in_challenges" DROP CONSTRAINT "sign_in_challenges_pool_check";--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_pool_check" CHECK ("sign_in_challenges"."pool" IN ('benutzer', 'vermittler', 'innendienst'));--> statement-breakpoint
CREATE TABLE "clerk_message_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_message_id" uuid NOT NULL,
	"reply_message_id" uuid NOT NULL,
	"clerk_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clerk_message_replies" ADD CONSTRAINT "clerk_message_replies_question_message_id_mailbox_messages_id_fk" FOREIGN KEY ("question_message_id") REFERENCES "public"."mailbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clerk_message_replies" ADD CONSTRAINT "clerk_message_replies_reply_message_id_mailbox_messages_id_fk" FOREIGN KEY ("reply_message_id") REFERENCES "public"."mailbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clerk_message_replies" ADD CONSTRAINT "clerk_message_replies_clerk_account_id_accounts_id_fk" FOREIGN KEY ("clerk_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clerk_message_replies_question_idx" ON "clerk_message_replies" USING btree ("question_message_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clerk_message_replies_reply_key" ON "clerk_message_replies" USING btree ("reply_message_id");
