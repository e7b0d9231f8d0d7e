import { and, asc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  calcularCronograma,
  centavos,
  competenciaDe,
  decimal,
  mesIndice,
  ultimoDia,
  type BemDepreciavel,
  type EventoValor,
  type RegrasDepreciacao,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { depreciacaoEventos, depreciacaoLancamentos, patrimonios, tiposBens } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { paraEventoValor, regrasDoMunicipio, ultimaFechada } from '../depreciacao';

/** The report's asset filters: the scope (a `usuario`: their sectors), a sector, a type. */
export interface FiltroBens {
  sectorId?: number;
  tipoId?: number;
}

/** WHERE over `patrimonios`: the municipality, the user's sectors and the filters. */
export function bensWhere(scope: TenantScope, f: FiltroBens): SQL {
  const c: SQL[] = [ofTenant(patrimonios, scope)];
  if (scope.sectorIds)
    c.push(scope.sectorIds.length ? inArray(patrimonios.sectorId, [...scope.sectorIds]) : sql`false`);
  if (f.sectorId) c.push(eq(patrimonios.sectorId, f.sectorId));
  if (f.tipoId) c.push(eq(patrimonios.tipoId, f.tipoId));
  return and(...c)!;
}

/** The competência whose figures hold on a date: the last one ended on or before it (amounts are booked on the last day). */
export function competenciaEm(data: string): string {
  const mes = data.slice(0, 7);
  return ultimoDia(mes) <= data ? mes : competenciaDe(mesIndice(mes) - 1);
}

/** One asset's figures on a date; money as decimal strings. */
export interface FiguraBem {
  id: number;
  numero: string;
  descricao: string;
  sectorId: number;
  setor: string;
  tipo: string | null;
  entrada: string;
  vidaUtilMeses: number;
  valorBruto: string;
  acumulada: string;
  perdas: string;
  valorContabil: string;
  /** The amount of the competência of the date. */
  quota: string;
  /** From a closed entry, or projected by the rules. */
  fechado: boolean;
}

/** The figures from the rules (`calcularCronograma`) at the end of `comp`, with the asset's events up to it. */
function projetar(
  bem: BemDepreciavel,
  regras: RegrasDepreciacao,
  eventos: EventoValor[],
  comp: string,
): Pick<FiguraBem, 'valorBruto' | 'acumulada' | 'perdas' | 'valorContabil' | 'quota'> {
  const ate = eventos.filter((e) => e.competencia <= comp);
  const mes = calcularCronograma(bem, regras, ate, comp).meses.find((m) => m.competencia === comp);
  const reav = ate.filter((e) => e.tipo === 'reavaliacao').at(-1);
  const bruto = centavos(reav && reav.tipo === 'reavaliacao' ? reav.valor : bem.valorAquisicao);
  if (!mes) {
    const custo = decimal(bruto);
    return { valorBruto: custo, acumulada: '0.00', perdas: '0.00', valorContabil: custo, quota: '0.00' };
  }
  return {
    valorBruto: decimal(bruto),
    acumulada: mes.acumulada,
    perdas: decimal(bruto - centavos(mes.acumulada) - centavos(mes.valorContabil)),
    valorContabil: mes.valorContabil,
    quota: mes.quota,
  };
}

/**
 * Every depreciated asset in service on `data` (the close's rules: not written off, a depreciable type, a
 * useful life, not before the cut-over date) with its figures: the closed entry of the date's competência
 * where there is one, else the rules (`calcularCronograma`) with its revaluations and impairments.
 * Sorted by asset number.
 */
export async function figurasEm(tx: Db, scope: TenantScope, f: FiltroBens, data: string): Promise<FiguraBem[]> {
  const { regras, dataCorte } = await regrasDoMunicipio(tx, scope);
  const comp = competenciaEm(data);
  const fechada = await ultimaFechada(tx, scope);
  const where = bensWhere(scope, f);
  const bens = await tx
    .select({
      id: patrimonios.id,
      numero: patrimonios.numeroPatrimonio,
      descricao: patrimonios.descricaoBem,
      sectorId: patrimonios.sectorId,
      setor: patrimonios.setorNome,
      tipo: patrimonios.tipoNome,
      custo: patrimonios.valorAquisicao,
      aquisicao: patrimonios.dataAquisicao,
      entrada: sql<string | null>`coalesce(${patrimonios.dataEntradaServico}, ${patrimonios.dataAquisicao})`,
      vida: sql<number | null>`coalesce(${patrimonios.vidaUtilMeses}, ${tiposBens.usefulLifeMonths})`,
      residual: sql<string>`coalesce(${patrimonios.residualPct}, ${tiposBens.residualValuePct}, 0)::text`,
    })
    .from(patrimonios)
    .leftJoin(tiposBens, eq(tiposBens.id, patrimonios.tipoId))
    .where(
      and(
        where,
        ne(patrimonios.status, 'baixado'),
        sql`coalesce(${tiposBens.depreciable}, true)`,
        sql`coalesce(${patrimonios.vidaUtilMeses}, ${tiposBens.usefulLifeMonths}) > 0`,
        sql`coalesce(${patrimonios.dataEntradaServico}, ${patrimonios.dataAquisicao}) <= ${data}::date`,
        dataCorte
          ? sql`coalesce(${patrimonios.dataAquisicao}, ${patrimonios.dataEntradaServico}) >= ${dataCorte}::date`
          : undefined,
      ),
    )
    .orderBy(asc(patrimonios.numeroPatrimonio), asc(patrimonios.id));
  const entradas = new Map<number, typeof depreciacaoLancamentos.$inferSelect>();
  if (fechada && comp <= fechada)
    for (const l of await tx
      .select()
      .from(depreciacaoLancamentos)
      .where(and(ofTenant(depreciacaoLancamentos, scope), eq(depreciacaoLancamentos.competencia, comp))))
      entradas.set(l.patrimonioId, l);
  const eventos = new Map<number, EventoValor[]>();
  for (const e of await tx
    .select()
    .from(depreciacaoEventos)
    .where(and(ofTenant(depreciacaoEventos, scope), lte(depreciacaoEventos.competencia, comp)))
    .orderBy(asc(depreciacaoEventos.competencia), asc(depreciacaoEventos.id)))
    eventos.set(e.patrimonioId, [...(eventos.get(e.patrimonioId) ?? []), paraEventoValor(e)]);

  return bens.map((b) => {
    const base = {
      id: b.id,
      numero: b.numero,
      descricao: b.descricao,
      sectorId: b.sectorId,
      setor: b.setor,
      tipo: b.tipo,
      entrada: b.entrada!,
      vidaUtilMeses: b.vida!,
    };
    const l = entradas.get(b.id);
    if (l)
      return {
        ...base,
        valorBruto: decimal(centavos(l.valorBruto)),
        acumulada: decimal(centavos(l.acumulada)),
        perdas: decimal(centavos(l.perdas)),
        valorContabil: decimal(centavos(l.valorContabil)),
        quota: decimal(centavos(l.quota)),
        fechado: true,
      };
    const bem: BemDepreciavel = {
      valorAquisicao: decimal(centavos(b.custo)),
      residualPct: Number(b.residual),
      vidaUtilMeses: b.vida!,
      dataEntradaServico: b.entrada!,
    };
    return { ...base, ...projetar(bem, regras, eventos.get(b.id) ?? [], comp), fechado: false };
  });
}
