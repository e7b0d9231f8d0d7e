CREATE TABLE "contabilidade_config" (
	"municipality_id" integer PRIMARY KEY NOT NULL,
	"deadline_day" integer DEFAULT 25 NOT NULL,
	"purchase_posting" text DEFAULT 'contabilidade' NOT NULL,
	"transit_conta_id" integer,
	"gross_conta_id" integer,
	"accumulated_conta_id" integer,
	"impairment_conta_id" integer,
	"expense_conta_id" integer,
	"start_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contas_contabeis" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contas_imoveis" (
	"municipality_id" integer NOT NULL,
	"tenure" text NOT NULL,
	"gross_conta_id" integer,
	"accumulated_conta_id" integer,
	"impairment_conta_id" integer,
	"expense_conta_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contas_imoveis_municipality_id_tenure_pk" PRIMARY KEY("municipality_id","tenure")
);
--> statement-breakpoint
CREATE TABLE "lancamentos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"fact_date" date NOT NULL,
	"competencia" text NOT NULL,
	"fact" text NOT NULL,
	"description" text NOT NULL,
	"document" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reverses_lancamento_id" bigint,
	"user_id" integer,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partidas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"lancamento_id" bigint NOT NULL,
	"conta_id" integer NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"conta_corrente" text,
	"patrimonio_id" integer
);
--> statement-breakpoint
ALTER TABLE "tipos_bens" ADD COLUMN "gross_conta_id" integer;--> statement-breakpoint
ALTER TABLE "tipos_bens" ADD COLUMN "accumulated_conta_id" integer;--> statement-breakpoint
ALTER TABLE "tipos_bens" ADD COLUMN "impairment_conta_id" integer;--> statement-breakpoint
ALTER TABLE "tipos_bens" ADD COLUMN "expense_conta_id" integer;--> statement-breakpoint
ALTER TABLE "contabilidade_config" ADD CONSTRAINT "contabilidade_config_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contabilidade_config" ADD CONSTRAINT "contabilidade_config_transit_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("transit_conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contabilidade_config" ADD CONSTRAINT "contabilidade_config_gross_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("gross_conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contabilidade_config" ADD CONSTRAINT "contabilidade_config_accumulated_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("accumulated_conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contabilidade_config" ADD CONSTRAINT "contabilidade_config_impairment_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("impairment_conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contabilidade_config" ADD CONSTRAINT "contabilidade_config_expense_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("expense_conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas_contabeis" ADD CONSTRAINT "contas_contabeis_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas_imoveis" ADD CONSTRAINT "contas_imoveis_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas_imoveis" ADD CONSTRAINT "contas_imoveis_gross_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("gross_conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas_imoveis" ADD CONSTRAINT "contas_imoveis_accumulated_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("accumulated_conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas_imoveis" ADD CONSTRAINT "contas_imoveis_impairment_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("impairment_conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas_imoveis" ADD CONSTRAINT "contas_imoveis_expense_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("expense_conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_reverses_lancamento_id_lancamentos_id_fk" FOREIGN KEY ("reverses_lancamento_id") REFERENCES "public"."lancamentos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partidas" ADD CONSTRAINT "partidas_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partidas" ADD CONSTRAINT "partidas_lancamento_id_lancamentos_id_fk" FOREIGN KEY ("lancamento_id") REFERENCES "public"."lancamentos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partidas" ADD CONSTRAINT "partidas_conta_id_contas_contabeis_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_contabeis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partidas" ADD CONSTRAINT "partidas_patrimonio_id_patrimonios_id_fk" FOREIGN KEY ("patrimonio_id") REFERENCES "public"."patrimonios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contas_contabeis_code_uq" ON "contas_contabeis" USING btree ("municipality_id","code");--> statement-breakpoint
CREATE INDEX "lancamentos_m_id_idx" ON "lancamentos" USING btree ("municipality_id","id");--> statement-breakpoint
CREATE INDEX "lancamentos_m_date_idx" ON "lancamentos" USING btree ("municipality_id","fact_date");--> statement-breakpoint
CREATE UNIQUE INDEX "lancamentos_reverses_uq" ON "lancamentos" USING btree ("reverses_lancamento_id");--> statement-breakpoint
CREATE INDEX "partidas_lancamento_idx" ON "partidas" USING btree ("lancamento_id");--> statement-breakpoint
CREATE INDEX "partidas_conta_idx" ON "partidas" USING btree ("municipality_id","conta_id","lancamento_id");--> statement-breakpoint
CREATE INDEX "partidas_patrimonio_idx" ON "partidas" USING btree ("patrimonio_id");--> statement-breakpoint
-- custom (issue 36, docs/decisions/accounting.md): the asset types' accounts (foreign keys here: the Drizzle schema
-- would need an import cycle), row-level security, balance and immutability of the ledger, the default chart of
-- every municipality (seeded now and on insert), and the opening balances of the municipalities that have assets.
ALTER TABLE "tipos_bens" ADD CONSTRAINT "tipos_bens_gross_conta_id_fk" FOREIGN KEY ("gross_conta_id") REFERENCES "contas_contabeis"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "tipos_bens" ADD CONSTRAINT "tipos_bens_accumulated_conta_id_fk" FOREIGN KEY ("accumulated_conta_id") REFERENCES "contas_contabeis"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "tipos_bens" ADD CONSTRAINT "tipos_bens_impairment_conta_id_fk" FOREIGN KEY ("impairment_conta_id") REFERENCES "contas_contabeis"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "tipos_bens" ADD CONSTRAINT "tipos_bens_expense_conta_id_fk" FOREIGN KEY ("expense_conta_id") REFERENCES "contas_contabeis"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "partidas" ADD CONSTRAINT "partidas_one_side_ck" CHECK (debit >= 0 AND credit >= 0 AND (debit > 0) <> (credit > 0));--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_competencia_ck" CHECK (competencia = to_char(fact_date, 'YYYY-MM'));--> statement-breakpoint
SELECT tenant_policy(t::regclass) FROM unnest(ARRAY[
  'contas_contabeis', 'contabilidade_config', 'contas_imoveis', 'lancamentos', 'partidas'
]) AS t;
--> statement-breakpoint
-- Immutability: an entry and its partidas are never changed or deleted. A municipality restore (which replaces the
-- municipality's rows in one transaction) says so with the transaction-local setting tombo.ledger_restore.
CREATE OR REPLACE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tombo.ledger_restore', true) = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  RAISE EXCEPTION 'Os lançamentos contábeis não podem ser alterados nem excluídos: registre um estorno.'
    USING ERRCODE = 'P0036';
END $$;
--> statement-breakpoint
CREATE TRIGGER lancamentos_immutable BEFORE UPDATE OR DELETE ON lancamentos FOR EACH ROW EXECUTE FUNCTION ledger_immutable();--> statement-breakpoint
CREATE TRIGGER partidas_immutable BEFORE UPDATE OR DELETE ON partidas FOR EACH ROW EXECUTE FUNCTION ledger_immutable();--> statement-breakpoint
CREATE TRIGGER lancamentos_no_truncate BEFORE TRUNCATE ON lancamentos FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();--> statement-breakpoint
CREATE TRIGGER partidas_no_truncate BEFORE TRUNCATE ON partidas FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();--> statement-breakpoint
-- Balance: after every INSERT into partidas, each entry it touched has debits = credits over ALL its partidas, and
-- belongs to the same municipality and to this transaction (an entry of an earlier one is closed: created_at is
-- the transaction's start, now()). Partidas are never updated or deleted, so every committed entry balances.
CREATE OR REPLACE FUNCTION partidas_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad record;
BEGIN
  SELECT t.lancamento_id, s.d, s.c, l.municipality_id AS lm, t.m AS pm, l.created_at = now() AS own
    INTO bad
    FROM (SELECT lancamento_id, min(municipality_id) AS m, max(municipality_id) AS mx FROM novas GROUP BY 1) t
    JOIN lancamentos l ON l.id = t.lancamento_id
    CROSS JOIN LATERAL (SELECT sum(p.debit) AS d, sum(p.credit) AS c FROM partidas p
                         WHERE p.lancamento_id = t.lancamento_id) s
   WHERE s.d <> s.c OR l.municipality_id <> t.m OR t.m <> t.mx
      OR (l.created_at <> now() AND coalesce(current_setting('tombo.ledger_restore', true), '') <> 'on')
   LIMIT 1;
  IF FOUND THEN
    IF bad.d <> bad.c THEN
      RAISE EXCEPTION 'O lançamento % não fecha: débitos % e créditos % (centavos).', bad.lancamento_id, bad.d, bad.c
        USING ERRCODE = 'P0037';
    END IF;
    RAISE EXCEPTION 'As partidas do lançamento % não pertencem a ele (outro município ou lançamento já gravado).',
      bad.lancamento_id USING ERRCODE = 'P0037';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER partidas_balance AFTER INSERT ON partidas REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION partidas_balance();
--> statement-breakpoint
-- The default asset account of an asset type's name (shared CONTA_ATIVO_POR_NOME, same order).
CREATE OR REPLACE FUNCTION contabilidade_conta_do_tipo(nome text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN position('processamento de dados' in n) > 0 THEN '1.2.3.1.1.02'
    WHEN position('informática' in n) > 0 THEN '1.2.3.1.1.02'
    WHEN position('veículo' in n) > 0 THEN '1.2.3.1.1.05'
    WHEN position('embarca' in n) > 0 THEN '1.2.3.1.1.05'
    WHEN position('automóve' in n) > 0 THEN '1.2.3.1.1.05'
    WHEN position('mobili' in n) > 0 THEN '1.2.3.1.1.03'
    WHEN position('móve' in n) > 0 THEN '1.2.3.1.1.03'
    WHEN position('copa e cozinha' in n) > 0 THEN '1.2.3.1.1.03'
    WHEN position('domésticos' in n) > 0 THEN '1.2.3.1.1.03'
    WHEN position('coleç' in n) > 0 THEN '1.2.3.1.1.04'
    WHEN position('bibliográf' in n) > 0 THEN '1.2.3.1.1.04'
    WHEN position('discoteca' in n) > 0 THEN '1.2.3.1.1.04'
    WHEN position('musica' in n) > 0 THEN '1.2.3.1.1.04'
    WHEN position('obras de arte' in n) > 0 THEN '1.2.3.1.1.04'
    WHEN position('máquina' in n) > 0 THEN '1.2.3.1.1.01'
    WHEN position('aparelho' in n) > 0 THEN '1.2.3.1.1.01'
    WHEN position('equipamento' in n) > 0 THEN '1.2.3.1.1.01'
    WHEN position('instrumento' in n) > 0 THEN '1.2.3.1.1.01'
    ELSE '1.2.3.1.1.99' END
  FROM (SELECT lower(nome) AS n) x
$$;
--> statement-breakpoint
-- A new asset type without accounts gets its name's defaults from its municipality's chart (when it has one).
CREATE OR REPLACE FUNCTION tipos_bens_default_contas() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  IF coalesce(current_setting('tombo.ledger_restore', true), '') <> 'on'
     AND NEW.gross_conta_id IS NULL AND NEW.accumulated_conta_id IS NULL AND NEW.impairment_conta_id IS NULL
     AND NEW.expense_conta_id IS NULL THEN
    SELECT (SELECT id FROM contas_contabeis WHERE municipality_id = NEW.municipality_id
              AND code = contabilidade_conta_do_tipo(NEW.name)),
           (SELECT id FROM contas_contabeis WHERE municipality_id = NEW.municipality_id AND code = '1.2.3.8.1.01'),
           (SELECT id FROM contas_contabeis WHERE municipality_id = NEW.municipality_id AND code = '1.2.3.9.1.01'),
           (SELECT id FROM contas_contabeis WHERE municipality_id = NEW.municipality_id AND code = '3.3.3.1.1.01')
      INTO NEW.gross_conta_id, NEW.accumulated_conta_id, NEW.impairment_conta_id, NEW.expense_conta_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tipos_bens_default_contas BEFORE INSERT ON tipos_bens FOR EACH ROW EXECUTE FUNCTION tipos_bens_default_contas();
--> statement-breakpoint
-- The default chart (shared PLANO_CONTAS_PADRAO), the settings row, the properties' accounts and the types' accounts
-- of a municipality. Idempotent.
CREATE OR REPLACE FUNCTION seed_contabilidade(m integer) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  INSERT INTO contas_contabeis (municipality_id, code, name, role)
  SELECT m, v.code, v.name, v.role FROM (VALUES
    ('1.2.3.1.1.01', 'Máquinas, aparelhos, equipamentos e ferramentas', 'ativo'),
    ('1.2.3.1.1.02', 'Bens de informática', 'ativo'),
    ('1.2.3.1.1.03', 'Móveis e utensílios', 'ativo'),
    ('1.2.3.1.1.04', 'Materiais culturais, educacionais e de comunicação', 'ativo'),
    ('1.2.3.1.1.05', 'Veículos', 'ativo'),
    ('1.2.3.1.1.97', 'Bens móveis a incorporar (transitória)', 'transitoria'),
    ('1.2.3.1.1.99', 'Demais bens móveis', 'ativo'),
    ('1.2.3.2.1.01', 'Bens de uso especial', 'ativo'),
    ('1.2.3.2.1.02', 'Bens dominicais', 'ativo'),
    ('1.2.3.2.1.03', 'Bens de uso comum do povo', 'ativo'),
    ('1.2.3.2.1.06', 'Obras em andamento', 'ativo'),
    ('1.2.3.8.1.01', '(−) Depreciação acumulada de bens móveis', 'depreciacao_acumulada'),
    ('1.2.3.8.1.02', '(−) Depreciação acumulada de bens imóveis', 'depreciacao_acumulada'),
    ('1.2.3.9.1.01', '(−) Redução ao valor recuperável de bens móveis', 'reducao_valor_recuperavel'),
    ('1.2.3.9.1.02', '(−) Redução ao valor recuperável de bens imóveis', 'reducao_valor_recuperavel'),
    ('2.3.6.1.1.01', 'Reserva de reavaliação de bens', 'reserva_reavaliacao'),
    ('2.3.7.1.1.03', 'Ajustes de exercícios anteriores (saldo de abertura do patrimônio)', 'saldo_abertura'),
    ('3.3.3.1.1.01', 'Depreciação de bens móveis', 'vpd_depreciacao'),
    ('3.3.3.1.1.02', 'Depreciação de bens imóveis', 'vpd_depreciacao'),
    ('3.5.2.2.1.01', 'Doações concedidas de bens', 'vpd_doacao'),
    ('3.6.1.1.1.01', 'Reavaliação negativa de imobilizado', 'vpd_reavaliacao'),
    ('3.6.1.2.1.01', 'Redução a valor recuperável de imobilizado', 'vpd_reducao'),
    ('3.6.5.1.1.01', 'Desincorporação de ativos', 'vpd_baixa'),
    ('4.5.2.2.1.01', 'Doações recebidas de bens', 'vpa_doacao'),
    ('4.6.1.1.1.01', 'Reavaliação de imobilizado', 'vpa_reavaliacao'),
    ('4.6.3.1.1.01', 'Incorporação de ativos (regularização, inventário)', 'vpa_incorporacao'),
    ('4.6.5.1.1.01', 'Reversão de redução ao valor recuperável', 'vpa_reversao')
  ) AS v(code, name, role)
  ON CONFLICT (municipality_id, code) DO NOTHING;
  INSERT INTO contabilidade_config (municipality_id, transit_conta_id, gross_conta_id, accumulated_conta_id,
                                    impairment_conta_id, expense_conta_id)
  SELECT m,
    (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '1.2.3.1.1.97'),
    (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '1.2.3.1.1.99'),
    (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '1.2.3.8.1.01'),
    (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '1.2.3.9.1.01'),
    (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '3.3.3.1.1.01')
  ON CONFLICT (municipality_id) DO NOTHING;
  INSERT INTO contas_imoveis (municipality_id, tenure, gross_conta_id, accumulated_conta_id, impairment_conta_id,
                              expense_conta_id)
  SELECT m, s.tenure,
    (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '1.2.3.2.1.01'),
    (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '1.2.3.8.1.02'),
    (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '1.2.3.9.1.02'),
    (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '3.3.3.1.1.02')
  FROM unnest(ARRAY['proprio', 'cedido', 'alugado', 'comodato', 'desapropriado']) AS s(tenure)
  ON CONFLICT DO NOTHING;
  UPDATE tipos_bens t SET
    gross_conta_id = (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = contabilidade_conta_do_tipo(t.name)),
    accumulated_conta_id = (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '1.2.3.8.1.01'),
    impairment_conta_id = (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '1.2.3.9.1.01'),
    expense_conta_id = (SELECT id FROM contas_contabeis WHERE municipality_id = m AND code = '3.3.3.1.1.01')
  WHERE t.municipality_id = m AND t.gross_conta_id IS NULL AND t.accumulated_conta_id IS NULL
    AND t.impairment_conta_id IS NULL AND t.expense_conta_id IS NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seed_contabilidade_trigger() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  -- A restore into a new municipality brings the backup's own chart.
  IF current_setting('tombo.ledger_restore', true) = 'on' THEN RETURN NEW; END IF;
  PERFORM seed_contabilidade(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER municipalities_seed_contabilidade AFTER INSERT ON municipalities
  FOR EACH ROW EXECUTE FUNCTION seed_contabilidade_trigger();
--> statement-breakpoint
SELECT seed_contabilidade(id) FROM municipalities;
--> statement-breakpoint
-- The opening balances (docs/decisions/accounting.md): once per municipality, dated `dia`, one entry per group of
-- accounts (asset, accumulated depreciation, impairment) with one partida per asset and account (conta corrente)
-- and the net on the opening-balance counterpart. Gross, accumulated depreciation and impairment are the last
-- closed month's figures (the asset's cost before any close). Returns the number of entries (0: already open).
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
  RETURN n;
END $$;
--> statement-breakpoint
-- A municipality with closed months starts its ledger on the first day after the last one, from their figures; the
-- others start at their first posting (the first close: on that month's first day, from what it computed).
SELECT contabilidade_abrir_livro(m.id, (to_date(f.ultima, 'YYYY-MM') + interval '1 month')::date, NULL,
                                 'Abertura do livro (migração)')
  FROM municipalities m
  JOIN (SELECT municipality_id, max(competencia) AS ultima FROM depreciacao_closings WHERE status = 'concluido'
         GROUP BY municipality_id) f ON f.municipality_id = m.id
 WHERE EXISTS (SELECT 1 FROM patrimonios p WHERE p.municipality_id = m.id AND p.status <> 'baixado');
--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'contabilidade:read') WHERE role IN ('admin', 'supervisor') AND NOT ('contabilidade:read' = ANY(permissions));--> statement-breakpoint
UPDATE role_permissions SET permissions = array_append(permissions, 'contabilidade:manage') WHERE role = 'admin' AND NOT ('contabilidade:manage' = ANY(permissions));
