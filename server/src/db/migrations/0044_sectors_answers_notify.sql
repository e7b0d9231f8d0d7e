-- Tells every server node (LISTEN tombo_sectors) that a municipality's sectors list changed, so the copy
-- it keeps in memory (server/src/modules/sectors/answers.ts) is dropped: a sector, or a location (the list
-- counts them), inserted, changed or deleted. 'm:<id>'; sent on commit, once per payload and transaction;
-- nothing on rollback. Deletes cascading from elsewhere fire these row triggers too.
CREATE FUNCTION notify_sectors_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('tombo_sectors', 'm:' || OLD.municipality_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('tombo_sectors', 'm:' || NEW.municipality_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sectors_sectors_notify AFTER INSERT OR UPDATE OR DELETE ON sectors
  FOR EACH ROW EXECUTE FUNCTION notify_sectors_change();
--> statement-breakpoint
CREATE TRIGGER locais_sectors_notify AFTER INSERT OR UPDATE OR DELETE ON locais
  FOR EACH ROW EXECUTE FUNCTION notify_sectors_change();
