-- Contract holder change to the day (issue 15, ADR 0035 'Effective date'): a confirmation whose
-- wirksam_ab lies ahead waits as BESTAETIGT with the new holder's account and mandate (and the
-- mandate PDF's file) until the daily job 'holder-changes' applies it (DURCHGEFUEHRT) or finds the
-- contract ended before that day (GEGENSTANDSLOS). Rows confirmed before this migration were moved
-- at once: they become DURCHGEFUEHRT.
ALTER TABLE "contract_holder_changes" ADD COLUMN "bankverbindung" jsonb;--> statement-breakpoint
ALTER TABLE "contract_holder_changes" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "contract_holder_changes" ADD COLUMN "mandate_storage_key" text;--> statement-breakpoint
ALTER TABLE "contract_holder_changes" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_holder_changes" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_holder_changes" DROP CONSTRAINT "contract_holder_changes_status_check";--> statement-breakpoint
UPDATE "contract_holder_changes" SET "status" = 'DURCHGEFUEHRT', "applied_at" = "confirmed_at" WHERE "status" = 'BESTAETIGT';--> statement-breakpoint
ALTER TABLE "contract_holder_changes" ADD CONSTRAINT "contract_holder_changes_status_check" CHECK ("contract_holder_changes"."status" IN ('OFFEN', 'BESTAETIGT', 'DURCHGEFUEHRT', 'STORNIERT', 'GEGENSTANDSLOS'));--> statement-breakpoint
ALTER TABLE "contract_holder_changes" ADD CONSTRAINT "contract_holder_changes_waiting_check" CHECK ("contract_holder_changes"."status" <> 'BESTAETIGT' OR ("contract_holder_changes"."bankverbindung" IS NOT NULL AND "contract_holder_changes"."confirmed_at" IS NOT NULL));--> statement-breakpoint
DROP INDEX "contract_holder_changes_one_open";--> statement-breakpoint
CREATE UNIQUE INDEX "contract_holder_changes_one_waiting" ON "contract_holder_changes" USING btree ("contract_id") WHERE "contract_holder_changes"."status" IN ('OFFEN', 'BESTAETIGT');--> statement-breakpoint
CREATE INDEX "contract_holder_changes_due_idx" ON "contract_holder_changes" USING btree ("wirksam_ab") WHERE "contract_holder_changes"."status" = 'BESTAETIGT';
