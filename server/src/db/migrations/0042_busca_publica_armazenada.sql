-- Public search at a city's scale (issue 15). Three faults of 0039's design, measured on 1,000,000 assets:
-- 1. Under row-level security PostgreSQL only uses "leakproof" operators as index conditions, and
--    tsvector @@ tsquery is not marked so: the app's search read its municipality's 100,000 rows and
--    built each document (seconds per search). It is marked here, as 0013 marks LIKE.
-- 2. A GIN index on (municipality_id, document) keeps the municipality as a key of its own: every search
--    intersected the town's 100,000-row posting list. The keys now carry the municipality inside each
--    lexeme ('12.cadeir', and '12#PAT000123' for the number), so a search reads only its town's postings,
--    and the number prefix is in the same index (no OR of two indexes, which re-checks every row).
-- 3. Ranking rebuilt each match's document: it is now a stored column, computed once per write.
ALTER TABLE patrimonios ADD COLUMN IF NOT EXISTS busca_publica tsvector
  GENERATED ALWAYS AS (public.patrimonio_busca_doc(descricao_bem, tipo_nome, setor_nome, local_nome)) STORED;
--> statement-breakpoint
-- Index keys: the document's lexemes and the asset's number, each under its municipality. Cannot fail for
-- any row (over-long lexemes are left out of the keys), so it may be leakproof.
CREATE OR REPLACE FUNCTION public.patrimonio_busca_chaves(m integer, numero text, doc tsvector)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(
      array(SELECT m || '.' || u.lexeme FROM unnest(coalesce(doc, ''::tsvector)) u WHERE length(u.lexeme) <= 200)
      || (m || '#' || left(coalesce(numero, ''), 200))) $$;
--> statement-breakpoint
-- A search's words (already a tombo_pt tsquery) under the municipality's keys. Lexemes of tombo_pt are
-- letters and digits only (the API keeps nothing else), so no quote can occur inside one.
CREATE OR REPLACE FUNCTION public.patrimonio_busca_consulta(m integer, q tsquery)
  RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(q::text, '''([^'']*)''', '''' || m || '.\1''', 'g')::tsquery $$;
--> statement-breakpoint
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION ts_match_vq(tsvector, tsquery) LEAKPROOF;
    ALTER FUNCTION public.patrimonio_busca_chaves(integer, text, tsvector) LEAKPROOF;
  END IF;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS patrimonios_busca_publica_chaves_idx ON patrimonios
  USING gin (public.patrimonio_busca_chaves(municipality_id, numero_patrimonio, busca_publica));
--> statement-breakpoint
DROP INDEX IF EXISTS patrimonios_m_busca_publica_idx;
