import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  DEPRECIACAO_RELATORIO_TITULOS,
  centavos,
  decimal,
  formatDate,
  isoDayOf,
  type DepreciacaoRelatorio,
  type DepreciacaoRelatorioColuna,
  type DepreciacaoRelatorioFiltros,
  competenciaBR,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { depreciacaoEventos, depreciacaoLancamentos, patrimonios, sectors, tiposBens } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { ultimaFechada } from '../depreciacao';
import { bensWhere, figurasEm, type FiguraBem } from './figuras';

type Linha = Record<string, string | number | null>;
const col = (key: string, label: string, kind: DepreciacaoRelatorioColuna['kind'] = 'text') => ({ key, label, kind });
/** 'YYYY-MM' → 'MM/AAAA' */
const TIPO_EVENTO: Record<string, string> = {
  reavaliacao: 'Reavaliação',
  reducao: 'Redução ao valor recuperável',
  reversao: 'Reversão de redução',
};

/** The sum of the money columns of the rows, exact to the cent (and the number of assets when counted). */
function somar(
  linhas: Linha[],
  colunas: DepreciacaoRelatorioColuna[],
  contar?: string,
): Record<string, string | number> {
  const totais: Record<string, string | number> = {};
  for (const c of colunas.filter((x) => x.kind === 'money'))
    totais[c.key] = decimal(linhas.reduce((s, l) => s + (l[c.key] == null ? 0n : centavos(String(l[c.key]))), 0n));
  if (contar) totais[contar] = linhas.reduce((s, l) => s + Number(l[contar] ?? 0), 0);
  return totais;
}

/** 'Por período': the closed months' amounts between two competências, from the entries (depreciacao_lancamentos). */
async function porPeriodo(tx: Db, scope: TenantScope, f: DepreciacaoRelatorioFiltros) {
  const rows = await tx
    .select({
      competencia: depreciacaoLancamentos.competencia,
      bens: sql<number>`count(*)::int`,
      valorBruto: sql<string>`sum(${depreciacaoLancamentos.valorBruto})::text`,
      quota: sql<string>`sum(${depreciacaoLancamentos.quota})::text`,
      perdas: sql<string>`sum(${depreciacaoLancamentos.perdas})::text`,
      valorContabil: sql<string>`sum(${depreciacaoLancamentos.valorContabil})::text`,
    })
    .from(depreciacaoLancamentos)
    .innerJoin(patrimonios, eq(patrimonios.id, depreciacaoLancamentos.patrimonioId))
    .where(
      and(
        ofTenant(depreciacaoLancamentos, scope),
        bensWhere(scope, f),
        gte(depreciacaoLancamentos.competencia, f.competenciaDe!),
        lte(depreciacaoLancamentos.competencia, f.competenciaAte!),
        sql`exists (select 1 from depreciacao_closings fe where fe.municipality_id = ${depreciacaoLancamentos.municipalityId}
          and fe.competencia = ${depreciacaoLancamentos.competencia} and fe.status = 'concluido')`,
      ),
    )
    .groupBy(depreciacaoLancamentos.competencia)
    .orderBy(asc(depreciacaoLancamentos.competencia));
  const colunas = [
    col('competencia', 'Competência'),
    col('bens', 'Bens', 'number'),
    col('quota', 'Depreciação do mês', 'money'),
    col('valorBruto', 'Valor bruto', 'money'),
    col('perdas', 'Perdas por redução', 'money'),
    col('valorContabil', 'Valor contábil', 'money'),
  ];
  const linhas: Linha[] = rows.map((r) => ({
    competencia: competenciaBR(r.competencia),
    bens: r.bens,
    quota: decimal(centavos(r.quota)),
    valorBruto: decimal(centavos(r.valorBruto)),
    perdas: decimal(centavos(r.perdas)),
    valorContabil: decimal(centavos(r.valorContabil)),
  }));
  // Only the amounts add up over months; the balances are each month's.
  const totais = { quota: somar(linhas, colunas).quota };
  return { colunas, linhas, totais };
}

/** 'Por tipo' / 'Por setor': the assets' figures on the date, grouped. */
function agrupado(figuras: FiguraBem[], por: 'tipo' | 'setor') {
  const grupos = new Map<string, Linha>();
  const add = (l: Linha, k: string, v: string) => (l[k] = decimal(centavos(String(l[k])) + centavos(v)));
  for (const b of figuras) {
    const nome = (por === 'tipo' ? b.tipo : b.setor) ?? 'Sem tipo';
    const l = grupos.get(nome) ?? {
      grupo: nome,
      bens: 0,
      valorBruto: '0.00',
      acumulada: '0.00',
      perdas: '0.00',
      valorContabil: '0.00',
      quota: '0.00',
    };
    l.bens = Number(l.bens) + 1;
    add(l, 'valorBruto', b.valorBruto);
    add(l, 'acumulada', b.acumulada);
    add(l, 'perdas', b.perdas);
    add(l, 'valorContabil', b.valorContabil);
    add(l, 'quota', b.quota);
    grupos.set(nome, l);
  }
  const colunas = [
    col('grupo', por === 'tipo' ? 'Tipo de bem' : 'Setor'),
    col('bens', 'Bens', 'number'),
    col('valorBruto', 'Valor bruto', 'money'),
    col('acumulada', 'Depreciação acumulada', 'money'),
    col('perdas', 'Perdas por redução', 'money'),
    col('valorContabil', 'Valor contábil', 'money'),
    col('quota', 'Depreciação do mês', 'money'),
  ];
  const linhas = [...grupos.values()].sort((a, b) => String(a.grupo).localeCompare(String(b.grupo), 'pt-BR'));
  return { colunas, linhas, totais: somar(linhas, colunas, 'bens') };
}

/** 'Valor contábil em uma data': one row per asset. */
function porBem(figuras: FiguraBem[]) {
  const colunas = [
    col('numero', 'Nº Patrimônio'),
    col('descricao', 'Descrição do Bem'),
    col('setor', 'Setor'),
    col('tipo', 'Tipo'),
    col('entrada', 'Entrada em serviço', 'date'),
    col('vidaUtilMeses', 'Vida útil (meses)', 'number'),
    col('valorBruto', 'Valor bruto', 'money'),
    col('acumulada', 'Depreciação acumulada', 'money'),
    col('perdas', 'Perdas por redução', 'money'),
    col('valorContabil', 'Valor contábil', 'money'),
    col('origem', 'Origem'),
  ];
  const linhas: Linha[] = figuras.map((b) => ({
    numero: b.numero,
    descricao: b.descricao,
    setor: b.setor,
    tipo: b.tipo,
    entrada: b.entrada,
    vidaUtilMeses: b.vidaUtilMeses,
    valorBruto: b.valorBruto,
    acumulada: b.acumulada,
    perdas: b.perdas,
    valorContabil: b.valorContabil,
    origem: b.fechado ? 'Fechado' : 'Projetado',
  }));
  return { colunas, linhas, totais: { ...somar(linhas, colunas), bens: linhas.length } };
}

/** 'Reavaliações e reduções': the value events with their document and reason. */
async function eventos(tx: Db, scope: TenantScope, f: DepreciacaoRelatorioFiltros) {
  const rows = await tx
    .select({
      competencia: depreciacaoEventos.competencia,
      numero: patrimonios.numeroPatrimonio,
      descricao: patrimonios.descricaoBem,
      setor: patrimonios.setorNome,
      tipo: depreciacaoEventos.tipo,
      valor: depreciacaoEventos.valor,
      documento: depreciacaoEventos.documento,
      motivo: depreciacaoEventos.motivo,
      autor: depreciacaoEventos.createdByName,
    })
    .from(depreciacaoEventos)
    .innerJoin(patrimonios, eq(patrimonios.id, depreciacaoEventos.patrimonioId))
    .where(
      and(
        ofTenant(depreciacaoEventos, scope),
        bensWhere(scope, f),
        f.competenciaDe ? gte(depreciacaoEventos.competencia, f.competenciaDe) : undefined,
        f.competenciaAte ? lte(depreciacaoEventos.competencia, f.competenciaAte) : undefined,
      ),
    )
    .orderBy(asc(depreciacaoEventos.competencia), asc(depreciacaoEventos.id));
  const colunas = [
    col('competencia', 'Competência'),
    col('numero', 'Nº Patrimônio'),
    col('descricao', 'Descrição do Bem'),
    col('setor', 'Setor'),
    col('tipo', 'Lançamento'),
    col('valor', 'Valor', 'money'),
    col('documento', 'Documento'),
    col('motivo', 'Motivo'),
    col('autor', 'Registrado por'),
  ];
  const linhas: Linha[] = rows.map((r) => ({
    ...r,
    competencia: competenciaBR(r.competencia),
    tipo: TIPO_EVENTO[r.tipo] ?? r.tipo,
    valor: r.valor == null ? null : decimal(centavos(r.valor)),
  }));
  return { colunas, linhas, totais: { lancamentos: linhas.length } };
}

/** The filters in words for the report's header. */
async function descrever(tx: Db, scope: TenantScope, f: DepreciacaoRelatorioFiltros, data: string): Promise<string> {
  const parts: string[] = [];
  if (f.tipo === 'periodo' || f.tipo === 'eventos') {
    if (f.competenciaDe) parts.push(`De ${competenciaBR(f.competenciaDe)}`);
    if (f.competenciaAte) parts.push(`Até ${competenciaBR(f.competenciaAte)}`);
  } else parts.push(`Data: ${formatDate(data)}`);
  if (f.sectorId) {
    const [s] = await tx
      .select({ name: sectors.name })
      .from(sectors)
      .where(and(eq(sectors.id, f.sectorId), ofTenant(sectors, scope)));
    parts.push(`Setor: ${s?.name ?? `#${f.sectorId}`}`);
  }
  if (f.tipoId) {
    const [t] = await tx
      .select({ name: tiposBens.name })
      .from(tiposBens)
      .where(and(eq(tiposBens.id, f.tipoId), ofTenant(tiposBens, scope)));
    parts.push(`Tipo: ${t?.name ?? `#${f.tipoId}`}`);
  }
  return parts.join(' · ');
}

/** A depreciation report's data under the scope (a `usuario`: their sectors' assets only). */
export async function relatorioDepreciacao(
  tx: Db,
  scope: TenantScope,
  f: DepreciacaoRelatorioFiltros,
): Promise<DepreciacaoRelatorio> {
  const data = f.data ?? isoDayOf(new Date());
  const corpo =
    f.tipo === 'periodo'
      ? await porPeriodo(tx, scope, f)
      : f.tipo === 'eventos'
        ? await eventos(tx, scope, f)
        : f.tipo === 'valor_contabil'
          ? porBem(await figurasEm(tx, scope, f, data))
          : agrupado(await figurasEm(tx, scope, f, data), f.tipo);
  return {
    tipo: f.tipo,
    titulo: DEPRECIACAO_RELATORIO_TITULOS[f.tipo],
    filtrosText: await descrever(tx, scope, f, data),
    ...corpo,
    ultimaFechada: await ultimaFechada(tx, scope),
  };
}
