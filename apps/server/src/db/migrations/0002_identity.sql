CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pool" text,
	"account_id" uuid,
	"actor_account_id" uuid,
	"username" text,
	"action" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"nickname" text,
	"mobile" text,
	"srp_salt" text NOT NULL,
	"srp_verifier" text NOT NULL,
	"status" text NOT NULL,
	"partner_id" uuid,
	"agent_id" uuid,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"failed_window_start" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"tokens_valid_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_pool_check" CHECK ("accounts"."pool" IN ('benutzer', 'vermittler')),
	CONSTRAINT "accounts_status_check" CHECK ("accounts"."status" IN ('PENDING_REGISTRATION', 'NEW_PASSWORD_REQUIRED', 'ACTIVE', 'DISABLED')),
	CONSTRAINT "accounts_username_check" CHECK ("accounts"."username" = lower(btrim("accounts"."username"))),
	CONSTRAINT "accounts_binding_check" CHECK (("accounts"."pool" = 'benutzer' AND "accounts"."partner_id" IS NOT NULL AND "accounts"."agent_id" IS NULL)
        OR ("accounts"."pool" = 'vermittler' AND "accounts"."agent_id" IS NOT NULL AND "accounts"."partner_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"secret_hash" text NOT NULL,
	"account_id" uuid,
	"partner_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_tokens_kind_check" CHECK ("one_time_tokens"."kind" IN ('REGISTRATION_LINK', 'EMAIL_CHANGE', 'PHONE_RESET', 'PASSWORD_RESET'))
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_hash" text NOT NULL,
	"pool" text NOT NULL,
	"username" text NOT NULL,
	"account_id" uuid,
	"step" text NOT NULL,
	"srp_secret" text,
	"srp_public" text,
	"tan_hash" text,
	"tan_expires_at" timestamp with time zone,
	"tan_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_challenges_pool_check" CHECK ("sign_in_challenges"."pool" IN ('benutzer', 'vermittler')),
	CONSTRAINT "sign_in_challenges_step_check" CHECK ("sign_in_challenges"."step" IN ('SRP', 'NEW_PASSWORD', 'TAN', 'PROOF'))
);
--> statement-breakpoint
CREATE TABLE "tan_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"handle_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"account_id" uuid NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"codes_sent" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tan_verifications_purpose_check" CHECK ("tan_verifications"."purpose" IN ('REGISTRATION', 'PHONE_CHANGE', 'PHONE_RESET'))
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" IN ('email', 'sms')),
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" IN ('PENDING', 'SENT', 'KEPT', 'FAILED')),
	CONSTRAINT "outbox_messages_subject_check" CHECK ("outbox_messages"."channel" = 'sms' OR "outbox_messages"."subject" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tan_verifications" ADD CONSTRAINT "tan_verifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_account_idx" ON "audit_log" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_pool_username_key" ON "accounts" USING btree ("pool","username");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_partner_key" ON "accounts" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_agent_key" ON "accounts" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_secret_key" ON "one_time_tokens" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_account_idx" ON "one_time_tokens" USING btree ("account_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_account_idx" ON "refresh_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_challenges_session_key" ON "sign_in_challenges" USING btree ("session_hash");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_idx" ON "sign_in_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tan_verifications_handle_key" ON "tan_verifications" USING btree ("handle_hash");--> statement-breakpoint
CREATE INDEX "tan_verifications_account_idx" ON "tan_verifications" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_pending_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","created_at");