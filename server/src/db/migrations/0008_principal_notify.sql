-- Tells every server node (LISTEN tombo_principals) that a signed-in user's principal changed, so
-- their in-memory copies are dropped: 'u:<id>' for one user, 'all' for a role's permissions or a
-- municipality (name, active). Sent on commit; nothing is sent on rollback.
CREATE FUNCTION notify_principal_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('tombo_principals', 'u:' || OLD.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tombo_principals', 'u:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('tombo_principals', 'u:' || NEW.user_id);
    IF TG_OP = 'UPDATE' THEN PERFORM pg_notify('tombo_principals', 'u:' || OLD.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_principal_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tombo_principals', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_principal_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_principal_user();
--> statement-breakpoint
CREATE TRIGGER user_sectors_principal_notify AFTER INSERT OR UPDATE OR DELETE ON user_sectors
  FOR EACH ROW EXECUTE FUNCTION notify_principal_user();
--> statement-breakpoint
CREATE TRIGGER role_permissions_principal_notify AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_all();
--> statement-breakpoint
CREATE TRIGGER municipalities_principal_notify AFTER UPDATE OR DELETE ON municipalities
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_all();
