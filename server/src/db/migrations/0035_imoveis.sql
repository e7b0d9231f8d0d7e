CREATE TABLE "imoveis" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"numero_patrimonio" text NOT NULL,
	"denominacao" text NOT NULL,
	"denominacao_busca" text GENERATED ALWAYS AS (immutable_unaccent(lower(denominacao))) STORED,
	"endereco" text NOT NULL,
	"cep" text,
	"bairro" text,
	"cidade" text,
	"uf" text,
	"area_construida" numeric(14, 2),
	"area_terreno" numeric(14, 2),
	"situacao" text DEFAULT 'proprio' NOT NULL,
	"utilizacao" text,
	"sector_id" integer,
	"setor_nome" text,
	"forma_aquisicao_id" integer,
	"forma_nome" text,
	"data_aquisicao" date,
	"valor_aquisicao" numeric(14, 2),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"observacoes" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imovel_arquivos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"imovel_id" integer NOT NULL,
	"manutencao_id" integer,
	"municipality_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"stored_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_id" integer,
	"uploaded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imovel_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"is_custom" boolean DEFAULT true NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"options" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imovel_historico" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"imovel_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"details" text NOT NULL,
	"user_id" integer,
	"user_name" text
);
--> statement-breakpoint
CREATE TABLE "imovel_report_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manutencoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"imovel_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"tipo" text NOT NULL,
	"data_prevista" date NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"responsavel" text,
	"custo_estimado" numeric(14, 2),
	"custo_real" numeric(14, 2),
	"observacoes" text,
	"recorrencia" text,
	"data_conclusao" date,
	"origem_id" integer,
	"aviso_proximo_em" timestamp with time zone,
	"aviso_atraso_em" timestamp with time zone,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imoveis" ADD CONSTRAINT "imoveis_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imoveis" ADD CONSTRAINT "imoveis_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imoveis" ADD CONSTRAINT "imoveis_forma_aquisicao_id_formas_aquisicao_id_fk" FOREIGN KEY ("forma_aquisicao_id") REFERENCES "public"."formas_aquisicao"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imoveis" ADD CONSTRAINT "imoveis_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imovel_arquivos" ADD CONSTRAINT "imovel_arquivos_imovel_id_imoveis_id_fk" FOREIGN KEY ("imovel_id") REFERENCES "public"."imoveis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imovel_arquivos" ADD CONSTRAINT "imovel_arquivos_manutencao_id_manutencoes_id_fk" FOREIGN KEY ("manutencao_id") REFERENCES "public"."manutencoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imovel_arquivos" ADD CONSTRAINT "imovel_arquivos_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imovel_arquivos" ADD CONSTRAINT "imovel_arquivos_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imovel_fields" ADD CONSTRAINT "imovel_fields_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imovel_historico" ADD CONSTRAINT "imovel_historico_imovel_id_imoveis_id_fk" FOREIGN KEY ("imovel_id") REFERENCES "public"."imoveis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imovel_historico" ADD CONSTRAINT "imovel_historico_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imovel_historico" ADD CONSTRAINT "imovel_historico_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imovel_report_templates" ADD CONSTRAINT "imovel_report_templates_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manutencoes" ADD CONSTRAINT "manutencoes_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manutencoes" ADD CONSTRAINT "manutencoes_imovel_id_imoveis_id_fk" FOREIGN KEY ("imovel_id") REFERENCES "public"."imoveis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manutencoes" ADD CONSTRAINT "manutencoes_origem_id_manutencoes_id_fk" FOREIGN KEY ("origem_id") REFERENCES "public"."manutencoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manutencoes" ADD CONSTRAINT "manutencoes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imoveis_numero_uq" ON "imoveis" USING btree ("municipality_id","numero_patrimonio");--> statement-breakpoint
CREATE INDEX "imoveis_m_id_idx" ON "imoveis" USING btree ("municipality_id","id");--> statement-breakpoint
CREATE INDEX "imoveis_m_denominacao_idx" ON "imoveis" USING btree ("municipality_id","denominacao","id");--> statement-breakpoint
CREATE INDEX "imoveis_m_situacao_idx" ON "imoveis" USING btree ("municipality_id","situacao","id");--> statement-breakpoint
CREATE INDEX "imoveis_m_utilizacao_idx" ON "imoveis" USING btree ("municipality_id","utilizacao","id");--> statement-breakpoint
CREATE INDEX "imoveis_m_setor_nome_idx" ON "imoveis" USING btree ("municipality_id","setor_nome","id");--> statement-breakpoint
CREATE INDEX "imoveis_m_sector_idx" ON "imoveis" USING btree ("municipality_id","sector_id","id");--> statement-breakpoint
CREATE INDEX "imoveis_m_bairro_idx" ON "imoveis" USING btree ("municipality_id","bairro","id");--> statement-breakpoint
CREATE INDEX "imoveis_m_area_idx" ON "imoveis" USING btree ("municipality_id","area_construida","id");--> statement-breakpoint
CREATE INDEX "imoveis_m_valor_idx" ON "imoveis" USING btree ("municipality_id","valor_aquisicao","id");--> statement-breakpoint
CREATE INDEX "imoveis_m_created_idx" ON "imoveis" USING btree ("municipality_id","created_at","id");--> statement-breakpoint
CREATE INDEX "imoveis_m_updated_idx" ON "imoveis" USING btree ("municipality_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "imoveis_sector_idx" ON "imoveis" USING btree ("sector_id");--> statement-breakpoint
CREATE INDEX "imoveis_forma_idx" ON "imoveis" USING btree ("forma_aquisicao_id");--> statement-breakpoint
CREATE INDEX "imovel_arquivos_imovel_idx" ON "imovel_arquivos" USING btree ("imovel_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "imovel_arquivos_manutencao_idx" ON "imovel_arquivos" USING btree ("manutencao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "imovel_fields_key_uq" ON "imovel_fields" USING btree ("municipality_id","key");--> statement-breakpoint
CREATE INDEX "imovel_historico_imovel_idx" ON "imovel_historico" USING btree ("imovel_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "imovel_report_templates_name_uq" ON "imovel_report_templates" USING btree ("municipality_id","name");--> statement-breakpoint
CREATE INDEX "manutencoes_m_prevista_idx" ON "manutencoes" USING btree ("municipality_id","data_prevista","id");--> statement-breakpoint
CREATE INDEX "manutencoes_m_status_prevista_idx" ON "manutencoes" USING btree ("municipality_id","status","data_prevista");--> statement-breakpoint
CREATE INDEX "manutencoes_imovel_idx" ON "manutencoes" USING btree ("imovel_id","data_prevista");--> statement-breakpoint
CREATE UNIQUE INDEX "manutencoes_origem_uq" ON "manutencoes" USING btree ("origem_id");--> statement-breakpoint
-- custom (issue 13, imóveis)
SELECT tenant_policy('imoveis'::regclass);--> statement-breakpoint
SELECT tenant_policy('imovel_historico'::regclass);--> statement-breakpoint
SELECT tenant_policy('imovel_fields'::regclass);--> statement-breakpoint
SELECT tenant_policy('manutencoes'::regclass);--> statement-breakpoint
SELECT tenant_policy('imovel_arquivos'::regclass);--> statement-breakpoint
SELECT tenant_policy('imovel_report_templates'::regclass);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS imoveis_m_busca_trgm_idx ON imoveis USING gin (municipality_id, denominacao_busca gin_trgm_ops);--> statement-breakpoint
-- The default imóvel fields (spec §3) and the default imóvel report (spec §9) of every municipality; SECURITY DEFINER so any path that creates a municipality seeds them.
CREATE OR REPLACE FUNCTION seed_imovel_defaults(m integer) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO imovel_fields (municipality_id, key, label, type, required, is_custom, is_system, position)
  SELECT m, d.key, d.label, d.type, d.required, d.is_custom, d.is_system, d.position FROM (VALUES
    ('denominacao', 'Denominação', 'TEXT', true, false, true, 0),
    ('endereco', 'Endereço', 'TEXTAREA', true, false, true, 1),
    ('matricula_imovel', 'Matrícula do Imóvel', 'TEXT', false, true, false, 2),
    ('cartorio', 'Cartório de Registro', 'TEXT', false, true, false, 3)
  ) AS d(key, label, type, required, is_custom, is_system, position)
  ON CONFLICT (municipality_id, key) DO NOTHING;
  INSERT INTO imovel_report_templates (municipality_id, name, fields, is_default)
  VALUES (m, 'Relatório Simples de Imóveis', '["numero_patrimonio","denominacao","endereco","area_construida"]'::jsonb, true)
  ON CONFLICT (municipality_id, name) DO NOTHING;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seed_imovel_defaults_trigger() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM seed_imovel_defaults(NEW.id);
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS municipalities_seed_imovel_defaults ON municipalities;--> statement-breakpoint
CREATE TRIGGER municipalities_seed_imovel_defaults AFTER INSERT ON municipalities FOR EACH ROW EXECUTE FUNCTION seed_imovel_defaults_trigger();--> statement-breakpoint
SELECT seed_imovel_defaults(id) FROM municipalities;
--> statement-breakpoint
-- The real-estate permissions (issue 13) reach the stored role rows: reading for all four roles, writing and maintenance for the three that edit (spec §2.3), deleting and custom fields for admin and supervisor.
UPDATE role_permissions SET permissions = array_append(permissions, 'imoveis:read') WHERE role IN ('admin', 'supervisor', 'usuario', 'visualizador') AND NOT ('imoveis:read' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'imoveis:write') WHERE role IN ('admin', 'supervisor', 'usuario') AND NOT ('imoveis:write' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'manutencoes:manage') WHERE role IN ('admin', 'supervisor', 'usuario') AND NOT ('manutencoes:manage' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'imoveis:delete') WHERE role IN ('admin', 'supervisor') AND NOT ('imoveis:delete' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'imoveis:manage_fields') WHERE role IN ('admin', 'supervisor') AND NOT ('imoveis:manage_fields' = ANY(permissions));
