-- Kundenbestand (issue 15, ADR 0030). The list starts from the agent's scope. Its contracts are
-- read from a covering index alone (index-only scan); the customers' names, numbers, search text
-- and postcode, which the list sorts and searches by, are kept per agent and customer in
-- agent_portfolio_kunden by the triggers below, so sorting 10,000 customers by name reads one index
-- range instead of 10,000 partner rows.
CREATE INDEX "contracts_portfolio_idx" ON "contracts" USING btree ("agent_id", "partner_id") INCLUDE ("produkt", "status", "netto_jahresbeitrag_cents", "versicherungs_nummer");--> statement-breakpoint
CREATE TABLE "agent_portfolio_kunden" (
  "agent_id" uuid NOT NULL REFERENCES "agents"("id") ON DELETE CASCADE,
  "partner_id" uuid NOT NULL REFERENCES "partners"("id") ON DELETE CASCADE,
  "sortname" text NOT NULL,
  "partner_nummer" text NOT NULL,
  "suchtext" text NOT NULL,
  "plz" text,
  PRIMARY KEY ("agent_id", "partner_id")
);--> statement-breakpoint
CREATE INDEX "agent_portfolio_kunden_sort_idx" ON "agent_portfolio_kunden" USING btree ("agent_id", "sortname", "partner_nummer") INCLUDE ("partner_id", "suchtext", "plz");--> statement-breakpoint
CREATE INDEX "agent_portfolio_kunden_partner_idx" ON "agent_portfolio_kunden" USING btree ("partner_id");--> statement-breakpoint
-- The sort key and the search text of a partner (company name, else 'nachname vorname'; names and
-- e-mail address), lower case.
CREATE FUNCTION "portfolio_sortname"(vorname text, nachname text, firmenname text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT lower(coalesce(firmenname, coalesce(nachname, '') || ' ' || coalesce(vorname, ''))) $$;--> statement-breakpoint
CREATE FUNCTION "portfolio_suchtext"(vorname text, nachname text, firmenname text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT lower(concat_ws(' ', vorname, nachname, firmenname, email)) $$;--> statement-breakpoint
-- Adds the (agent, customer) pairs of contracts written; removes pairs without a contract left.
CREATE FUNCTION "agent_portfolio_kunden_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_portfolio_kunden (agent_id, partner_id, sortname, partner_nummer, suchtext, plz)
  SELECT DISTINCT n.agent_id, p.id, portfolio_sortname(p.vorname, p.nachname, p.firmenname), p.partner_nummer,
         portfolio_suchtext(p.vorname, p.nachname, p.firmenname, p.email),
         (SELECT a.plz FROM addresses a WHERE a.partner_id = p.id AND a.gueltig_bis IS NULL)
  FROM new_rows n JOIN partners p ON p.id = n.partner_id
  WHERE n.agent_id IS NOT NULL
  ON CONFLICT (agent_id, partner_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "agent_portfolio_kunden_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM agent_portfolio_kunden k
  USING (SELECT DISTINCT agent_id, partner_id FROM old_rows WHERE agent_id IS NOT NULL) o
  WHERE k.agent_id = o.agent_id AND k.partner_id = o.partner_id
    AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.agent_id = o.agent_id AND c.partner_id = o.partner_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "agent_portfolio_kunden_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only contracts whose agent or customer changed (an update of anything else changes no pair).
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.agent_id IS DISTINCT FROM n.agent_id OR o.partner_id <> n.partner_id
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO agent_portfolio_kunden (agent_id, partner_id, sortname, partner_nummer, suchtext, plz)
  SELECT DISTINCT n.agent_id, p.id, portfolio_sortname(p.vorname, p.nachname, p.firmenname), p.partner_nummer,
         portfolio_suchtext(p.vorname, p.nachname, p.firmenname, p.email),
         (SELECT a.plz FROM addresses a WHERE a.partner_id = p.id AND a.gueltig_bis IS NULL)
  FROM new_rows n JOIN partners p ON p.id = n.partner_id
  WHERE n.agent_id IS NOT NULL
  ON CONFLICT (agent_id, partner_id) DO NOTHING;
  DELETE FROM agent_portfolio_kunden k
  USING (SELECT DISTINCT agent_id, partner_id FROM old_rows WHERE agent_id IS NOT NULL) o
  WHERE k.agent_id = o.agent_id AND k.partner_id = o.partner_id
    AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.agent_id = o.agent_id AND c.partner_id = o.partner_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contracts_portfolio_insert" AFTER INSERT ON "contracts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "agent_portfolio_kunden_add"();--> statement-breakpoint
CREATE TRIGGER "contracts_portfolio_update" AFTER UPDATE ON "contracts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "agent_portfolio_kunden_move"();--> statement-breakpoint
CREATE TRIGGER "contracts_portfolio_delete" AFTER DELETE ON "contracts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "agent_portfolio_kunden_remove"();--> statement-breakpoint
-- A partner's new name, number or e-mail address, and a current address's postcode, follow.
CREATE FUNCTION "agent_portfolio_kunden_partner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE agent_portfolio_kunden k
  SET sortname = portfolio_sortname(n.vorname, n.nachname, n.firmenname), partner_nummer = n.partner_nummer,
      suchtext = portfolio_suchtext(n.vorname, n.nachname, n.firmenname, n.email)
  FROM new_rows n
  WHERE k.partner_id = n.id
    AND (k.sortname, k.partner_nummer, k.suchtext) IS DISTINCT FROM
        (portfolio_sortname(n.vorname, n.nachname, n.firmenname), n.partner_nummer,
         portfolio_suchtext(n.vorname, n.nachname, n.firmenname, n.email));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "partners_portfolio_update" AFTER UPDATE ON "partners" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "agent_portfolio_kunden_partner"();--> statement-breakpoint
CREATE FUNCTION "agent_portfolio_kunden_address"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE agent_portfolio_kunden k
  SET plz = (SELECT a.plz FROM addresses a WHERE a.partner_id = k.partner_id AND a.gueltig_bis IS NULL)
  WHERE k.partner_id IN (SELECT partner_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "addresses_portfolio_insert" AFTER INSERT ON "addresses" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "agent_portfolio_kunden_address"();--> statement-breakpoint
CREATE TRIGGER "addresses_portfolio_update" AFTER UPDATE ON "addresses" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "agent_portfolio_kunden_address"();--> statement-breakpoint
CREATE TRIGGER "addresses_portfolio_delete" AFTER DELETE ON "addresses" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "agent_portfolio_kunden_address"();--> statement-breakpoint
INSERT INTO "agent_portfolio_kunden" (agent_id, partner_id, sortname, partner_nummer, suchtext, plz)
SELECT DISTINCT c.agent_id, p.id, portfolio_sortname(p.vorname, p.nachname, p.firmenname), p.partner_nummer,
       portfolio_suchtext(p.vorname, p.nachname, p.firmenname, p.email),
       (SELECT a.plz FROM addresses a WHERE a.partner_id = p.id AND a.gueltig_bis IS NULL)
FROM contracts c JOIN partners p ON p.id = c.partner_id
WHERE c.agent_id IS NOT NULL;
