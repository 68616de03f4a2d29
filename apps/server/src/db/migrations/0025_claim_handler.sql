-- Claims handling (Sachbearbeitung): the clerk who took the claim, and since when.
ALTER TABLE "claims" ADD COLUMN "bearbeiter_account_id" uuid;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "bearbeiter_seit" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_bearbeiter_account_id_accounts_id_fk" FOREIGN KEY ("bearbeiter_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_bearbeiter_check" CHECK (("claims"."bearbeiter_account_id" IS NULL) = ("claims"."bearbeiter_seit" IS NULL));--> statement-breakpoint
CREATE INDEX "claims_bearbeiter_idx" ON "claims" USING btree ("bearbeiter_account_id","gemeldet_am");
