-- Counters were keyed by the rendered text ("2026AD#"), so changing only the separator restarted every
-- sequence. A sequence now belongs to (municipality, sector code as shown, year): see numbering/service.ts.
-- Old writers wait until the counters are carried over (and then find no table: nothing issued is lost).
LOCK TABLE "numbering_counters" IN SHARE MODE;--> statement-breakpoint
CREATE TABLE "numbering_sequences" (
	"municipality_id" integer NOT NULL,
	"sector_code" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "numbering_sequences_municipality_id_sector_code_year_pk" PRIMARY KEY("municipality_id","sector_code","year")
);
--> statement-breakpoint
ALTER TABLE "numbering_sequences" ADD CONSTRAINT "numbering_sequences_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each new counter is the highest of (a) the old counters whose text reads as its (sector, year) — a text
-- is read under every shape a pattern can render ('#' = the sequence; parts in any order; one separator),
-- and one with several readings ("26#": year 26 or sector "26") raises each, which leaves a gap but never
-- reissues a number — and (b) the asset numbers of the pattern in force, so no counter is below a number
-- already issued under it (numbers of earlier patterns all came from an old counter, read in (a)). Any
-- other clash with an existing number is skipped past when numbers are allocated.
WITH
  "orders"("ord") AS (VALUES ('Q'), ('YQ'), ('QY'), ('SQ'), ('QS'), ('YSQ'), ('YQS'), ('SYQ'), ('SQY'), ('QYS'), ('QSY')),
  "year_parts"("digits", "re") AS (VALUES (4, '(\d{4})'), (2, '(\d{2})')),
  "sector_parts"("re") AS (VALUES ('([A-Z0-9]{2})'), ('([A-Z0-9])')),
  "separators"("re") AS (VALUES (''), ('-'), ('/'), ('\.')),
  "shapes" AS (
    SELECT DISTINCT
      '^' || array_to_string(ARRAY(
        SELECT CASE u."ch" WHEN 'Y' THEN y."re" WHEN 'S' THEN s."re" ELSE '#' END
        FROM unnest(string_to_array(o."ord", NULL)) WITH ORDINALITY AS u("ch", "i")
        ORDER BY u."i"
      ), sep."re") || '$' AS "re",
      nullif(strpos(replace(o."ord", 'Q', ''), 'Y'), 0) AS "y",
      CASE WHEN o."ord" LIKE '%Y%' THEN y."digits" END AS "digits",
      nullif(strpos(replace(o."ord", 'Q', ''), 'S'), 0) AS "s"
    FROM "orders" o CROSS JOIN "year_parts" y CROSS JOIN "sector_parts" s CROSS JOIN "separators" sep
  ),
  "from_counters" AS (
    SELECT c."municipality_id",
      coalesce(m."g"[sh."s"], '') AS "sector_code",
      CASE WHEN sh."y" IS NULL THEN 0 WHEN sh."digits" = 2 THEN 2000 + m."g"[sh."y"]::int ELSE m."g"[sh."y"]::int END AS "year",
      c."last_value"
    FROM "numbering_counters" c
    CROSS JOIN "shapes" sh
    CROSS JOIN LATERAL regexp_match(c."prefix", sh."re") AS m("g")
    WHERE m."g" IS NOT NULL
  ),
  -- The pattern in force (none saved = the default of spec §9) as a regular expression, each part a group.
  "patterns" AS (
    SELECT mu."id" AS "municipality_id",
      '^' || string_agg(
        CASE c."part"->>'type'
          WHEN 'year' THEN CASE c."part"->>'format' WHEN 'YY' THEN '(\d{2})' ELSE '(\d{4})' END
          WHEN 'sector' THEN '([A-Z0-9]{' || (c."part"->>'sectorCodeLength') || '})'
          ELSE '(\d{' || (c."part"->>'length') || '})'
        END,
        replace(coalesce(np."separator", ''), '.', '\.') ORDER BY c."i"
      ) || '$' AS "re",
      min(c."i"::int) FILTER (WHERE c."part"->>'type' = 'year') AS "y",
      bool_or(c."part"->>'format' = 'YY') AS "yy",
      min(c."i"::int) FILTER (WHERE c."part"->>'type' = 'sector') AS "s",
      min(c."i"::int) FILTER (WHERE c."part"->>'type' = 'sequence') AS "q"
    FROM "municipalities" mu
    LEFT JOIN "numbering_patterns" np ON np."municipality_id" = mu."id"
    CROSS JOIN LATERAL jsonb_array_elements(coalesce(
      np."components",
      '[{"type":"year","format":"YYYY"},{"type":"sector","sectorCodeLength":2},{"type":"sequence","length":6}]'::jsonb
    )) WITH ORDINALITY AS c("part", "i")
    GROUP BY mu."id", np."separator"
  ),
  "from_assets" AS (
    SELECT p."municipality_id",
      coalesce(m."g"[pt."s"], '') AS "sector_code",
      CASE WHEN pt."y" IS NULL THEN 0 WHEN pt."yy" THEN 2000 + m."g"[pt."y"]::int ELSE m."g"[pt."y"]::int END AS "year",
      m."g"[pt."q"]::bigint AS "last_value"
    FROM "patterns" pt
    JOIN "patrimonios" p ON p."municipality_id" = pt."municipality_id"
    CROSS JOIN LATERAL regexp_match(p."numero_patrimonio", pt."re") AS m("g")
    WHERE m."g" IS NOT NULL
  )
INSERT INTO "numbering_sequences" ("municipality_id", "sector_code", "year", "last_value")
SELECT "municipality_id", "sector_code", "year", max("last_value")
FROM (SELECT * FROM "from_counters" UNION ALL SELECT * FROM "from_assets") AS "all_counters"
GROUP BY 1, 2, 3;--> statement-breakpoint
DROP TABLE "numbering_counters" CASCADE;
