CREATE TABLE "agent_profiles" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"register_nummer" text,
	"taetigkeit" text DEFAULT 'VERSICHERUNGSVERTRETER' NOT NULL,
	"beteiligungen" text,
	"benachrichtigungs_email" text,
	"externe_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_profiles_register_nummer_check" CHECK ("agent_profiles"."register_nummer" IS NULL OR "agent_profiles"."register_nummer" ~ '^D-[A-Z0-9]{4}-[A-Z0-9]{5}-[0-9]{2}$'),
	CONSTRAINT "agent_profiles_taetigkeit_check" CHECK ("agent_profiles"."taetigkeit" IN ('VERSICHERUNGSVERTRETER', 'VERSICHERUNGSMAKLER'))
);
--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_profiles_externe_id_key" ON "agent_profiles" USING btree ("externe_id") WHERE "agent_profiles"."externe_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "agent_bank_codes" (
	"blz" text PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_bank_codes_blz_check" CHECK ("agent_bank_codes"."blz" ~ '^[0-9]{8}$')
);
--> statement-breakpoint
ALTER TABLE "agent_bank_codes" ADD CONSTRAINT "agent_bank_codes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_bank_codes_agent_idx" ON "agent_bank_codes" USING btree ("agent_id");--> statement-breakpoint
CREATE TABLE "agent_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"thema" text NOT NULL,
	"betreff" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"partner_id" uuid,
	"contract_id" uuid,
	"idempotency_key" text NOT NULL,
	"antwort" text,
	"beantwortet_am" timestamp with time zone,
	"beantwortet_von" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_messages_thema_check" CHECK ("agent_messages"."thema" IN ('VERTRAG', 'KUNDE', 'PROVISION', 'ZUGANG', 'TECHNIK', 'SONSTIGES')),
	CONSTRAINT "agent_messages_beantwortet_check" CHECK (("agent_messages"."antwort" IS NULL) = ("agent_messages"."beantwortet_am" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_beantwortet_von_accounts_id_fk" FOREIGN KEY ("beantwortet_von") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_messages_idempotency_key" ON "agent_messages" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "agent_messages_open_idx" ON "agent_messages" USING btree ("beantwortet_am","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE TABLE "sales_partner_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"firma" text NOT NULL,
	"ansprechpartner" text NOT NULL,
	"email" text NOT NULL,
	"telefon" text,
	"erlaubnis_nummer" text NOT NULL,
	"register_nummer" text NOT NULL,
	"nachricht" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sales_partner_applications_idempotency_key" ON "sales_partner_applications" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_target_kind_check";--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_target_kind_check" CHECK ("uploads"."target_kind" IS NULL OR "uploads"."target_kind" IN ('schaden', 'nachricht', 'schadendokument', 'vermittlernachricht'));
