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
 * depreciation), as a query of one row `conta` for the asset id `patrimonioId` (a value or a column).
 */
export const contrapartidaDaIncorporacao = (m: number, patrimonioId: SQL) => sql`
  select pa.conta_id as conta from partidas pa join lancamentos l on l.id = pa.lancamento_id
   where pa.patrimonio_id = ${patrimonioId} and pa.municipality_id = ${m} and pa.credit > 0
     and l.fact = 'incorporacao' and not l.document ? 'competencia'
     and not exists (select 1 from lancamentos r where r.reverses_lancamento_id = l.id)
   order by l.id desc limit 1`;

export type OrigemIncorporacao = 'cadastro' | 'importacao';

const CONTRA_COMPRA = 'compra';
/** The counterpart of each asset, as SQL over `p` (the asset) and the ledger's start date. */
const contraSql = (inicio: string) => sql`case
  when coalesce(p.data_aquisicao, p.data_entrada_servico) < ${inicio}::date then 'saldo_abertura'
  when p.forma_nome ~* 'doa[cç][aã]o|doado' then 'vpa_doacao'
  when p.forma_nome is null or p.forma_nome ~* 'compra|aquisi|licita|preg[aã]o|empenho|dispensa' then ${CONTRA_COMPRA}
  else 'vpa_incorporacao' end`;

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
export async function lancarIncorporacao(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
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
  const idList = sql`${`{${ids.join(',')}}`}::int[]`;
  const from = sql`from patrimonios p
      join contabilidade_config c on c.municipality_id = p.municipality_id
      left join tipos_bens t on t.id = p.tipo_id
     where p.municipality_id = ${m} and p.id = any(${idList}) and p.status <> 'baixado' and p.valor_aquisicao > 0`;
  const ativoDe = sql`case when p.tipo_id is null then c.gross_conta_id else t.gross_conta_id end`;
  const grupos = rowsOf<{ g: number | null; contra: string; n: number; tipo: string | null; primeiro: number }>(
    await tx.execute(sql`
      select ${ativoDe} as g, ${contraSql(cfg.startDate)} as contra, count(*)::int as n,
             min(coalesce(t.name, ${M.semTipo})) as tipo, min(p.id) as primeiro
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
    const um = g.n === 1 ? await bemContabil(tx, scope, Number(g.primeiro)) : null;
    const quem = um ? `do bem ${um.numero}` : `de ${g.n} bens`;
    const historico =
      `Incorporação ${quem} (${ORIGEM_TEXTO[origem]}): ${CONTRA_TEXTO[g.contra]}` +
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
        select p.id, p.numero_patrimonio || ' — ' || coalesce(t.name, 'sem tipo') as cc,
               round(p.valor_aquisicao * 100)::bigint as v
          ${from} and ${ativoDe} = ${Number(g.g)} and ${contraSql(cfg.startDate)} = ${g.contra}
      )
      insert into partidas (municipality_id, lancamento_id, conta_id, debit, credit, conta_corrente, patrimonio_id)
      select ${m}::int, ${l.id}::bigint, ${Number(g.g)}::int, x.v, 0, x.cc, x.id from x
      union all
      select ${m}::int, ${l.id}::bigint, ${contra}::int, 0, x.v, x.cc, x.id from x`);
    out.push(Number(l.id));
  }
  return out;
}
