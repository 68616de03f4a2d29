-- Embedding partners (issue 16, ADR 0036): sites and apps that embed the portal in an iframe, the
-- customers' grants that let a partner open their customer area, and the single-use exchange
-- tokens a partner swaps for an embedded customer session. Secrets and tokens are stored as hashes.
CREATE TABLE "embedding_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_key" text NOT NULL,
	"name" text NOT NULL,
	"origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"brand" text,
	"agent_id" uuid REFERENCES "public"."agents"("id") ON DELETE set null,
	"produkte" text[] DEFAULT '{}'::text[] NOT NULL,
	"kundenbereich" boolean DEFAULT false NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL,
	"secret_hash" text,
	"secret_rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embedding_partners_key_check" CHECK ("embedding_partners"."partner_key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("embedding_partners"."partner_key") <= 50)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "embedding_partners_key" ON "embedding_partners" USING btree ("partner_key");
--> statement-breakpoint
CREATE TABLE "embedding_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "public"."accounts"("id") ON DELETE cascade,
	"embedding_partner_id" uuid NOT NULL REFERENCES "public"."embedding_partners"("id") ON DELETE cascade,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "embedding_grants_one_active" ON "embedding_grants" USING btree ("account_id","embedding_partner_id") WHERE "embedding_grants"."revoked_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "embedding_grants_partner_idx" ON "embedding_grants" USING btree ("embedding_partner_id");
--> statement-breakpoint
CREATE TABLE "embedding_exchange_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"embedding_partner_id" uuid NOT NULL REFERENCES "public"."embedding_partners"("id") ON DELETE cascade,
	"account_id" uuid NOT NULL REFERENCES "public"."accounts"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "embedding_exchange_tokens_hash_key" ON "embedding_exchange_tokens" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "embedding_exchange_tokens_expires_idx" ON "embedding_exchange_tokens" USING btree ("expires_at");
