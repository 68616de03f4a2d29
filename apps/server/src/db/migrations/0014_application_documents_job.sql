ALTER TABLE "applications" ADD COLUMN "dokumente_erstellt_am" timestamp with time zone;--> statement-breakpoint
UPDATE "applications" SET "dokumente_erstellt_am" = "created_at";--> statement-breakpoint
CREATE INDEX "applications_documents_pending_idx" ON "applications" USING btree ("created_at") WHERE "applications"."dokumente_erstellt_am" IS NULL;
