-- Row-level security: the database itself keeps each municipality's rows apart (docs/architecture.md).
-- The app's transactions run as the role tombo_app with app.municipality_id set (or, for the superuser
-- and installation-wide sweeps, app.all_municipalities = 'on'); the policies below bind that role.
-- Roles are cluster-wide and several databases may migrate at once: creation is idempotent.
DO $$
BEGIN
  CREATE ROLE tombo_app NOLOGIN NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'tombo_app', 'MEMBER') THEN
    EXECUTE format('GRANT tombo_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO tombo_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tombo_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO tombo_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tombo_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO tombo_app;
--> statement-breakpoint
-- tenant_policy(table): the policy of a table with a municipality_id column. Later migrations call it
-- for every new tenant table (the RLS test fails for a table without a policy).
CREATE OR REPLACE FUNCTION tenant_policy(t regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('DROP POLICY IF EXISTS tenant ON %s', t);
  EXECUTE format($p$CREATE POLICY tenant ON %s
    USING (municipality_id = nullif(current_setting('app.municipality_id', true), '')::int
           OR current_setting('app.all_municipalities', true) = 'on')
    WITH CHECK (municipality_id = nullif(current_setting('app.municipality_id', true), '')::int
           OR current_setting('app.all_municipalities', true) = 'on')$p$, t);
END $$;
--> statement-breakpoint
SELECT tenant_policy(t::regclass) FROM unnest(ARRAY[
  'users', 'sectors', 'locais', 'customizations', 'audit_logs', 'jobs', 'tipos_bens', 'formas_aquisicao',
  'numbering_patterns', 'numbering_sequences', 'asset_versions', 'asset_form_fields', 'patrimonios',
  'patrimonio_historico', 'patrimonio_arquivos', 'public_search_settings'
]) AS t;
--> statement-breakpoint
-- user_sectors has no municipality_id: a link is visible when its sector is (sectors is itself filtered).
ALTER TABLE user_sectors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON user_sectors
  USING (current_setting('app.all_municipalities', true) = 'on'
         OR EXISTS (SELECT 1 FROM sectors s WHERE s.id = sector_id))
  WITH CHECK (current_setting('app.all_municipalities', true) = 'on'
         OR EXISTS (SELECT 1 FROM sectors s WHERE s.id = sector_id));
--> statement-breakpoint
-- Under a policy PostgreSQL uses only "leakproof" operators of a query's own conditions as index
-- conditions. These cannot reveal rows through errors (LIKE errors depend on the pattern alone), so
-- they are marked leakproof where the migrating role may (a superuser); else searches scan more.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION textlike(text, text) LEAKPROOF;
    ALTER FUNCTION numeric_eq(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_ne(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_lt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_le(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_gt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_ge(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION jsonb_contains(jsonb, jsonb) LEAKPROOF;
  END IF;
END $$;
