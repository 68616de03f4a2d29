CREATE TABLE "contract_view_revisions" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_view_revisions" ADD CONSTRAINT "contract_view_revisions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 0010: every committed write to the rows a partner's contract views are built from gives the
-- partner a new revision: the id of the writing transaction, unique among all transactions of the
-- cluster. The triggers are deferred to commit, so the revision row is locked last, after the rows
-- the transaction changed, and a transaction that touches a partner twice writes its row once.
CREATE FUNCTION "bump_contract_view_revision"(partner uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contract_view_revisions AS r (partner_id, revision)
  SELECT p.id, pg_current_xact_id()::text::bigint FROM partners p WHERE p.id = partner
  ON CONFLICT (partner_id) DO UPDATE SET revision = EXCLUDED.revision
  WHERE r.revision IS DISTINCT FROM EXCLUDED.revision;
$$;
--> statement-breakpoint
CREATE FUNCTION "contract_view_revision_of_contract"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_contract_view_revision(OLD.partner_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.partner_id IS DISTINCT FROM OLD.partner_id) THEN
    PERFORM bump_contract_view_revision(NEW.partner_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "contract_view_revision_of_contract_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_contract_view_revision(c.partner_id) FROM contracts c WHERE c.id = OLD.contract_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_contract_view_revision(c.partner_id) FROM contracts c WHERE c.id = NEW.contract_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "contract_view_revision_of_bank_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_contract_view_revision(OLD.partner_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_contract_view_revision(NEW.partner_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "contract_view_revision_of_agent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_contract_view_revision(partner_id)
  FROM (SELECT DISTINCT c.partner_id FROM contracts c WHERE c.agent_id = NEW.id ORDER BY c.partner_id) p;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contracts_view_revision" AFTER INSERT OR UPDATE OR DELETE ON "contracts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION contract_view_revision_of_contract();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pending_changes_view_revision" AFTER INSERT OR UPDATE OR DELETE ON "pending_changes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION contract_view_revision_of_contract_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "open_premiums_view_revision" AFTER INSERT OR UPDATE OR DELETE ON "open_premiums"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION contract_view_revision_of_contract_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contract_documents_view_revision" AFTER INSERT OR UPDATE OR DELETE ON "contract_documents"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION contract_view_revision_of_contract_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bank_accounts_view_revision" AFTER INSERT OR UPDATE OR DELETE ON "bank_accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION contract_view_revision_of_bank_account();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "agents_view_revision" AFTER UPDATE ON "agents"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.vermittler_nummer IS DISTINCT FROM NEW.vermittler_nummer OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.vertriebsweg IS DISTINCT FROM NEW.vertriebsweg)
  EXECUTE FUNCTION contract_view_revision_of_agent();
