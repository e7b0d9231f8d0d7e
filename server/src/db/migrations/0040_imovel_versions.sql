CREATE TABLE "imovel_versions" (
	"municipality_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imovel_versions" ADD CONSTRAINT "imovel_versions_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (issue 13): every statement writing properties bumps its municipalities' imovel_versions once,
-- whoever writes (as bump_asset_versions for assets); a municipality being deleted is skipped.
SELECT tenant_policy('imovel_versions'::regclass);--> statement-breakpoint
CREATE FUNCTION bump_imovel_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO imovel_versions (municipality_id, version)
  SELECT DISTINCT c.municipality_id, 1 FROM changed_rows c
   WHERE EXISTS (SELECT 1 FROM municipalities m WHERE m.id = c.municipality_id)
  ON CONFLICT (municipality_id) DO UPDATE SET version = imovel_versions.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER imoveis_versions_ins AFTER INSERT ON imoveis
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_imovel_versions();
--> statement-breakpoint
CREATE TRIGGER imoveis_versions_upd AFTER UPDATE ON imoveis
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_imovel_versions();
--> statement-breakpoint
CREATE TRIGGER imoveis_versions_del AFTER DELETE ON imoveis
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_imovel_versions();
