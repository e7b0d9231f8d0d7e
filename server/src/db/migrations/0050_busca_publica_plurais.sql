-- Public search (issue 35): what a citizen means. 0039's tombo_pt (Snowball Portuguese) over-stems: 'camera'
-- and 'cama' both become 'cam', so 'camera' (the last word, a prefix) found 'Caminhão' and 'Camionete'; and it keeps
-- 'notebooks' whole. Words are now folded (case, accents) and reduced to their singular only (RSLP's plural step,
-- docs/decisions/search.md), and the prefix is the word as typed. Same column, keys function and index as 0042.
DROP INDEX IF EXISTS patrimonios_busca_publica_chaves_idx;
--> statement-breakpoint
ALTER TABLE patrimonios DROP COLUMN IF EXISTS busca_publica;
--> statement-breakpoint
-- Words too common to search by (articles, prepositions): left out of documents and of queries.
CREATE OR REPLACE FUNCTION public.tombo_vazias()
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT '{a,ao,aos,as,com,da,das,de,do,dos,e,em,na,nas,no,nos,o,os,ou,para,pela,pelo,por,pra,um,uma}'::text[] $$;
--> statement-breakpoint
-- The singular of a folded word (RSLP plural reduction with its exceptions, plus -eses/-zes); a plural in -res/-les
-- is ambiguous (cores → cor, torres → torre), so it gives both. Not STRICT: callers inline it.
CREATE OR REPLACE FUNCTION public.tombo_singulares(w text)
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE
    WHEN length(w) < 3 OR right(w, 1) <> 's' OR w = ANY ('{alias,ambas,ambos,apos,atlas,atras,atraves,bonus,cais,campus,caps,conves,cras,creas,crucis,depois,dois,ferias,fezes,gas,gps,gratis,iris,lapis,mais,mas,menos,mes,messias,moises,oasis,onibus,onus,pais,pesames,pires,pois,seis,sus,tenis,tres,ubs,virus}'::text[])
      THEN ARRAY[w]
    WHEN w LIKE '%ns' THEN ARRAY[left(w, -2) || 'm']
    WHEN w LIKE '%oes' AND length(w) >= 6 THEN ARRAY[left(w, -3) || 'ao']
    WHEN w LIKE '%aes' AND length(w) >= 4 AND w <> 'maes' THEN ARRAY[left(w, -3) || 'ao']
    WHEN w LIKE '%ais' AND length(w) >= 4 THEN ARRAY[left(w, -3) || 'al']
    WHEN w LIKE '%ateis' AND length(w) >= 6 THEN ARRAY[left(w, -3) || 'il']
    WHEN w LIKE '%eis' AND length(w) >= 5 THEN ARRAY[left(w, -3) || 'el']
    WHEN w LIKE '%ois' AND length(w) >= 5 THEN ARRAY[left(w, -3) || 'ol']
    WHEN w LIKE '%is' AND length(w) >= 4 AND w <> 'leis' THEN ARRAY[left(w, -2) || 'il']
    WHEN (w LIKE '%les' OR w LIKE '%res') AND length(w) >= 5 AND w <> 'arvores' THEN ARRAY[left(w, -2), left(w, -1)]
    WHEN (w LIKE '%eses' OR w LIKE '%zes') AND length(w) >= 5 THEN ARRAY[left(w, -2)]
    ELSE ARRAY[left(w, -1)]
  END $$;
--> statement-breakpoint
-- A text's words: lower case without accents, split at anything not a letter or digit, with their positions.
CREATE OR REPLACE FUNCTION public.tombo_palavras(t text)
  RETURNS TABLE (palavra text, posicao integer) LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT w, n::int FROM regexp_split_to_table(lower(public.immutable_unaccent(coalesce(t, ''))), '[^[:alnum:]]+')
      WITH ORDINALITY AS x(w, n) WHERE w <> '' AND length(w) <= 100 AND n < 16384 $$;
--> statement-breakpoint
-- A field's search document: each word's singulars at the word's position, under one weight. No parser: the
-- lexemes are exactly what tombo_consulta asks for. PL/pgSQL: a table rewrite runs it per row (3× faster than SQL).
CREATE OR REPLACE FUNCTION public.tombo_documento(t text, peso "char")
  RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  palavras text[] := regexp_split_to_array(lower(public.immutable_unaccent(coalesce(t, ''))), '[^[:alnum:]]+');
  partes text[] := '{}';
  w text;
  k text;
  n int := 0;
BEGIN
  FOREACH w IN ARRAY palavras LOOP
    n := n + 1;
    CONTINUE WHEN w = '' OR length(w) > 100 OR n > 16383 OR w = ANY (public.tombo_vazias());
    FOREACH k IN ARRAY public.tombo_singulares(w) LOOP
      partes := partes || ('''' || k || ''':' || n);
    END LOOP;
  END LOOP;
  RETURN setweight(array_to_string(partes, ' ')::tsvector, peso);
END $$;
--> statement-breakpoint
-- A visitor's words as a tsquery: every word by its singulars; the last one (being typed, 3+ letters) also as a
-- prefix of the word as typed. NULL when no word is left.
CREATE OR REPLACE FUNCTION public.tombo_consulta(q text, prefixo boolean)
  RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT string_agg('(' || CASE WHEN p.palavra = ANY (public.tombo_vazias()) THEN '''' || p.palavra || ''':*' ELSE
        (SELECT string_agg('''' || k || '''', ' | ') FROM unnest(public.tombo_singulares(p.palavra)) k)
        || CASE WHEN prefixo AND p.posicao = p.ultima AND length(p.palavra) >= 3 THEN ' | ''' || p.palavra || ''':*' ELSE '' END END
        || ')', ' & ' ORDER BY p.posicao)::tsquery
    FROM (SELECT *, max(posicao) OVER () AS ultima FROM public.tombo_palavras(q)) p
    WHERE NOT p.palavra = ANY (public.tombo_vazias()) OR (prefixo AND p.posicao = p.ultima AND length(p.palavra) >= 3) $$;
--> statement-breakpoint
-- Description weighs most, then the type, then sector and place (ts_rank reads the weights).
CREATE OR REPLACE FUNCTION public.patrimonio_busca_doc(descricao text, tipo text, setor text, local text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.tombo_documento(descricao, 'A') || public.tombo_documento(tipo, 'B')
    || public.tombo_documento(coalesce(setor, '') || ' ' || coalesce(local, ''), 'C') $$;
--> statement-breakpoint
ALTER TABLE patrimonios ADD COLUMN busca_publica tsvector
  GENERATED ALWAYS AS (public.patrimonio_busca_doc(descricao_bem, tipo_nome, setor_nome, local_nome)) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS patrimonios_busca_publica_chaves_idx ON patrimonios
  USING gin (public.patrimonio_busca_chaves(municipality_id, numero_patrimonio, busca_publica));
--> statement-breakpoint
DROP TEXT SEARCH CONFIGURATION IF EXISTS public.tombo_pt;
