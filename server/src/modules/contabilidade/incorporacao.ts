import { sql, type SQL } from 'drizzle-orm';
import { CONTABILIDADE_MSG as M, PAPEL_CONTA_LABELS, isoDayOf, type PapelConta } from '@tombo/shared';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { conflict } from '../../http/errors';
import type { TenantScope } from '../../tenancy/scope';
import { bemContabil, contaDoPapel } from './fatos';
import { configDoLivro, exigirMesAberto, travarLivro, type Autor } from './livro';

/**
 * Incorporation postings (docs/decisions/accounting.md, "Incorporation"): an asset that enters the register after
 * the ledger opened is debited to its asset account at cost, against the account its origin names:
 * - acquired before the ledger started (a late register, an initial load): the opening's counterpart
 *   (ajustes de exercícios anteriores), as the opening would have taken it;
 * - a donation received (its acquisition form says "doação"): VPA donations received;
 * - a purchase (form "compra", "aquisição", "licitação"… or none): the transitory account; with the settings'
 *   `contabilidade` the accounting system has posted it at the liquidação, so the entry is the subsidiary
 *   ledger's record (`documento.registroAuxiliar`), there for the statement and the reconciliation;
 * - any other form (produção própria, achado, regularização…): VPA incorporation of assets.
 * Dated the day of the registration (the fact of the register; the acquisition date is on the asset). The
 * depreciation the asset carried before it (months already closed) is posted by the next close against the same
 * counterpart (`lancarDepreciacaoAnterior`), from the engine's own figures.
 */

/**
 * The account an asset's incorporation credited (its latest incorporation not reversed, not the close's carried
 * depreciation), as a query of one row `conta` for the asset id `patrimonioId` (a value or a column); `coluna`
 * `imovel_id` for a property.
 */
export const contrapartidaDaIncorporacao = (
  m: number,
  patrimonioId: SQL,
  coluna: SQL = sql.raw('patrimonio_id'),
) => sql`
  select pa.conta_id as conta from partidas pa join lancamentos l on l.id = pa.lancamento_id
   where pa.${coluna} = ${patrimonioId} and pa.municipality_id = ${m} and pa.credit > 0
     and l.fact = 'incorporacao' and not l.document ? 'competencia'
     and not exists (select 1 from lancamentos r where r.reverses_lancamento_id = l.id)
   order by l.id desc limit 1`;

export type OrigemIncorporacao = 'cadastro' | 'importacao';

const CONTRA_COMPRA = 'compra';
/** The counterpart of each record, as SQL over its acquisition date and form's name, and the ledger's start date. */
const contraSql = (inicio: string, data: SQL, forma: SQL) => sql`case
  when ${data} < ${inicio}::date then 'saldo_abertura'
  when ${forma} ~* 'doa[cç][aã]o|doado' then 'vpa_doacao'
  when ${forma} is null or ${forma} ~* 'compra|aquisi|licita|preg[aã]o|empenho|dispensa|desapropria' then ${CONTRA_COMPRA}
  else 'vpa_incorporacao' end`;

/**
 * What is incorporated: assets (bens móveis) or properties (imóveis), as SQL over alias `p`. `from` selects the
 * records of `ids` that post (not written off, with a value; for properties, of a tenure with an asset account).
 */
interface Fonte {
  from: (m: number, ids: SQL) => SQL;
  ativo: SQL;
  data: SQL;
  forma: SQL;
  contaCorrente: SQL;
  /** The name an unmapped record is reported by (its type). */
  tipo: SQL;
  coluna: SQL;
  /** The entry's subject: "do bem 0001" / "de 3 bens". */
  quem: (n: number, numero: string | null) => string;
  /** The documents of one record (asset: process, NF, empenho) and its number. */
  um: (tx: Db, scope: TenantScope, id: number) => Promise<{ numero: string; documento: object }>;
}

const BENS: Fonte = {
  from: (m, ids) => sql`from patrimonios p
      join contabilidade_config c on c.municipality_id = p.municipality_id
      left join tipos_bens t on t.id = p.tipo_id
     where p.municipality_id = ${m} and p.id = any(${ids}) and p.status <> 'baixado' and p.valor_aquisicao > 0`,
  ativo: sql`case when p.tipo_id is null then c.gross_conta_id else t.gross_conta_id end`,
  data: sql`coalesce(p.data_aquisicao, p.data_entrada_servico)`,
  forma: sql`p.forma_nome`,
  contaCorrente: sql`p.numero_patrimonio || ' — ' || coalesce(t.name, 'sem tipo')`,
  tipo: sql`t.name`,
  coluna: sql.raw('patrimonio_id'),
  quem: (n, numero) => (numero ? `do bem ${numero}` : `de ${n} bens`),
  um: async (tx, scope, id) => {
    const b = await bemContabil(tx, scope, id);
    return { numero: b.numero, documento: b.documento };
  },
};

const IMOVEIS: Fonte = {
  from: (m, ids) => sql`from imoveis p
      join contas_imoveis c on c.municipality_id = p.municipality_id and c.tenure = p.situacao
     where p.municipality_id = ${m} and p.id = any(${ids}) and p.valor_aquisicao > 0 and c.gross_conta_id is not null`,
  ativo: sql`c.gross_conta_id`,
  data: sql`p.data_aquisicao`,
  forma: sql`p.forma_nome`,
  contaCorrente: sql`p.numero_patrimonio || ' — ' || left(p.denominacao, 120)`,
  tipo: sql`null::text`,
  coluna: sql.raw('imovel_id'),
  quem: (n, numero) => (numero ? `do imóvel ${numero}` : `de ${n} imóveis`),
  um: async (tx, scope, id) => {
    const [i] = rowsOf<{ numero: string }>(
      await tx.execute(
        sql`select numero_patrimonio as numero from imoveis where municipality_id = ${scope.municipalityId} and id = ${id}`,
      ),
    );
    return { numero: i.numero, documento: { imovelId: id, numero: i.numero } };
  },
};

const ORIGEM_TEXTO: Record<OrigemIncorporacao, string> = {
  cadastro: 'cadastrado',
  importacao: 'importado',
};

const CONTRA_TEXTO: Record<string, string> = {
  saldo_abertura: 'bem adquirido antes do início do livro',
  vpa_doacao: 'doação recebida',
  vpa_incorporacao: 'incorporação de bem',
  [CONTRA_COMPRA]: 'compra',
};

/**
 * Posts the incorporation of assets just created (in the creating command's transaction): one entry per (asset
 * account, counterpart) with one debit and one credit per asset (conta corrente = number and type). Assets
 * written off or without value post nothing; before the ledger opens nothing is posted (its opening takes them).
 * 409 when an asset's type has no accounts. Returns the entry ids.
 */
export function lancarIncorporacao(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  ids: number[],
  origem: OrigemIncorporacao,
): Promise<number[]> {
  return incorporar(tx, scope, autor, BENS, ids, origem);
}

/**
 * The same for properties (imóveis) just created: D the account of the property's tenure at its acquisition value,
 * C by origin (a desapropriação is a purchase). A tenure without an asset account (rented, comodato) is outside
 * the patrimony and posts nothing.
 */
export function lancarIncorporacaoImoveis(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  ids: number[],
  origem: OrigemIncorporacao,
): Promise<number[]> {
  return incorporar(tx, scope, autor, IMOVEIS, ids, origem);
}

async function incorporar(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  fonte: Fonte,
  ids: number[],
  origem: OrigemIncorporacao,
): Promise<number[]> {
  if (!ids.length) return [];
  await travarLivro(tx, scope);
  const cfg = await configDoLivro(tx, scope);
  if (!cfg.startDate) return [];
  const data = isoDayOf(new Date());
  await exigirMesAberto(tx, scope, data);
  const m = scope.municipalityId;
  const from = fonte.from(m, sql`${`{${ids.join(',')}}`}::int[]`);
  const contraDe = contraSql(cfg.startDate, fonte.data, fonte.forma);
  const grupos = rowsOf<{ g: number | null; contra: string; n: number; tipo: string | null; primeiro: number }>(
    await tx.execute(sql`
      select ${fonte.ativo} as g, ${contraDe} as contra, count(*)::int as n,
             min(coalesce(${fonte.tipo}, ${M.semTipo})) as tipo, min(p.id) as primeiro
        ${from}
       group by 1, 2 order by 1, 2`),
  );
  const semConta = grupos.find((g) => g.g == null);
  if (semConta) throw conflict(M.bemSemContas(semConta.tipo ?? M.semTipo));
  const contas = new Map<string, number>();
  const contaDe = async (contra: string) => {
    if (!contas.has(contra))
      contas.set(
        contra,
        contra === CONTRA_COMPRA
          ? (cfg.transitContaId ?? (await contaDoPapel(tx, scope, 'transitoria')))
          : await contaDoPapel(tx, scope, contra as PapelConta),
      );
    return contas.get(contra)!;
  };
  const auxiliar = cfg.purchasePosting === 'contabilidade';
  const out: number[] = [];
  for (const g of grupos) {
    const contra = await contaDe(g.contra);
    const compraAuxiliar = g.contra === CONTRA_COMPRA && auxiliar;
    const um = g.n === 1 ? await fonte.um(tx, scope, Number(g.primeiro)) : null;
    const historico =
      `Incorporação ${fonte.quem(g.n, um?.numero ?? null)} (${ORIGEM_TEXTO[origem]}): ${CONTRA_TEXTO[g.contra]}` +
      (compraAuxiliar ? ' — já lançada pela contabilidade na liquidação (registro auxiliar)' : '') +
      (g.contra === CONTRA_COMPRA ? '' : ` (${PAPEL_CONTA_LABELS[g.contra as PapelConta]})`);
    const documento = {
      ...(um?.documento ?? {}),
      ...(compraAuxiliar ? { registroAuxiliar: true } : {}),
    };
    const [l] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into lancamentos (municipality_id, fact_date, competencia, fact, description, document, user_id, user_name)
        values (${m}, ${data}::date, ${data.slice(0, 7)}, 'incorporacao', ${historico}, ${JSON.stringify(documento)}::jsonb,
          ${autor?.id ?? null}, ${autor?.name ?? null})
        returning id`),
    );
    // One statement: the balance trigger sees the entry whole.
    await tx.execute(sql`
      with x as (
        select p.id, ${fonte.contaCorrente} as cc, round(p.valor_aquisicao * 100)::bigint as v
          ${from} and ${fonte.ativo} = ${Number(g.g)} and ${contraDe} = ${g.contra}
      )
      insert into partidas (municipality_id, lancamento_id, conta_id, debit, credit, conta_corrente, ${fonte.coluna})
      select ${m}::int, ${l.id}::bigint, ${Number(g.g)}::int, x.v, 0, x.cc, x.id from x
      union all
      select ${m}::int, ${l.id}::bigint, ${contra}::int, 0, x.v, x.cc, x.id from x`);
    out.push(Number(l.id));
  }
  return out;
}
