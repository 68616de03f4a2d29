CREATE TABLE "consent_texts" (
	"art" text NOT NULL,
	"version" text NOT NULL,
	"sha256" text NOT NULL,
	"wortlaut" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_texts_art_version_pk" PRIMARY KEY("art","version"),
	CONSTRAINT "consent_texts_art_check" CHECK ("consent_texts"."art" IN ('GESUNDHEITSDATEN'))
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"account_id" uuid,
	"art" text NOT NULL,
	"version" text NOT NULL,
	"erteilt_am" timestamp with time zone DEFAULT now() NOT NULL,
	"beendet_am" timestamp with time zone,
	"beendet_durch" text,
	CONSTRAINT "consents_beendet_check" CHECK (("consents"."beendet_am" IS NULL) = ("consents"."beendet_durch" IS NULL)),
	CONSTRAINT "consents_beendet_durch_check" CHECK ("consents"."beendet_durch" IN ('WIDERRUF', 'ERSETZT'))
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_text_fk" FOREIGN KEY ("art","version") REFERENCES "public"."consent_texts"("art","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_partner_idx" ON "consents" USING btree ("partner_id","erteilt_am" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "consents_active_idx" ON "consents" USING btree ("partner_id","art") WHERE "consents"."beendet_am" IS NULL;--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quelle" text NOT NULL,
	"bewertung" smallint NOT NULL,
	"kommentar" text,
	"partner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_quelle_check" CHECK ("feedback"."quelle" IN ('schaden', 'nachricht', 'antrag')),
	CONSTRAINT "feedback_bewertung_check" CHECK ("feedback"."bewertung" BETWEEN 0 AND 10),
	CONSTRAINT "feedback_kommentar_check" CHECK (char_length("feedback"."kommentar") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_quelle_idx" ON "feedback" USING btree ("quelle","created_at");--> statement-breakpoint
CREATE INDEX "feedback_partner_idx" ON "feedback" USING btree ("partner_id") WHERE "feedback"."partner_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "mailbox_counters" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"eingang" integer DEFAULT 0 NOT NULL,
	"ausgang" integer DEFAULT 0 NOT NULL,
	"ungelesen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mailbox_counters_not_negative_check" CHECK ("mailbox_counters"."eingang" >= 0 AND "mailbox_counters"."ausgang" >= 0 AND "mailbox_counters"."ungelesen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mailbox_counters" ADD CONSTRAINT "mailbox_counters_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The Postfach counts (ADR 0024 addendum): what one message adds to its partner's counters.
CREATE FUNCTION "mailbox_counters_add"(d integer, direction text, deleted_at timestamptz, read_at timestamptz)
RETURNS TABLE (eingang integer, ausgang integer, ungelesen integer)
LANGUAGE sql IMMUTABLE AS $$
	SELECT
		d * (direction = 'EINGANG' AND deleted_at IS NULL)::integer,
		d * (direction = 'AUSGANG' AND deleted_at IS NULL)::integer,
		d * (direction = 'EINGANG' AND deleted_at IS NULL AND read_at IS NULL)::integer
$$;
--> statement-breakpoint
-- One statement-level trigger per kind of change keeps the counters in the writer's transaction:
-- the deltas per partner of all rows the statement touched. Inserts add (creating the row), updates
-- and deletes change existing rows by their net delta (a candidate row with a negative delta would
-- fail the check before ON CONFLICT could merge it), and only changed counts are written. Rows
-- whose partner is being deleted add nothing: the counters go with the partner (ON DELETE CASCADE).
CREATE FUNCTION "mailbox_counters_apply"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO mailbox_counters AS c (partner_id, eingang, ausgang, ungelesen)
		SELECT n.partner_id, sum(a.eingang), sum(a.ausgang), sum(a.ungelesen)
		FROM new_rows n, mailbox_counters_add(1, n.direction, n.deleted_at, n.read_at) a
		GROUP BY n.partner_id
		ORDER BY n.partner_id
		ON CONFLICT (partner_id) DO UPDATE SET
			eingang = c.eingang + excluded.eingang,
			ausgang = c.ausgang + excluded.ausgang,
			ungelesen = c.ungelesen + excluded.ungelesen;
	ELSIF TG_OP = 'UPDATE' THEN
		-- A message moved to a partner without a counter row (never otherwise: inserts create it).
		INSERT INTO mailbox_counters (partner_id)
		SELECT DISTINCT n.partner_id FROM new_rows n
		WHERE NOT EXISTS (SELECT 1 FROM mailbox_counters c WHERE c.partner_id = n.partner_id)
		ORDER BY n.partner_id
		ON CONFLICT (partner_id) DO NOTHING;
		UPDATE mailbox_counters c SET
			eingang = c.eingang + d.eingang,
			ausgang = c.ausgang + d.ausgang,
			ungelesen = c.ungelesen + d.ungelesen
		FROM (
			SELECT x.partner_id, sum(x.eingang) AS eingang, sum(x.ausgang) AS ausgang, sum(x.ungelesen) AS ungelesen
			FROM (
				SELECT n.partner_id, a.* FROM new_rows n, mailbox_counters_add(1, n.direction, n.deleted_at, n.read_at) a
				UNION ALL
				SELECT o.partner_id, a.* FROM old_rows o, mailbox_counters_add(-1, o.direction, o.deleted_at, o.read_at) a
			) x
			GROUP BY x.partner_id
			HAVING sum(x.eingang) <> 0 OR sum(x.ausgang) <> 0 OR sum(x.ungelesen) <> 0
		) d
		WHERE c.partner_id = d.partner_id;
	ELSE
		UPDATE mailbox_counters c SET
			eingang = c.eingang + d.eingang,
			ausgang = c.ausgang + d.ausgang,
			ungelesen = c.ungelesen + d.ungelesen
		FROM (
			SELECT o.partner_id, sum(a.eingang) AS eingang, sum(a.ausgang) AS ausgang, sum(a.ungelesen) AS ungelesen
			FROM old_rows o, mailbox_counters_add(-1, o.direction, o.deleted_at, o.read_at) a
			GROUP BY o.partner_id
			HAVING sum(a.eingang) <> 0 OR sum(a.ausgang) <> 0 OR sum(a.ungelesen) <> 0
		) d
		WHERE c.partner_id = d.partner_id;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "mailbox_counters_insert" AFTER INSERT ON "mailbox_messages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "mailbox_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "mailbox_counters_update" AFTER UPDATE ON "mailbox_messages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "mailbox_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "mailbox_counters_delete" AFTER DELETE ON "mailbox_messages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "mailbox_counters_apply"();--> statement-breakpoint
INSERT INTO "mailbox_counters" ("partner_id", "eingang", "ausgang", "ungelesen")
SELECT m.partner_id, sum(a.eingang), sum(a.ausgang), sum(a.ungelesen)
FROM "mailbox_messages" m, "mailbox_counters_add"(1, m.direction, m.deleted_at, m.read_at) a
GROUP BY m.partner_id;
