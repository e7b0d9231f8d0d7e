-- custom (issue 34.6, the glossary's naming pass): one English name per meaning. Tables and columns are renamed in
-- place (data, row-level-security policies, grants, indexes and constraints follow); the functions whose bodies
-- name a renamed table or column are re-created under the new names.
ALTER INDEX "formas_aquisicao_nome_uq" RENAME TO "formas_aquisicao_name_uq";
--> statement-breakpoint
ALTER TABLE "formas_aquisicao" RENAME COLUMN "nome" TO "name";
--> statement-breakpoint
ALTER TABLE "formas_aquisicao" RENAME COLUMN "ativo" TO "active";
--> statement-breakpoint
ALTER TABLE "termo_versoes" RENAME TO "termo_versions";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME CONSTRAINT "termo_versoes_pkey" TO "termo_versions_pkey";
--> statement-breakpoint
ALTER SEQUENCE "termo_versoes_id_seq" RENAME TO "termo_versions_id_seq";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME COLUMN "setor_nome" TO "sector_name";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME COLUMN "local_nome" TO "local_name";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME COLUMN "responsavel" TO "holder_name";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME COLUMN "numero" TO "number";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME COLUMN "versao" TO "version_number";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME COLUMN "motivo" TO "reason";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME COLUMN "automatico" TO "automatic";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME COLUMN "itens" TO "items";
--> statement-breakpoint
ALTER INDEX "termo_versoes_numero_uq" RENAME TO "termo_versions_number_uq";
--> statement-breakpoint
ALTER INDEX "termo_versoes_sector_idx" RENAME TO "termo_versions_sector_idx";
--> statement-breakpoint
ALTER INDEX "termo_versoes_pending_idx" RENAME TO "termo_versions_pending_idx";
--> statement-breakpoint
ALTER TABLE "label_templates" RENAME TO "etiqueta_templates";
--> statement-breakpoint
ALTER TABLE "etiqueta_templates" RENAME CONSTRAINT "label_templates_pkey" TO "etiqueta_templates_pkey";
--> statement-breakpoint
ALTER SEQUENCE "label_templates_id_seq" RENAME TO "etiqueta_templates_id_seq";
--> statement-breakpoint
ALTER INDEX "label_templates_municipality_idx" RENAME TO "etiqueta_templates_municipality_idx";
--> statement-breakpoint
ALTER INDEX "label_templates_name_uq" RENAME TO "etiqueta_templates_name_uq";
--> statement-breakpoint
ALTER INDEX "label_templates_default_uq" RENAME TO "etiqueta_templates_default_uq";
--> statement-breakpoint
ALTER TABLE "report_configs" RENAME TO "relatorio_configs";
--> statement-breakpoint
ALTER TABLE "relatorio_configs" RENAME CONSTRAINT "report_configs_pkey" TO "relatorio_configs_pkey";
--> statement-breakpoint
ALTER SEQUENCE "report_configs_id_seq" RENAME TO "relatorio_configs_id_seq";
--> statement-breakpoint
ALTER TABLE "relatorio_configs" RENAME COLUMN "filtros" TO "filters";
--> statement-breakpoint
ALTER TABLE "relatorio_configs" RENAME COLUMN "agendamento" TO "schedule";
--> statement-breakpoint
ALTER TABLE "relatorio_configs" RENAME COLUMN "proxima_execucao" TO "next_run_at";
--> statement-breakpoint
ALTER TABLE "relatorio_configs" RENAME COLUMN "ultima_execucao" TO "last_run_at";
--> statement-breakpoint
ALTER INDEX "report_configs_user_idx" RENAME TO "relatorio_configs_user_idx";
--> statement-breakpoint
ALTER INDEX "report_configs_due_idx" RENAME TO "relatorio_configs_due_idx";
--> statement-breakpoint
ALTER TABLE "report_templates" RENAME TO "relatorio_templates";
--> statement-breakpoint
ALTER TABLE "relatorio_templates" RENAME CONSTRAINT "report_templates_pkey" TO "relatorio_templates_pkey";
--> statement-breakpoint
ALTER SEQUENCE "report_templates_id_seq" RENAME TO "relatorio_templates_id_seq";
--> statement-breakpoint
ALTER INDEX "report_templates_name_uq" RENAME TO "relatorio_templates_name_uq";
--> statement-breakpoint
ALTER TABLE "depreciacao_fechamentos" RENAME TO "depreciacao_closings";
--> statement-breakpoint
ALTER TABLE "depreciacao_closings" RENAME CONSTRAINT "depreciacao_fechamentos_pkey" TO "depreciacao_closings_pkey";
--> statement-breakpoint
ALTER SEQUENCE "depreciacao_fechamentos_id_seq" RENAME TO "depreciacao_closings_id_seq";
--> statement-breakpoint
ALTER TABLE "depreciacao_closings" RENAME COLUMN "bens" TO "patrimonio_count";
--> statement-breakpoint
ALTER TABLE "depreciacao_closings" RENAME COLUMN "total_quota" TO "total_amount";
--> statement-breakpoint
ALTER TABLE "depreciacao_closings" RENAME COLUMN "erro" TO "error";
--> statement-breakpoint
ALTER INDEX "depreciacao_fechamentos_competencia_uq" RENAME TO "depreciacao_closings_competencia_uq";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME CONSTRAINT "termo_versoes_municipality_id_municipalities_id_fk" TO "termo_versions_municipality_id_municipalities_id_fk";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME CONSTRAINT "termo_versoes_sector_id_sectors_id_fk" TO "termo_versions_sector_id_sectors_id_fk";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME CONSTRAINT "termo_versoes_local_id_locais_id_fk" TO "termo_versions_local_id_locais_id_fk";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME CONSTRAINT "termo_versoes_created_by_id_users_id_fk" TO "termo_versions_created_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "termo_versions" RENAME CONSTRAINT "termo_versoes_job_id_jobs_id_fk" TO "termo_versions_job_id_jobs_id_fk";
--> statement-breakpoint
ALTER TABLE "etiqueta_templates" RENAME CONSTRAINT "label_templates_municipality_id_municipalities_id_fk" TO "etiqueta_templates_municipality_id_municipalities_id_fk";
--> statement-breakpoint
ALTER TABLE "relatorio_configs" RENAME CONSTRAINT "report_configs_municipality_id_municipalities_id_fk" TO "relatorio_configs_municipality_id_municipalities_id_fk";
--> statement-breakpoint
ALTER TABLE "relatorio_configs" RENAME CONSTRAINT "report_configs_user_id_users_id_fk" TO "relatorio_configs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "relatorio_configs" RENAME CONSTRAINT "report_configs_template_id_report_templates_id_fk" TO "relatorio_configs_template_id_relatorio_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "relatorio_templates" RENAME CONSTRAINT "report_templates_municipality_id_municipalities_id_fk" TO "relatorio_templates_municipality_id_municipalities_id_fk";
--> statement-breakpoint
ALTER TABLE "depreciacao_closings" RENAME CONSTRAINT "depreciacao_fechamentos_municipality_id_municipalities_id_fk" TO "depreciacao_closings_municipality_id_municipalities_id_fk";
--> statement-breakpoint
ALTER TABLE "depreciacao_closings" RENAME CONSTRAINT "depreciacao_fechamentos_closed_by_id_users_id_fk" TO "depreciacao_closings_closed_by_id_users_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patrimonios_follow_forma_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patrimonios SET forma_nome = NEW.name WHERE forma_aquisicao_id = NEW.id AND forma_nome IS DISTINCT FROM NEW.name;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS municipalities_seed_label_templates ON municipalities;
--> statement-breakpoint
DROP FUNCTION IF EXISTS seed_label_templates_trigger();
--> statement-breakpoint
DROP FUNCTION IF EXISTS seed_label_templates(integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seed_etiqueta_templates(m integer) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM etiqueta_templates WHERE municipality_id = m) THEN RETURN; END IF;
  INSERT INTO etiqueta_templates (municipality_id, name, width, height, is_default, elements)
  VALUES (m, 'Padrão 60x40mm', 60, 40, true, '[
    {"id":"logo","type":"LOGO","x":3,"y":2,"width":15,"height":8,"content":"","fontSize":10,"fontWeight":"normal","textAlign":"left"},
    {"id":"numero","type":"PATRIMONIO_FIELD","x":3,"y":28,"width":33,"height":10,"content":"numero_patrimonio","fontSize":16,"fontWeight":"bold","textAlign":"left"},
    {"id":"qrcode","type":"QRCODE","x":38,"y":4,"width":20,"height":20,"content":"","fontSize":10,"fontWeight":"normal","textAlign":"left"}
  ]'::jsonb);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seed_etiqueta_templates_trigger() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  PERFORM seed_etiqueta_templates(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER municipalities_seed_etiqueta_templates AFTER INSERT ON municipalities
  FOR EACH ROW EXECUTE FUNCTION seed_etiqueta_templates_trigger();
--> statement-breakpoint
DROP TRIGGER IF EXISTS municipalities_seed_report_templates ON municipalities;
--> statement-breakpoint
DROP FUNCTION IF EXISTS seed_report_templates_trigger();
--> statement-breakpoint
DROP FUNCTION IF EXISTS seed_report_templates(integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seed_relatorio_templates(m integer) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO relatorio_templates (municipality_id, name, fields, layout, is_default)
  SELECT m, d.name, d.fields, d.layout, true FROM (VALUES
    ('Relatório Tabular Padrão', '["numero_patrimonio","descricao_bem","setor_responsavel","status","valor_aquisicao"]'::jsonb, '[{"id":"header","type":"HEADER","x":0,"y":0,"w":12,"h":1,"styles":{},"props":{}},{"id":"table","type":"TABLE","x":0,"y":1,"w":12,"h":10,"styles":{"fontSize":10},"props":{}},{"id":"footer","type":"FOOTER","x":0,"y":11,"w":12,"h":1,"styles":{"fontSize":8,"align":"center"},"props":{}}]'::jsonb),
    ('Relatório Resumido com Gráfico', '["numero_patrimonio","descricao_bem","tipo","status","valor_aquisicao"]'::jsonb, '[{"id":"header","type":"HEADER","x":0,"y":0,"w":12,"h":1,"styles":{},"props":{}},{"id":"text","type":"TEXT","x":0,"y":1,"w":6,"h":4,"styles":{"fontSize":11},"props":{"content":"Resumo do patrimônio: {{total_bens}} bens, no valor total de {{valor_total}}."}},{"id":"chart","type":"CHART","x":6,"y":1,"w":6,"h":4,"styles":{},"props":{"chartKind":"bar","groupBy":"tipo","measure":"quantidade"}},{"id":"table","type":"TABLE","x":0,"y":5,"w":12,"h":10,"styles":{"fontSize":9},"props":{}},{"id":"footer","type":"FOOTER","x":0,"y":15,"w":12,"h":1,"styles":{"fontSize":8,"align":"center"},"props":{}}]'::jsonb)
  ) AS d(name, fields, layout)
  ON CONFLICT (municipality_id, name) DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seed_relatorio_templates_trigger() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM seed_relatorio_templates(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER municipalities_seed_relatorio_templates AFTER INSERT ON municipalities FOR EACH ROW EXECUTE FUNCTION seed_relatorio_templates_trigger();
