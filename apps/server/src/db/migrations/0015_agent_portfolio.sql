-- Kundenbestand (issue 15, ADR 0030). The list starts from the agent's scope: every contract of the
-- agents in it, read from this covering index alone (index-only scan), grouped by customer.
CREATE INDEX "contracts_portfolio_idx" ON "contracts" USING btree ("agent_id", "partner_id") INCLUDE ("produkt", "status", "netto_jahresbeitrag_cents", "versicherungs_nummer");--> statement-breakpoint
-- Name and e-mail search: a trigram index over the normalised search text (the same expression as
-- PORTFOLIO_SUCHTEXT in modules/agent-portfolio/query.ts) where pg_trgm can be installed
-- (PostgreSQL: a trusted extension). Embedded PGlite has no pg_trgm unless loaded at start; there
-- the search scans the agent's own customers, which the scope index bounds.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm not installed (no privilege): the portfolio search runs without its index';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS "partners_portfolio_suche_idx" ON "partners" USING gin ((lower(coalesce("vorname", '''') || '' '' || coalesce("nachname", '''') || '' '' || coalesce("firmenname", '''') || '' '' || coalesce("email", ''''))) gin_trgm_ops)';
  END IF;
END
$$;
