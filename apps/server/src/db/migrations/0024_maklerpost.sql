-- Issue 16 (Maklerpost, BiPRO 430-like feed): the agency's acknowledgements of derived deliveries.
CREATE TABLE "maklerpost_quittungen" (
	"agent_id" uuid NOT NULL,
	"lieferung_id" text NOT NULL,
	"quittiert_am" timestamp with time zone DEFAULT now() NOT NULL,
	"quittiert_durch" text NOT NULL,
	CONSTRAINT "maklerpost_quittungen_pkey" PRIMARY KEY("agent_id","lieferung_id"),
	CONSTRAINT "maklerpost_quittungen_lieferung_id_check" CHECK ("maklerpost_quittungen"."lieferung_id" ~ '^[A-Z]{2}-[0-9a-f-]{36}$'),
	CONSTRAINT "maklerpost_quittungen_durch_check" CHECK ("maklerpost_quittungen"."quittiert_durch" IN ('MASCHINE', 'VERMITTLER'))
);
--> statement-breakpoint
ALTER TABLE "maklerpost_quittungen" ADD CONSTRAINT "maklerpost_quittungen_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maklerpost_quittungen_agent_idx" ON "maklerpost_quittungen" USING btree ("agent_id","quittiert_am");
