CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vermittler_nummer" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"telefon" text,
	"vertriebsweg" text NOT NULL,
	"agentur_name" text NOT NULL,
	"agentur_strasse" text NOT NULL,
	"agentur_hausnummer" text NOT NULL,
	"agentur_plz" text NOT NULL,
	"agentur_ort" text NOT NULL,
	"parent_agent_id" uuid,
	"status" text DEFAULT 'AKTIV' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_vermittler_nummer_check" CHECK ("agents"."vermittler_nummer" ~ '^[0-9]{10}$'),
	CONSTRAINT "agents_status_check" CHECK ("agents"."status" IN ('AKTIV', 'INAKTIV')),
	CONSTRAINT "agents_not_own_parent_check" CHECK ("agents"."parent_agent_id" IS NULL OR "agents"."parent_agent_id" <> "agents"."id")
);
--> statement-breakpoint
CREATE TABLE "contract_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"name" text NOT NULL,
	"typ" text DEFAULT 'default' NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_documents_typ_check" CHECK ("contract_documents"."typ" IN ('default', 'other'))
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"versicherungs_nummer" text NOT NULL,
	"produkt" text NOT NULL,
	"marke" text NOT NULL,
	"status" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"agent_id" uuid,
	"deckungs_variante" text,
	"antragsdatum" date NOT NULL,
	"abschlussdatum" date NOT NULL,
	"vertrags_beginn" date NOT NULL,
	"ablaufdatum" date,
	"stillschweigende_verlaengerung" boolean NOT NULL,
	"taeglich_kuendbar" boolean NOT NULL,
	"beginnverlegung" date,
	"hauptfaelligkeit_monat" smallint NOT NULL,
	"hauptfaelligkeit_tag" smallint NOT NULL,
	"wirksamkeitsdatum" date NOT NULL,
	"documents_received_on" date,
	"instructions_complete" boolean NOT NULL,
	"zahlweise" text NOT NULL,
	"netto_jahresbeitrag_cents" bigint NOT NULL,
	"brutto_beitrag_pro_periode_cents" bigint NOT NULL,
	"versicherungssumme_cents" bigint,
	"selbstbeteiligung_einheit" text,
	"selbstbeteiligung_option" text,
	"selbstbeteiligung_prozent" smallint,
	"bank_account_id" uuid,
	"product_details" jsonb NOT NULL,
	"beendigung_art" text,
	"beendigung_durch" text,
	"beendigung_anlass" text,
	"beendigung_erklaert_am" date,
	"beendigungsdatum" date,
	"beendigung_grund" text,
	"beendigung_freitext" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_versicherungs_nummer_check" CHECK ("contracts"."versicherungs_nummer" ~ '^[0-9]{9,10}$'),
	CONSTRAINT "contracts_produkt_check" CHECK ("contracts"."produkt" IN ('VH', 'VH_2', 'SI_ALLGEFAHREN', 'SI_MEHRGEFAHREN', 'REISE', 'HAUSRAT', 'FAHRRAD', 'FAHRRAD_2', 'PRIVATHAFTPFLICHT', 'TIERHALTERHAFTPFLICHT', 'BHV_1', 'BHV_2')),
	CONSTRAINT "contracts_marke_check" CHECK ("contracts"."marke" IN ('HFK', 'SCHIRM')),
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" IN ('LAUFEND', 'AUSLAUFEND', 'BEENDET', 'AUFGEHOBEN', 'STORNIERT', 'UNBEKANNT')),
	CONSTRAINT "contracts_zahlweise_check" CHECK ("contracts"."zahlweise" IN ('MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH', 'EINMALIG')),
	CONSTRAINT "contracts_hauptfaelligkeit_check" CHECK ("contracts"."hauptfaelligkeit_monat" BETWEEN 1 AND 12 AND "contracts"."hauptfaelligkeit_tag" BETWEEN 1 AND 31),
	CONSTRAINT "contracts_amounts_check" CHECK ("contracts"."netto_jahresbeitrag_cents" >= 0 AND "contracts"."brutto_beitrag_pro_periode_cents" >= 0
        AND ("contracts"."versicherungssumme_cents" IS NULL OR "contracts"."versicherungssumme_cents" > 0)),
	CONSTRAINT "contracts_selbstbeteiligung_check" CHECK (("contracts"."selbstbeteiligung_einheit" IS NULL AND "contracts"."selbstbeteiligung_option" IS NULL AND "contracts"."selbstbeteiligung_prozent" IS NULL)
        OR ("contracts"."selbstbeteiligung_einheit" = 'ABSOLUT' AND "contracts"."selbstbeteiligung_option" IN ('SB_KEINE', 'SB_250', 'SB_500', 'SB_1000', 'SB_5000') AND "contracts"."selbstbeteiligung_prozent" IS NULL)
        OR ("contracts"."selbstbeteiligung_einheit" = 'PERCENT' AND "contracts"."selbstbeteiligung_option" IS NULL AND "contracts"."selbstbeteiligung_prozent" BETWEEN 1 AND 100)),
	CONSTRAINT "contracts_beendigung_check" CHECK (("contracts"."beendigung_art" IS NULL AND "contracts"."beendigungsdatum" IS NULL AND "contracts"."beendigung_erklaert_am" IS NULL)
        OR ("contracts"."beendigung_art" IN ('KUENDIGUNG', 'AUFHEBUNG', 'WIDERRUF', 'RUECKTRITT') AND "contracts"."beendigungsdatum" IS NOT NULL AND "contracts"."beendigung_erklaert_am" IS NOT NULL)),
	CONSTRAINT "contracts_product_details_check" CHECK (jsonb_typeof("contracts"."product_details") = 'object'),
	CONSTRAINT "contracts_version_check" CHECK ("contracts"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "open_premiums" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"art" text NOT NULL,
	"faellig_am" date NOT NULL,
	"betrag_cents" bigint NOT NULL,
	"gemahnt_am" date,
	"zahlungsfrist_bis" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_premiums_art_check" CHECK ("open_premiums"."art" IN ('ERSTBEITRAG', 'FOLGEBEITRAG')),
	CONSTRAINT "open_premiums_amount_check" CHECK ("open_premiums"."betrag_cents" > 0),
	CONSTRAINT "open_premiums_reminder_check" CHECK (("open_premiums"."gemahnt_am" IS NULL) = ("open_premiums"."zahlungsfrist_bis" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "pending_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"typ" text NOT NULL,
	"wert" jsonb NOT NULL,
	"wirksamkeitsdatum" date NOT NULL,
	"netto_jahresbeitrag_cents" bigint,
	"brutto_beitrag_pro_periode_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "pending_changes_premium_check" CHECK (("pending_changes"."netto_jahresbeitrag_cents" IS NULL) = ("pending_changes"."brutto_beitrag_pro_periode_cents" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "premium_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"gueltig_ab" date NOT NULL,
	"zahlweise" text NOT NULL,
	"brutto_beitrag_pro_periode_cents" bigint NOT NULL,
	"netto_jahresbeitrag_cents" bigint NOT NULL,
	"grund" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_history_zahlweise_check" CHECK ("premium_history"."zahlweise" IN ('MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH', 'EINMALIG')),
	CONSTRAINT "premium_history_grund_check" CHECK ("premium_history"."grund" IN ('VERTRAGSABSCHLUSS', 'VERTRAGSAENDERUNG', 'UMSATZANPASSUNG', 'BEITRAGSANPASSUNG'))
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"strasse" text NOT NULL,
	"hausnummer" text NOT NULL,
	"plz" text NOT NULL,
	"ort" text NOT NULL,
	"land" text DEFAULT 'DE' NOT NULL,
	"gueltig_ab" date NOT NULL,
	"gueltig_bis" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_validity_check" CHECK ("addresses"."gueltig_bis" IS NULL OR "addresses"."gueltig_bis" > "addresses"."gueltig_ab")
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"kontoinhaber" text NOT NULL,
	"glaeubiger_id" text NOT NULL,
	"mandatsreferenz" text NOT NULL,
	"mandat_erteilt_am" date NOT NULL,
	"gueltig_ab" date NOT NULL,
	"gueltig_bis" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_validity_check" CHECK ("bank_accounts"."gueltig_bis" IS NULL OR "bank_accounts"."gueltig_bis" > "bank_accounts"."gueltig_ab")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_nummer" text NOT NULL,
	"person_art" text NOT NULL,
	"anrede" text,
	"titel" text,
	"vorname" text,
	"nachname" text,
	"geburtsdatum" date,
	"firmenname" text,
	"rechtsform" text,
	"gruendungsdatum" date,
	"email" text,
	"telefon" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_person_art_check" CHECK ("partners"."person_art" IN ('NatuerlichePersonDTO', 'JuristischePersonDTO')),
	CONSTRAINT "partners_name_check" CHECK (("partners"."person_art" = 'NatuerlichePersonDTO' AND "partners"."vorname" IS NOT NULL AND "partners"."nachname" IS NOT NULL)
        OR ("partners"."person_art" = 'JuristischePersonDTO' AND "partners"."firmenname" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"agent_id" uuid,
	"typ" text NOT NULL,
	"status" text DEFAULT 'Offen' NOT NULL,
	"faellig_am" date NOT NULL,
	"erledigt_am" date,
	"erstellt_am" date NOT NULL,
	CONSTRAINT "tasks_typ_check" CHECK ("tasks"."typ" IN ('UmsatzErinnern1', 'UmsatzErinnern2', 'UmsatzAutomatischAnpassen')),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" IN ('Offen', 'Erledigt', 'Storniert')),
	CONSTRAINT "tasks_erledigt_check" CHECK (("tasks"."status" = 'Offen') = ("tasks"."erledigt_am" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_parent_agent_id_agents_id_fk" FOREIGN KEY ("parent_agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_premiums" ADD CONSTRAINT "open_premiums_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_changes" ADD CONSTRAINT "pending_changes_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_history" ADD CONSTRAINT "premium_history_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_vermittler_nummer_key" ON "agents" USING btree ("vermittler_nummer");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_email_key" ON "agents" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "agents_parent_idx" ON "agents" USING btree ("parent_agent_id");--> statement-breakpoint
CREATE INDEX "contract_documents_contract_idx" ON "contract_documents" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_documents_storage_key" ON "contract_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_versicherungs_nummer_key" ON "contracts" USING btree ("versicherungs_nummer");--> statement-breakpoint
CREATE INDEX "contracts_partner_idx" ON "contracts" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "contracts_agent_idx" ON "contracts" USING btree ("agent_id","versicherungs_nummer");--> statement-breakpoint
CREATE INDEX "contracts_bank_account_idx" ON "contracts" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "contracts_ending_idx" ON "contracts" USING btree ("beendigungsdatum") WHERE "contracts"."status" = 'AUSLAUFEND';--> statement-breakpoint
CREATE INDEX "contracts_expiring_idx" ON "contracts" USING btree ("ablaufdatum") WHERE "contracts"."status" = 'LAUFEND' AND NOT "contracts"."stillschweigende_verlaengerung";--> statement-breakpoint
CREATE UNIQUE INDEX "open_premiums_contract_due_key" ON "open_premiums" USING btree ("contract_id","faellig_am");--> statement-breakpoint
CREATE INDEX "open_premiums_due_idx" ON "open_premiums" USING btree ("faellig_am");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_changes_one_open_per_type" ON "pending_changes" USING btree ("contract_id","typ") WHERE "pending_changes"."applied_at" IS NULL;--> statement-breakpoint
CREATE INDEX "pending_changes_due_idx" ON "pending_changes" USING btree ("wirksamkeitsdatum") WHERE "pending_changes"."applied_at" IS NULL;--> statement-breakpoint
CREATE INDEX "premium_history_contract_idx" ON "premium_history" USING btree ("contract_id","gueltig_ab");--> statement-breakpoint
CREATE INDEX "addresses_partner_idx" ON "addresses" USING btree ("partner_id","gueltig_ab");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_open_per_partner" ON "addresses" USING btree ("partner_id") WHERE "addresses"."gueltig_bis" IS NULL;--> statement-breakpoint
CREATE INDEX "bank_accounts_partner_idx" ON "bank_accounts" USING btree ("partner_id","gueltig_ab");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_open_per_partner" ON "bank_accounts" USING btree ("partner_id") WHERE "bank_accounts"."gueltig_bis" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "partners_partner_nummer_key" ON "partners" USING btree ("partner_nummer");--> statement-breakpoint
CREATE INDEX "partners_email_idx" ON "partners" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "tasks_agent_status_due_idx" ON "tasks" USING btree ("agent_id","status","faellig_am");--> statement-breakpoint
CREATE INDEX "tasks_status_due_idx" ON "tasks" USING btree ("status","faellig_am");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_contract_typ_due_key" ON "tasks" USING btree ("contract_id","typ","faellig_am");