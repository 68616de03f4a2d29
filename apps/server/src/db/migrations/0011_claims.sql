CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schadennummer" text NOT NULL,
	"contract_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"produkt" text NOT NULL,
	"status" text DEFAULT 'GEMELDET' NOT NULL,
	"schadentag" date NOT NULL,
	"antworten" jsonb NOT NULL,
	"quelle" text NOT NULL,
	"melder" jsonb,
	"idempotency_key" text,
	"ergebnis" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"eingangsbestaetigung_id" uuid,
	"gemeldet_am" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_produkt_check" CHECK ("claims"."produkt" IN ('thv', 'phv', 'bhv', 'si', 'vh', 'fahrrad', 'hausrat', 'reise')),
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" IN ('GEMELDET', 'DECKUNG_GEPRUEFT', 'BEGUTACHTET', 'REGULIERT', 'ABGELEHNT')),
	CONSTRAINT "claims_quelle_check" CHECK ("claims"."quelle" IN ('KUNDE', 'OEFFENTLICH'))
);
--> statement-breakpoint
CREATE TABLE "claim_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"status" text NOT NULL,
	"grund" text,
	"account_id" uuid,
	"am" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_status_history_status_check" CHECK ("claim_status_history"."status" IN ('GEMELDET', 'DECKUNG_GEPRUEFT', 'BEGUTACHTET', 'REGULIERT', 'ABGELEHNT'))
);
--> statement-breakpoint
CREATE TABLE "claim_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"key" text NOT NULL,
	"titel" text NOT NULL,
	"beschreibung" text NOT NULL,
	"frist_bis" date NOT NULL,
	"erforderlich" boolean NOT NULL,
	"quelle" text NOT NULL,
	"angefordert_am" timestamp with time zone DEFAULT now() NOT NULL,
	"eingereicht_am" timestamp with time zone,
	CONSTRAINT "claim_documents_quelle_check" CHECK ("claim_documents"."quelle" IN ('CHECKLISTE', 'NACHFORDERUNG'))
);
--> statement-breakpoint
CREATE TABLE "claim_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"autor_art" text NOT NULL,
	"autor_name" text NOT NULL,
	"account_id" uuid,
	"quelle" text DEFAULT 'CHAT' NOT NULL,
	"betreff" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gelesen_am" timestamp with time zone,
	CONSTRAINT "claim_messages_autor_check" CHECK ("claim_messages"."autor_art" IN ('KUNDE', 'INNENDIENST', 'VERMITTLER', 'SYSTEM')),
	CONSTRAINT "claim_messages_quelle_check" CHECK ("claim_messages"."quelle" IN ('CHAT', 'EMAIL', 'SYSTEM', 'ATTACHMENT'))
);
--> statement-breakpoint
CREATE TABLE "claim_drafts" (
	"partner_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"produkt" text NOT NULL,
	"antworten" jsonb NOT NULL,
	"schritt" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_drafts_pk" PRIMARY KEY("partner_id","contract_id"),
	CONSTRAINT "claim_drafts_produkt_check" CHECK ("claim_drafts"."produkt" IN ('thv', 'phv', 'bhv', 'si', 'vh', 'fahrrad', 'hausrat', 'reise'))
);
--> statement-breakpoint
CREATE TABLE "claim_number_counters" (
	"jahr" integer PRIMARY KEY NOT NULL,
	"letzte_nummer" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_public_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"eingabe" jsonb NOT NULL,
	"eingegangen_am" timestamp with time zone DEFAULT now() NOT NULL,
	"bearbeitet_am" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_eingangsbestaetigung_id_contract_documents_id_fk" FOREIGN KEY ("eingangsbestaetigung_id") REFERENCES "public"."contract_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_status_history" ADD CONSTRAINT "claim_status_history_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_status_history" ADD CONSTRAINT "claim_status_history_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_drafts" ADD CONSTRAINT "claim_drafts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_drafts" ADD CONSTRAINT "claim_drafts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claims_schadennummer_key" ON "claims" USING btree ("schadennummer");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_idempotency_key" ON "claims" USING btree ("partner_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "claims_partner_idx" ON "claims" USING btree ("partner_id","gemeldet_am");--> statement-breakpoint
CREATE INDEX "claims_contract_idx" ON "claims" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("status","gemeldet_am");--> statement-breakpoint
CREATE INDEX "claim_status_history_claim_idx" ON "claim_status_history" USING btree ("claim_id","am");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_documents_claim_key" ON "claim_documents" USING btree ("claim_id","key");--> statement-breakpoint
CREATE INDEX "claim_messages_claim_idx" ON "claim_messages" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_public_reports_open_idx" ON "claim_public_reports" USING btree ("eingegangen_am") WHERE "claim_public_reports"."bearbeitet_am" IS NULL;
