-- Tells every server node (LISTEN tombo_public) that a municipality's public answers changed, so the
-- copies it keeps in memory (server/src/modules/public/answers.ts) are dropped: 'm:<id>' for one
-- municipality, 'all' for the installation (municipalities, the installation-wide switch, a shared
-- customization). Sent on commit, once per payload and transaction; nothing on rollback. Assets and
-- properties notify through their version rows, which every writing statement bumps (0007, 0040).
CREATE FUNCTION notify_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('tombo_public', 'all');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('tombo_public', coalesce('m:' || OLD.municipality_id, 'all'));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('tombo_public', coalesce('m:' || NEW.municipality_id, 'all'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER asset_versions_public_notify AFTER INSERT OR UPDATE ON asset_versions
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();
--> statement-breakpoint
CREATE TRIGGER imovel_versions_public_notify AFTER INSERT OR UPDATE ON imovel_versions
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();
--> statement-breakpoint
CREATE TRIGGER public_search_settings_public_notify AFTER INSERT OR UPDATE OR DELETE ON public_search_settings
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();
--> statement-breakpoint
CREATE TRIGGER customizations_public_notify AFTER INSERT OR UPDATE OR DELETE ON customizations
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();
--> statement-breakpoint
CREATE TRIGGER sectors_public_notify AFTER INSERT OR UPDATE OR DELETE ON sectors
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();
--> statement-breakpoint
CREATE TRIGGER tipos_bens_public_notify AFTER INSERT OR UPDATE OR DELETE ON tipos_bens
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();
--> statement-breakpoint
CREATE TRIGGER municipalities_public_notify AFTER INSERT OR UPDATE OR DELETE ON municipalities
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_change();
--> statement-breakpoint
CREATE TRIGGER installation_settings_public_notify AFTER INSERT OR UPDATE OR DELETE ON installation_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_change();
