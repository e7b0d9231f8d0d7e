CREATE TABLE "export_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "export_templates" ADD CONSTRAINT "export_templates_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_templates_name_uq" ON "export_templates" USING btree ("municipality_id",lower("name"));--> statement-breakpoint
-- custom (issue 11, exportacoes)
SELECT tenant_policy('export_templates'::regclass);--> statement-breakpoint
-- Spec §9 default export template of a municipality (same rows as shared/src/exportacoes/defaults.ts).
-- SECURITY DEFINER: runs as the owner (no row-level security), whichever role created the municipality.
CREATE OR REPLACE FUNCTION seed_export_templates(m integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO export_templates (municipality_id, name, columns)
  VALUES (m, 'Relatório Simples',
          '[{"key":"numero_patrimonio","header":"Nº Patrimônio"},{"key":"descricao_bem","header":"Descrição"}]'::jsonb)
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION municipalities_seed_export_templates() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM seed_export_templates(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER municipalities_seed_export_templates AFTER INSERT ON municipalities
  FOR EACH ROW EXECUTE FUNCTION municipalities_seed_export_templates();--> statement-breakpoint
SELECT seed_export_templates(id) FROM municipalities;
