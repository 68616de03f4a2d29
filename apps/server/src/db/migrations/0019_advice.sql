-- Issue 15 (advice channels, ADR 0034): the agent's application drafts (the bank codes of ?blz= are in 0017).
CREATE TABLE "agent_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"produkt_slug" text NOT NULL,
	"antworten" jsonb NOT NULL,
	"schritt" text NOT NULL,
	"kunde_name" text,
	"partner_id" uuid,
	"herkunft" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_drafts_herkunft_check" CHECK ("agent_drafts"."herkunft" IN ('BERATUNG', 'UEBERGABE'))
);--> statement-breakpoint
ALTER TABLE "agent_drafts" ADD CONSTRAINT "agent_drafts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_drafts" ADD CONSTRAINT "agent_drafts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_drafts_agent_idx" ON "agent_drafts" USING btree ("agent_id","updated_at");--> statement-breakpoint
CREATE INDEX "agent_drafts_expires_idx" ON "agent_drafts" USING btree ("expires_at");
