-- Issue 35: the standard fields of real registers and the dados de origem. The quick search of the asset list
-- also reads `fields_search_text`: these fields and the dados de origem' values, folded as descricao_busca is
-- (lower case, no accents), the CNPJ as digits and formatted. Labels are not searched (every imported row has them).
-- Functions a generated column calls name the schema: a restore (pg_restore) runs with an empty search_path.
CREATE OR REPLACE FUNCTION patrimonio_fields_search_text(
  marca text, modelo text, numero_serie text, fornecedor_nome text, fornecedor_cnpj text, nota_fiscal_numero text,
  empenho text, processo_aquisicao text, fonte_recurso text, dados_origem jsonb
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT nullif(public.immutable_unaccent(lower(concat_ws(E'\n', marca, modelo, numero_serie, fornecedor_nome,
      fornecedor_cnpj,
      CASE WHEN length(fornecedor_cnpj) = 14 THEN substr(fornecedor_cnpj, 1, 2) || '.' || substr(fornecedor_cnpj, 3, 3)
        || '.' || substr(fornecedor_cnpj, 6, 3) || '/' || substr(fornecedor_cnpj, 9, 4) || '-'
        || substr(fornecedor_cnpj, 13, 2) END,
      nota_fiscal_numero, empenho, processo_aquisicao, fonte_recurso,
      (SELECT string_agg(e ->> 'valor', E'\n') FROM jsonb_array_elements(
        CASE WHEN jsonb_typeof(dados_origem) = 'array' THEN dados_origem ELSE '[]'::jsonb END) AS e)))), '')
  $$;
--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "marca" text;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "modelo" text;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "numero_serie" text;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "fornecedor_nome" text;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "fornecedor_cnpj" text;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "nota_fiscal_numero" text;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "nota_fiscal_data" date;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "empenho" text;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "processo_aquisicao" text;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "fonte_recurso" text;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "data_baixa" date;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "dados_origem" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD COLUMN "fields_search_text" text GENERATED ALWAYS AS (patrimonio_fields_search_text(marca, modelo, numero_serie, fornecedor_nome, fornecedor_cnpj, nota_fiscal_numero, empenho, processo_aquisicao, fonte_recurso, dados_origem)) STORED;
--> statement-breakpoint
-- As patrimonios_m_busca_trgm_idx (migration 0005): the town's rows whose fields contain the words.
CREATE INDEX IF NOT EXISTS patrimonios_m_fields_trgm_idx ON patrimonios USING gin (municipality_id, fields_search_text gin_trgm_ops);
