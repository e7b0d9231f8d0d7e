-- custom (issue 36): properties (imóveis) in the ledger. A partida may name the property it moves (no foreign key:
-- a property registered by mistake is deleted after its lines are reversed, and the lines stay); the opening
-- balances take the properties of the tenures mapped to an account, at their acquisition value; a municipality
-- whose ledger is already open gets its properties' opening on the first day of the current month (Brasília).
-- A rented property or one held in comodato is not the municipality's asset: those tenures start without accounts
-- (the accountant may map them; a tenure without an asset account is outside the ledger).
ALTER TABLE "partidas" ADD COLUMN "imovel_id" integer;
--> statement-breakpoint
CREATE INDEX "partidas_imovel_idx" ON "partidas" USING btree ("imovel_id") WHERE "imovel_id" IS NOT NULL;
--> statement-breakpoint
UPDATE contas_imoveis SET gross_conta_id = NULL, accumulated_conta_id = NULL, impairment_conta_id = NULL,
  expense_conta_id = NULL, version = version + 1
 WHERE tenure IN ('alugado', 'comodato');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seed_contabilidade_trigger() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  -- A restore into a new municipality brings the backup's own chart.
  IF current_setting('tombo.ledger_restore', true) = 'on' THEN RETURN NEW; END IF;
  PERFORM seed_contabilidade(NEW.id);
  UPDATE contas_imoveis SET gross_conta_id = NULL, accumulated_conta_id = NULL, impairment_conta_id = NULL,
    expense_conta_id = NULL
   WHERE municipality_id = NEW.id AND tenure IN ('alugado', 'comodato');
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The properties' opening balances: one entry per asset account, one debit per property (conta corrente
-- `<número> — <denominação>`), the total on the opening's counterpart. Returns the entries written.
CREATE OR REPLACE FUNCTION contabilidade_abrir_imoveis(m integer, dia date, uid integer, uname text)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  contra integer;
  grp record;
  lid bigint;
  n integer := 0;
BEGIN
  SELECT id INTO contra FROM contas_contabeis WHERE municipality_id = m AND role = 'saldo_abertura' ORDER BY code LIMIT 1;
  FOR grp IN SELECT ci.gross_conta_id AS g, k.code, k.name
               FROM imoveis i
               JOIN contas_imoveis ci ON ci.municipality_id = i.municipality_id AND ci.tenure = i.situacao
               JOIN contas_contabeis k ON k.id = ci.gross_conta_id
              WHERE i.municipality_id = m AND i.valor_aquisicao > 0
              GROUP BY ci.gross_conta_id, k.code, k.name ORDER BY k.code LOOP
    IF contra IS NULL THEN
      RAISE EXCEPTION 'Não há conta de saldo de abertura no plano de contas.' USING ERRCODE = 'P0038';
    END IF;
    INSERT INTO lancamentos (municipality_id, fact_date, competencia, fact, description, document, user_id, user_name)
    VALUES (m, dia, to_char(dia, 'YYYY-MM'), 'abertura',
            'Saldo de abertura dos imóveis em ' || to_char(dia, 'DD/MM/YYYY') || ': ' || grp.code || ' ' || grp.name,
            '{}'::jsonb, uid, uname)
    RETURNING id INTO lid;
    INSERT INTO partidas (municipality_id, lancamento_id, conta_id, debit, credit, conta_corrente, imovel_id)
    SELECT m, lid, grp.g, round(i.valor_aquisicao * 100)::bigint, 0,
           i.numero_patrimonio || ' — ' || left(i.denominacao, 120), i.id
      FROM imoveis i JOIN contas_imoveis ci ON ci.municipality_id = i.municipality_id AND ci.tenure = i.situacao
     WHERE i.municipality_id = m AND i.valor_aquisicao > 0 AND ci.gross_conta_id = grp.g
    UNION ALL
    SELECT m, lid, contra, 0, sum(round(i.valor_aquisicao * 100)::bigint), NULL, NULL
      FROM imoveis i JOIN contas_imoveis ci ON ci.municipality_id = i.municipality_id AND ci.tenure = i.situacao
     WHERE i.municipality_id = m AND i.valor_aquisicao > 0 AND ci.gross_conta_id = grp.g;
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contabilidade_abrir_livro(m integer, dia date, uid integer, uname text)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  contra integer;
  grp record;
  lid bigint;
  n integer := 0;
BEGIN
  UPDATE contabilidade_config SET start_date = dia, updated_at = now(), version = version + 1
   WHERE municipality_id = m AND start_date IS NULL;
  IF NOT FOUND THEN RETURN 0; END IF;
  SELECT id INTO contra FROM contas_contabeis WHERE municipality_id = m AND role = 'saldo_abertura' ORDER BY code LIMIT 1;
  DROP TABLE IF EXISTS pg_temp.abertura_bens;
  CREATE TEMP TABLE abertura_bens ON COMMIT DROP AS
  SELECT p.id, p.numero_patrimonio || ' — ' || coalesce(t.name, 'sem tipo') AS cc,
    CASE WHEN p.tipo_id IS NULL THEN c.gross_conta_id ELSE t.gross_conta_id END AS g,
    CASE WHEN p.tipo_id IS NULL THEN c.accumulated_conta_id ELSE t.accumulated_conta_id END AS a,
    CASE WHEN p.tipo_id IS NULL THEN c.impairment_conta_id ELSE t.impairment_conta_id END AS i,
    round(coalesce(l.valor_bruto, p.valor_aquisicao, 0) * 100)::bigint AS gross,
    round(coalesce(l.acumulada, 0) * 100)::bigint AS acc,
    round(coalesce(l.perdas, 0) * 100)::bigint AS imp
  FROM patrimonios p
  JOIN contabilidade_config c ON c.municipality_id = m
  LEFT JOIN tipos_bens t ON t.id = p.tipo_id
  -- The register's closed figures at the start: the last closed month before it, or (the close that opens the
  -- ledger has just written the month's rows) that month's figures without its own quota.
  LEFT JOIN LATERAL (SELECT d.valor_bruto, d.perdas,
                            CASE WHEN d.competencia >= to_char(dia, 'YYYY-MM') THEN d.acumulada - d.quota
                                 ELSE d.acumulada END AS acumulada
                       FROM depreciacao_lancamentos d
                      WHERE d.patrimonio_id = p.id AND d.competencia <= to_char(dia, 'YYYY-MM')
                      ORDER BY d.competencia DESC LIMIT 1) l ON true
  WHERE p.municipality_id = m AND p.status <> 'baixado';
  IF EXISTS (SELECT 1 FROM abertura_bens WHERE gross > 0 AND (g IS NULL OR (acc > 0 AND a IS NULL) OR (imp > 0 AND i IS NULL)))
     OR (contra IS NULL AND EXISTS (SELECT 1 FROM abertura_bens WHERE gross > 0)) THEN
    RAISE EXCEPTION 'Há tipos de bem sem contas contábeis: associe as contas antes de abrir o livro.'
      USING ERRCODE = 'P0038';
  END IF;
  FOR grp IN SELECT b.g, b.a, b.i, k.code, k.name FROM abertura_bens b JOIN contas_contabeis k ON k.id = b.g
            WHERE b.gross > 0 GROUP BY b.g, b.a, b.i, k.code, k.name ORDER BY k.code, b.a, b.i LOOP
    INSERT INTO lancamentos (municipality_id, fact_date, competencia, fact, description, document, user_id, user_name)
    VALUES (m, dia, to_char(dia, 'YYYY-MM'), 'abertura',
            'Saldo de abertura do patrimônio em ' || to_char(dia, 'DD/MM/YYYY') || ': ' || grp.code || ' ' || grp.name,
            '{}'::jsonb, uid, uname)
    RETURNING id INTO lid;
    INSERT INTO partidas (municipality_id, lancamento_id, conta_id, debit, credit, conta_corrente, patrimonio_id)
    SELECT m, lid, b.g, b.gross, 0, b.cc, b.id FROM abertura_bens b
     WHERE b.gross > 0 AND b.g = grp.g AND b.a IS NOT DISTINCT FROM grp.a AND b.i IS NOT DISTINCT FROM grp.i
    UNION ALL
    SELECT m, lid, b.a, 0, b.acc, b.cc, b.id FROM abertura_bens b
     WHERE b.gross > 0 AND b.acc > 0 AND b.g = grp.g AND b.a IS NOT DISTINCT FROM grp.a AND b.i IS NOT DISTINCT FROM grp.i
    UNION ALL
    SELECT m, lid, b.i, 0, b.imp, b.cc, b.id FROM abertura_bens b
     WHERE b.gross > 0 AND b.imp > 0 AND b.g = grp.g AND b.a IS NOT DISTINCT FROM grp.a AND b.i IS NOT DISTINCT FROM grp.i
    UNION ALL
    SELECT m, lid, contra, 0, sum(b.gross - b.acc - b.imp), NULL, NULL FROM abertura_bens b
     WHERE b.gross > 0 AND b.g = grp.g AND b.a IS NOT DISTINCT FROM grp.a AND b.i IS NOT DISTINCT FROM grp.i
    HAVING sum(b.gross - b.acc - b.imp) > 0;
    n := n + 1;
  END LOOP;
  DROP TABLE IF EXISTS pg_temp.abertura_bens;
  RETURN n + contabilidade_abrir_imoveis(m, dia, uid, uname);
END $$;
--> statement-breakpoint
SELECT contabilidade_abrir_imoveis(c.municipality_id, date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo')::date,
                                   NULL, 'Abertura dos imóveis (migração)')
  FROM contabilidade_config c WHERE c.start_date IS NOT NULL;
