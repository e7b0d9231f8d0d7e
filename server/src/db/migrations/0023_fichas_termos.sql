CREATE TABLE "ficha_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"fields" jsonb NOT NULL,
	"show_custom_fields" boolean DEFAULT true NOT NULL,
	"show_photo" boolean DEFAULT true NOT NULL,
	"show_qr" boolean DEFAULT true NOT NULL,
	"show_history" boolean DEFAULT true NOT NULL,
	"history_limit" integer DEFAULT 10 NOT NULL,
	"signatures" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termo_versoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"setor_nome" text NOT NULL,
	"local_id" integer,
	"local_nome" text,
	"responsavel" text,
	"numero" text NOT NULL,
	"versao" integer NOT NULL,
	"motivo" text NOT NULL,
	"automatico" boolean DEFAULT false NOT NULL,
	"itens" jsonb NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"created_by_name" text,
	"job_id" uuid,
	"file_path" text
);
--> statement-breakpoint
ALTER TABLE "ficha_templates" ADD CONSTRAINT "ficha_templates_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_versoes" ADD CONSTRAINT "termo_versoes_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_versoes" ADD CONSTRAINT "termo_versoes_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_versoes" ADD CONSTRAINT "termo_versoes_local_id_locais_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_versoes" ADD CONSTRAINT "termo_versoes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_versoes" ADD CONSTRAINT "termo_versoes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ficha_templates_name_uq" ON "ficha_templates" USING btree ("municipality_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ficha_templates_default_uq" ON "ficha_templates" USING btree ("municipality_id") WHERE "ficha_templates"."is_default";--> statement-breakpoint
CREATE INDEX "ficha_templates_municipality_idx" ON "ficha_templates" USING btree ("municipality_id");--> statement-breakpoint
CREATE UNIQUE INDEX "termo_versoes_numero_uq" ON "termo_versoes" USING btree ("municipality_id","numero","versao");--> statement-breakpoint
CREATE INDEX "termo_versoes_sector_idx" ON "termo_versoes" USING btree ("municipality_id","sector_id","created_at");--> statement-breakpoint
CREATE INDEX "termo_versoes_pending_idx" ON "termo_versoes" USING btree ("created_at") WHERE "termo_versoes"."status" in ('pending', 'rendering') and "termo_versoes"."automatico";--> statement-breakpoint
-- custom (issue 11, fichas)
SELECT tenant_policy('ficha_templates'::regclass);
--> statement-breakpoint
SELECT tenant_policy('termo_versoes'::regclass);
--> statement-breakpoint
-- Spec §9: the default record-sheet template of a municipality (shared/src/fichas/defaults.ts holds the
-- same values; a test keeps them equal). Security definer: it runs for whoever creates the municipality.
CREATE OR REPLACE FUNCTION seed_ficha_templates(m integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO ficha_templates (municipality_id, name, is_default, fields, show_custom_fields, show_photo, show_qr,
                               show_history, history_limit, signatures)
  SELECT m, 'Ficha Padrão', true,
         '["numero_patrimonio","descricao_bem","tipo","status","estado_conservacao","quantidade","observacoes","forma_aquisicao","data_aquisicao","valor_aquisicao","setor_responsavel","local_objeto"]'::jsonb,
         true, true, true, true, 10, '["Responsável pelo setor","Departamento de Patrimônio"]'::jsonb
  WHERE NOT EXISTS (SELECT 1 FROM ficha_templates WHERE municipality_id = m AND lower(name) = lower('Ficha Padrão'));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seed_ficha_templates_trigger() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM seed_ficha_templates(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS municipalities_seed_fichas ON municipalities;
--> statement-breakpoint
CREATE TRIGGER municipalities_seed_fichas AFTER INSERT ON municipalities
  FOR EACH ROW EXECUTE FUNCTION seed_ficha_templates_trigger();
--> statement-breakpoint
SELECT seed_ficha_templates(id) FROM municipalities;
