-- Issue 15 (agent tasks, ADR 0033): moves recorded by an agent with the relocation service.
CREATE TABLE "agent_relocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"agent_id" uuid,
	"account_id" uuid,
	"umzugsdatum" date NOT NULL,
	"adresse" jsonb NOT NULL,
	"vertraege" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_relocations" ADD CONSTRAINT "agent_relocations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_relocations" ADD CONSTRAINT "agent_relocations_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_relocations" ADD CONSTRAINT "agent_relocations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_relocations_partner_idx" ON "agent_relocations" USING btree ("partner_id","created_at");
