CREATE TABLE "application_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"art" text NOT NULL,
	"wortlaut" text NOT NULL,
	"text_version" text NOT NULL,
	"angaben" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dokumente" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"abgegeben_am" timestamp with time zone NOT NULL,
	CONSTRAINT "application_declarations_art_check" CHECK (art IN ('VORVERTRAGLICHE_INFORMATIONEN', 'BERATUNGSVERZICHT', 'BERATUNGSDOKUMENTATION', 'RISIKOFRAGEN', 'SEPA_LASTSCHRIFTMANDAT', 'ANTRAGSERKLAERUNG'))
);
--> statement-breakpoint
CREATE TABLE "application_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"produkt_slug" text NOT NULL,
	"kanal" text NOT NULL,
	"antworten" jsonb NOT NULL,
	"schritt" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_offer_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"typ" text NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"text_version" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"produkt_slug" text NOT NULL,
	"kanal" text NOT NULL,
	"daten" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"produkt" text NOT NULL,
	"deckungs_variante" text NOT NULL,
	"deckungs_variante_name" text NOT NULL,
	"zahlweise" text NOT NULL,
	"versicherungsbeginn" date NOT NULL,
	"netto_jahresbeitrag_cents" bigint NOT NULL,
	"netto_cents" bigint NOT NULL,
	"versicherungsteuer_cents" bigint NOT NULL,
	"brutto_cents" bigint NOT NULL,
	"versicherungssumme_cents" bigint,
	"server_fakten" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email" text NOT NULL,
	"outbox_message_id" uuid,
	"dokumente_versandt_am" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"contract_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"ergebnis" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "more_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "application_declarations" ADD CONSTRAINT "application_declarations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_offer_documents" ADD CONSTRAINT "application_offer_documents_offer_id_application_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."application_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_offers" ADD CONSTRAINT "application_offers_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_offer_id_application_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."application_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_declarations_application_idx" ON "application_declarations" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_drafts_expires_idx" ON "application_drafts" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_offer_documents_typ" ON "application_offer_documents" USING btree ("offer_id","typ");--> statement-breakpoint
CREATE INDEX "application_offers_fingerprint_idx" ON "application_offers" USING btree ("fingerprint","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_offer_unique" ON "applications" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_idempotency_key_unique" ON "applications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "online_contract_number_seq" START WITH 1 MAXVALUE 999999999;
