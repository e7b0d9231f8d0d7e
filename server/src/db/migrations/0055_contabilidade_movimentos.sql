CREATE TABLE "conta_movements" (
	"municipality_id" integer NOT NULL,
	"competencia" text NOT NULL,
	"conta_id" integer NOT NULL,
	"fact" text NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conta_movements_municipality_id_competencia_conta_id_fact_pk" PRIMARY KEY("municipality_id","competencia","conta_id","fact")
);
--> statement-breakpoint
ALTER TABLE "partidas" DROP CONSTRAINT "partidas_municipality_id_municipalities_id_fk";
--> statement-breakpoint
ALTER TABLE "partidas" DROP CONSTRAINT "partidas_lancamento_id_lancamentos_id_fk";
--> statement-breakpoint
DROP INDEX "partidas_lancamento_idx";--> statement-breakpoint
ALTER TABLE "conta_movements" ADD CONSTRAINT "conta_movements_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_movements" ADD CONSTRAINT "conta_movements_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partidas_lancamento_id_idx" ON "partidas" USING btree ("lancamento_id","id");
--> statement-breakpoint
-- custom (issue 36, performance): the month's movements per account and statement column, derived from the lines
-- (docs/decisions/accounting.md, "Monthly movements"). Lines are only ever inserted, so a statement trigger adds
-- what each INSERT wrote, in its transaction; a restore (tombo.ledger_restore) rebuilds the municipality's rows.
SELECT tenant_policy('conta_movements'::regclass);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION partidas_movimentos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tombo.ledger_restore', true) = 'on' THEN RETURN NULL; END IF;
  -- In key order: two transactions adding to the same rows wait for each other instead of deadlocking.
  INSERT INTO conta_movements AS mv (municipality_id, competencia, conta_id, fact, debit, credit, lines)
  SELECT n.municipality_id, l.competencia, n.conta_id, coalesce(o.fact, l.fact), sum(n.debit), sum(n.credit), count(*)
    FROM novas n
    JOIN lancamentos l ON l.id = n.lancamento_id
    LEFT JOIN lancamentos o ON o.id = l.reverses_lancamento_id
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (municipality_id, competencia, conta_id, fact) DO UPDATE
    SET debit = mv.debit + excluded.debit, credit = mv.credit + excluded.credit, lines = mv.lines + excluded.lines;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER partidas_movimentos AFTER INSERT ON partidas REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION partidas_movimentos();
--> statement-breakpoint
-- A municipality's movements recomputed from its lines (after a restore; and once here, for the ledgers so far).
CREATE OR REPLACE FUNCTION contabilidade_recalcular_movimentos(m integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM conta_movements WHERE municipality_id = m;
  INSERT INTO conta_movements (municipality_id, competencia, conta_id, fact, debit, credit, lines)
  SELECT p.municipality_id, l.competencia, p.conta_id, coalesce(o.fact, l.fact), sum(p.debit), sum(p.credit), count(*)
    FROM partidas p
    JOIN lancamentos l ON l.id = p.lancamento_id
    LEFT JOIN lancamentos o ON o.id = l.reverses_lancamento_id
   WHERE p.municipality_id = m
   GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT contabilidade_recalcular_movimentos(m.id) FROM municipalities m
 WHERE EXISTS (SELECT 1 FROM partidas p WHERE p.municipality_id = m.id);
--> statement-breakpoint
-- The balance trigger (0052) also stands for the two foreign keys dropped above (a close's 100,000 lines paid four
-- key checks each): every entry an INSERT touched must exist (SQLSTATE 23503, as the key said) and be of the lines'
-- municipality, whose own key stays on `lancamentos`.
CREATE OR REPLACE FUNCTION partidas_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad record;
BEGIN
  SELECT t.lancamento_id, s.d, s.c, l.id IS NULL AS missing
    INTO bad
    FROM (SELECT lancamento_id, min(municipality_id) AS m, max(municipality_id) AS mx FROM novas GROUP BY 1) t
    LEFT JOIN lancamentos l ON l.id = t.lancamento_id
    LEFT JOIN LATERAL (SELECT sum(p.debit) AS d, sum(p.credit) AS c FROM partidas p
                        WHERE p.lancamento_id = t.lancamento_id) s ON true
   WHERE l.id IS NULL OR s.d <> s.c OR l.municipality_id <> t.m OR t.m <> t.mx
      OR (l.created_at <> now() AND coalesce(current_setting('tombo.ledger_restore', true), '') <> 'on')
   LIMIT 1;
  IF FOUND THEN
    IF bad.missing THEN
      RAISE EXCEPTION 'O lançamento % não existe.', bad.lancamento_id USING ERRCODE = '23503';
    END IF;
    IF bad.d <> bad.c THEN
      RAISE EXCEPTION 'O lançamento % não fecha: débitos % e créditos % (centavos).', bad.lancamento_id, bad.d, bad.c
        USING ERRCODE = 'P0037';
    END IF;
    RAISE EXCEPTION 'As partidas do lançamento % não pertencem a ele (outro município ou lançamento já gravado).',
      bad.lancamento_id USING ERRCODE = 'P0037';
  END IF;
  RETURN NULL;
END $$;
