-- The tenant policy reads the tenant settings once per statement (an InitPlan) instead of once per row:
-- the same rows pass, and a statement that scans many rows (a capped count, a filtered page) pays about
-- half (docs/architecture.md). Re-applied to every table that has the policy, whatever created it.
CREATE OR REPLACE FUNCTION tenant_policy(t regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('DROP POLICY IF EXISTS tenant ON %s', t);
  EXECUTE format($p$CREATE POLICY tenant ON %s
    USING (municipality_id = (SELECT nullif(current_setting('app.municipality_id', true), '')::int)
           OR (SELECT current_setting('app.all_municipalities', true)) = 'on')
    WITH CHECK (municipality_id = (SELECT nullif(current_setting('app.municipality_id', true), '')::int)
           OR (SELECT current_setting('app.all_municipalities', true)) = 'on')$p$, t);
END $$;
--> statement-breakpoint
SELECT tenant_policy(c.oid::regclass)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public'
   AND EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant')
   AND EXISTS (SELECT 1 FROM pg_attribute a
                WHERE a.attrelid = c.oid AND a.attname = 'municipality_id' AND NOT a.attisdropped);
