CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"schluessel_hash" text,
	"token_hash" text,
	"status" text DEFAULT 'ANGEFORDERT' NOT NULL,
	"dateiname" text NOT NULL,
	"angegebene_groesse" bigint NOT NULL,
	"groesse" bigint,
	"typ" text,
	"storage_key" text,
	"hinweise" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"target_kind" text,
	"target_id" text,
	"attached_at" timestamp with time zone,
	CONSTRAINT "uploads_status_check" CHECK ("uploads"."status" IN ('ANGEFORDERT', 'LAEUFT', 'FERTIG', 'FEHLGESCHLAGEN')),
	CONSTRAINT "uploads_target_kind_check" CHECK ("uploads"."target_kind" IS NULL OR "uploads"."target_kind" IN ('schaden', 'nachricht', 'schadendokument')),
	CONSTRAINT "uploads_finished_check" CHECK ("uploads"."status" <> 'FERTIG' OR ("uploads"."storage_key" IS NOT NULL AND "uploads"."groesse" IS NOT NULL AND "uploads"."typ" IS NOT NULL)),
	CONSTRAINT "uploads_attached_check" CHECK ("uploads"."target_kind" IS NULL OR "uploads"."status" = 'FERTIG')
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_target_idx" ON "uploads" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "uploads_account_idx" ON "uploads" USING btree ("account_id");
