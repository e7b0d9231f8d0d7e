-- Every statement that inserts, updates or deletes assets bumps its municipalities' asset_versions
-- row once (statement-level, with transition tables), whoever writes: server, worker or plain SQL.
-- A municipality being deleted (cascade) is skipped: its row goes with it.
CREATE FUNCTION bump_asset_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO asset_versions (municipality_id, version)
  SELECT DISTINCT c.municipality_id, 1 FROM changed_rows c
   WHERE EXISTS (SELECT 1 FROM municipalities m WHERE m.id = c.municipality_id)
  ON CONFLICT (municipality_id) DO UPDATE SET version = asset_versions.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patrimonios_versions_ins AFTER INSERT ON patrimonios
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_asset_versions();
--> statement-breakpoint
CREATE TRIGGER patrimonios_versions_upd AFTER UPDATE ON patrimonios
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_asset_versions();
--> statement-breakpoint
CREATE TRIGGER patrimonios_versions_del AFTER DELETE ON patrimonios
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_asset_versions();
