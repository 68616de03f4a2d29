-- Extranet (issue 16, ADR 0036): agencies' machine keys (Ed25519 public JWK), used JWT ids
-- (single use until exp) and single-use links into one contract or one customer (token as SHA-256).
CREATE TABLE "extranet_machine_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL REFERENCES "public"."agents"("id") ON DELETE cascade,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid REFERENCES "public"."accounts"("id") ON DELETE set null,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid REFERENCES "public"."accounts"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX "extranet_machine_keys_agent_kid_key" ON "extranet_machine_keys" USING btree ("agent_id","kid");
--> statement-breakpoint
CREATE TABLE "extranet_used_jtis" (
	"agent_id" uuid NOT NULL REFERENCES "public"."agents"("id") ON DELETE cascade,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "extranet_used_jtis_agent_id_jti_pk" PRIMARY KEY("agent_id","jti")
);
--> statement-breakpoint
CREATE INDEX "extranet_used_jtis_expires_idx" ON "extranet_used_jtis" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "extranet_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"secret_hash" text NOT NULL,
	"art" text NOT NULL,
	"agent_id" uuid NOT NULL REFERENCES "public"."agents"("id") ON DELETE cascade,
	"kid" text NOT NULL,
	"contract_id" uuid REFERENCES "public"."contracts"("id") ON DELETE cascade,
	"partner_id" uuid REFERENCES "public"."partners"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"view_hash" text,
	"view_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extranet_links_art_check" CHECK ("extranet_links"."art" IN ('vertrag', 'kundendaten')),
	CONSTRAINT "extranet_links_object_check" CHECK (("extranet_links"."art" = 'vertrag' AND "extranet_links"."contract_id" IS NOT NULL) OR ("extranet_links"."art" = 'kundendaten' AND "extranet_links"."partner_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "extranet_links_secret_key" ON "extranet_links" USING btree ("secret_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "extranet_links_view_key" ON "extranet_links" USING btree ("view_hash");
--> statement-breakpoint
CREATE INDEX "extranet_links_agent_idx" ON "extranet_links" USING btree ("agent_id","created_at");
