-- custom (issue 12, importacao): a long import defers the asset_versions bump to its end. The bump locks
-- the municipality's row until the commit, so 100,000 inserted rows would make every other asset write of
-- the municipality wait for the whole import; with `tombo.defer_asset_versions` on (set_config, local to
-- the transaction) the trigger does nothing and the import bumps the row once, just before it commits.
CREATE OR REPLACE FUNCTION bump_asset_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tombo.defer_asset_versions', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO asset_versions (municipality_id, version)
  SELECT DISTINCT c.municipality_id, 1 FROM changed_rows c
   WHERE EXISTS (SELECT 1 FROM municipalities m WHERE m.id = c.municipality_id)
  ON CONFLICT (municipality_id) DO UPDATE SET version = asset_versions.version + 1;
  RETURN NULL;
END $$;
