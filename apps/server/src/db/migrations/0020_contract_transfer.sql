-- Contract transfer (issue 15, ADR 0035): BHV tariff change with its e-mailed links, contract
-- holder change with its confirmation link, and customers' requests for a holder change.
CREATE TABLE "bhv_tariff_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"old_contract_id" uuid NOT NULL REFERENCES "public"."contracts"("id") ON DELETE cascade,
	"new_contract_id" uuid NOT NULL REFERENCES "public"."contracts"("id") ON DELETE cascade,
	"wechsel_datum" date NOT NULL,
	"quelle" text NOT NULL,
	"account_id" uuid REFERENCES "public"."accounts"("id") ON DELETE set null,
	"ergebnis" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bhv_tariff_changes_quelle_check" CHECK ("bhv_tariff_changes"."quelle" IN ('VERMITTLER', 'KUNDE', 'LINK'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bhv_tariff_changes_old_contract_key" ON "bhv_tariff_changes" USING btree ("old_contract_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bhv_tariff_changes_idempotency_key" ON "bhv_tariff_changes" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE TABLE "bhv_tariff_change_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL REFERENCES "public"."contracts"("id") ON DELETE cascade,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bhv_tariff_change_links_secret_key" ON "bhv_tariff_change_links" USING btree ("secret_hash");
--> statement-breakpoint
CREATE INDEX "bhv_tariff_change_links_contract_idx" ON "bhv_tariff_change_links" USING btree ("contract_id");
--> statement-breakpoint
CREATE TABLE "contract_holder_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL REFERENCES "public"."contracts"("id") ON DELETE cascade,
	"old_partner_id" uuid NOT NULL REFERENCES "public"."partners"("id") ON DELETE cascade,
	"new_partner_id" uuid REFERENCES "public"."partners"("id") ON DELETE cascade,
	"neuer_inhaber" jsonb,
	"email" text NOT NULL,
	"wirksam_ab" date NOT NULL,
	"status" text DEFAULT 'OFFEN' NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"agent_id" uuid REFERENCES "public"."agents"("id") ON DELETE set null,
	"created_by" uuid REFERENCES "public"."accounts"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "contract_holder_changes_status_check" CHECK ("contract_holder_changes"."status" IN ('OFFEN', 'BESTAETIGT', 'STORNIERT')),
	CONSTRAINT "contract_holder_changes_holder_check" CHECK ("contract_holder_changes"."new_partner_id" IS NOT NULL OR "contract_holder_changes"."neuer_inhaber" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contract_holder_changes_secret_key" ON "contract_holder_changes" USING btree ("secret_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "contract_holder_changes_one_open" ON "contract_holder_changes" USING btree ("contract_id") WHERE "contract_holder_changes"."status" = 'OFFEN';
--> statement-breakpoint
CREATE INDEX "contract_holder_changes_contract_idx" ON "contract_holder_changes" USING btree ("contract_id","created_at");
--> statement-breakpoint
CREATE TABLE "contract_holder_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL REFERENCES "public"."contracts"("id") ON DELETE cascade,
	"partner_id" uuid NOT NULL REFERENCES "public"."partners"("id") ON DELETE cascade,
	"neuer_inhaber_name" text NOT NULL,
	"neuer_inhaber_email" text,
	"wunschdatum" date NOT NULL,
	"nachricht" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contract_holder_change_requests_contract_idx" ON "contract_holder_change_requests" USING btree ("contract_id","created_at");
