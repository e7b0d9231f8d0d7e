-- Quick search: accent-insensitive substring over the description (trigram GIN), number by prefix.
CREATE INDEX IF NOT EXISTS patrimonios_descricao_trgm_idx ON patrimonios USING gin (immutable_unaccent(lower(descricao_bem)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS patrimonios_m_numero_prefix_idx ON patrimonios (municipality_id, numero_patrimonio text_pattern_ops);
--> statement-breakpoint
-- Custom-field equality filters (cf.<key>=<value>) use jsonb containment.
CREATE INDEX IF NOT EXISTS patrimonios_custom_fields_idx ON patrimonios USING gin (custom_fields jsonb_path_ops);
--> statement-breakpoint
-- Denormalised names follow renames of the referenced rows.
CREATE OR REPLACE FUNCTION patrimonios_follow_sector_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patrimonios SET setor_nome = NEW.name WHERE sector_id = NEW.id AND setor_nome IS DISTINCT FROM NEW.name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sectors_name_to_patrimonios AFTER UPDATE OF name ON sectors
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION patrimonios_follow_sector_name();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patrimonios_follow_local_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patrimonios SET local_nome = NEW.name WHERE local_id = NEW.id AND local_nome IS DISTINCT FROM NEW.name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER locais_name_to_patrimonios AFTER UPDATE OF name ON locais
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION patrimonios_follow_local_name();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patrimonios_follow_tipo_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patrimonios SET tipo_nome = NEW.name WHERE tipo_id = NEW.id AND tipo_nome IS DISTINCT FROM NEW.name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tipos_bens_name_to_patrimonios AFTER UPDATE OF name ON tipos_bens
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION patrimonios_follow_tipo_name();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patrimonios_follow_forma_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patrimonios SET forma_nome = NEW.nome WHERE forma_aquisicao_id = NEW.id AND forma_nome IS DISTINCT FROM NEW.nome;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER formas_aquisicao_name_to_patrimonios AFTER UPDATE OF nome ON formas_aquisicao
  FOR EACH ROW WHEN (OLD.nome IS DISTINCT FROM NEW.nome) EXECUTE FUNCTION patrimonios_follow_forma_name();
