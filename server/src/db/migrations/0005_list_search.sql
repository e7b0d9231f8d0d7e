-- Quick search at a city's scale (issue 3). btree_gin lets the trigram index lead with municipality_id,
-- so a search reads only the caller's municipality's postings (not every municipality's), and the
-- recheck is a plain LIKE on the stored folded description (descricao_busca, migration 0004) instead of
-- calling unaccent() on every candidate row.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS patrimonios_m_busca_trgm_idx ON patrimonios USING gin (municipality_id, descricao_busca gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS patrimonios_descricao_trgm_idx;
