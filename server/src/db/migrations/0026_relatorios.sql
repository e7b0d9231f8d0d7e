CREATE TABLE "report_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"name" text NOT NULL,
	"filtros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"agendamento" jsonb,
	"proxima_execucao" timestamp with time zone,
	"ultima_execucao" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"layout" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_configs" ADD CONSTRAINT "report_configs_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_configs" ADD CONSTRAINT "report_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_configs" ADD CONSTRAINT "report_configs_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_configs_user_idx" ON "report_configs" USING btree ("municipality_id","user_id");--> statement-breakpoint
CREATE INDEX "report_configs_due_idx" ON "report_configs" USING btree ("proxima_execucao") WHERE proxima_execucao is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "report_templates_name_uq" ON "report_templates" USING btree ("municipality_id","name");--> statement-breakpoint
-- custom (issue 11, relatorios)
SELECT tenant_policy('report_templates'::regclass);--> statement-breakpoint
SELECT tenant_policy('report_configs'::regclass);--> statement-breakpoint
-- The default report templates of spec §9 (the same JSON as shared/src/relatorios/defaults.ts); SECURITY DEFINER so any path that creates a municipality seeds them.
CREATE OR REPLACE FUNCTION seed_report_templates(m integer) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO report_templates (municipality_id, name, fields, layout, is_default)
  SELECT m, d.name, d.fields, d.layout, true FROM (VALUES
    ('Relatório Tabular Padrão', '["numero_patrimonio","descricao_bem","setor_responsavel","status","valor_aquisicao"]'::jsonb, '[{"id":"header","type":"HEADER","x":0,"y":0,"w":12,"h":1,"styles":{},"props":{}},{"id":"table","type":"TABLE","x":0,"y":1,"w":12,"h":10,"styles":{"fontSize":10},"props":{}},{"id":"footer","type":"FOOTER","x":0,"y":11,"w":12,"h":1,"styles":{"fontSize":8,"align":"center"},"props":{}}]'::jsonb),
    ('Relatório Resumido com Gráfico', '["numero_patrimonio","descricao_bem","tipo","status","valor_aquisicao"]'::jsonb, '[{"id":"header","type":"HEADER","x":0,"y":0,"w":12,"h":1,"styles":{},"props":{}},{"id":"text","type":"TEXT","x":0,"y":1,"w":6,"h":4,"styles":{"fontSize":11},"props":{"content":"Resumo do patrimônio: {{total_bens}} bens, no valor total de {{valor_total}}."}},{"id":"chart","type":"CHART","x":6,"y":1,"w":6,"h":4,"styles":{},"props":{"chartKind":"bar","groupBy":"tipo","measure":"quantidade"}},{"id":"table","type":"TABLE","x":0,"y":5,"w":12,"h":10,"styles":{"fontSize":9},"props":{}},{"id":"footer","type":"FOOTER","x":0,"y":15,"w":12,"h":1,"styles":{"fontSize":8,"align":"center"},"props":{}}]'::jsonb)
  ) AS d(name, fields, layout)
  ON CONFLICT (municipality_id, name) DO NOTHING;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seed_report_templates_trigger() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM seed_report_templates(NEW.id);
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS municipalities_seed_report_templates ON municipalities;--> statement-breakpoint
CREATE TRIGGER municipalities_seed_report_templates AFTER INSERT ON municipalities FOR EACH ROW EXECUTE FUNCTION seed_report_templates_trigger();--> statement-breakpoint
SELECT seed_report_templates(id) FROM municipalities;
