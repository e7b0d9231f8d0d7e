-- Public consultation (issue 15): Portuguese full-text search with accent folding. A text search
-- configuration copying 'portuguese' whose words are unaccented before stemming ('Câmera' = 'camera',
-- 'cadeiras' = 'Cadeira'), one IMMUTABLE document function over the public fields only, and one GIN
-- index leading with municipality_id (btree_gin, migration 0005) so a search reads only its town's postings.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'tombo_pt') THEN
    CREATE TEXT SEARCH CONFIGURATION public.tombo_pt (COPY = pg_catalog.portuguese);
    ALTER TEXT SEARCH CONFIGURATION public.tombo_pt
      ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.portuguese_stem;
  END IF;
END $$;
--> statement-breakpoint
-- Description weighs most, then the type, then sector and place (ts_rank reads the weights).
CREATE OR REPLACE FUNCTION public.patrimonio_busca_doc(descricao text, tipo text, setor text, local text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('public.tombo_pt'::regconfig, coalesce(descricao, '')), 'A')
    || setweight(to_tsvector('public.tombo_pt'::regconfig, coalesce(tipo, '')), 'B')
    || setweight(to_tsvector('public.tombo_pt'::regconfig, coalesce(setor, '') || ' ' || coalesce(local, '')), 'C') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS patrimonios_m_busca_publica_idx ON patrimonios
  USING gin (municipality_id, public.patrimonio_busca_doc(descricao_bem, tipo_nome, setor_nome, local_nome));
