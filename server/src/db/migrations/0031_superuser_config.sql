DROP INDEX "asset_form_fields_key_uq";--> statement-breakpoint
DROP INDEX "export_templates_name_uq";--> statement-breakpoint
ALTER TABLE "asset_form_fields" ALTER COLUMN "municipality_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "export_templates" ALTER COLUMN "municipality_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_form_fields_key_uq" ON "asset_form_fields" USING btree (coalesce("municipality_id", 0),"key");--> statement-breakpoint
CREATE UNIQUE INDEX "export_templates_name_uq" ON "export_templates" USING btree (coalesce("municipality_id", 0),lower("name"));--> statement-breakpoint
-- custom (issue 12, superuser-config)
-- Installation-wide rows (municipality_id NULL: the superuser's asset form fields and export templates)
-- are read by every municipality; only a transaction over all municipalities writes them (policy tenant).
DROP POLICY IF EXISTS installation_read ON asset_form_fields;
--> statement-breakpoint
CREATE POLICY installation_read ON asset_form_fields FOR SELECT USING (municipality_id IS NULL);
--> statement-breakpoint
DROP POLICY IF EXISTS installation_read ON export_templates;
--> statement-breakpoint
CREATE POLICY installation_read ON export_templates FOR SELECT USING (municipality_id IS NULL);
