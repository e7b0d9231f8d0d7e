import {
  FATO_CONTABIL_LABELS,
  RMB_GRUPOS,
  RMB_GRUPO_LABELS,
  type LancamentoDiario,
  type MovimentoRazao,
  type Rmb,
  type RmbTotais,
} from '@tombo/shared';
import type { FileColumn, SheetSpec } from '../../../spreadsheet';

type Linha = Record<string, unknown>;
const col = (key: string, header: string, kind: FileColumn['kind'] = 'text', width = 16): FileColumn => ({
  key,
  header,
  kind,
  width,
});
/** A day 'YYYY-MM-DD' as the writer's date cell (a UTC midnight). */
const dia = (d: string) => new Date(`${d}T00:00:00Z`);
/** The rows written bold: titles and totals. */
export const negrito = (r: Linha) => r.negrito === true;

/** The second sheet of every paper: who, what and when, as the PDF's header says it. */
export function identificacao(linhas: Array<[string, string]>): SheetSpec {
  return {
    name: 'Identificação',
    columns: [col('campo', 'Campo', 'text', 24), col('valor', 'Valor', 'text', 80)],
    rows: [linhas.map(([campo, valor]) => ({ campo, valor }))],
    header: false,
  };
}

const COLUNAS_RMB: Array<[keyof RmbTotais, string]> = [
  ['saldoAnterior', 'Saldo anterior'],
  ['incorporacoes', 'Incorporações'],
  ['baixas', 'Baixas'],
  ['transferencias', 'Transferências'],
  ['depreciacao', 'Depreciação'],
  ['reavaliacaoReducao', 'Reavaliação / redução'],
  ['saldoAtual', 'Saldo atual'],
];

/** The statement: one row per account, móveis then imóveis, each group's total, then the grand total (bold). */
export function rmbSheet(r: Rmb): SheetSpec {
  const valores = (t: RmbTotais) => Object.fromEntries(COLUNAS_RMB.map(([k]) => [k, t[k]]));
  const linhas: Linha[] = [];
  for (const g of RMB_GRUPOS) {
    const nome = RMB_GRUPO_LABELS[g];
    for (const c of r.contas.filter((x) => x.grupo === g))
      linhas.push({ grupo: nome, codigo: c.conta.codigo, nome: c.conta.nome, ...valores(c) });
    linhas.push({ grupo: nome, nome: `Total de ${nome.toLowerCase()}`, ...valores(r.subtotais[g]), negrito: true });
  }
  linhas.push({
    grupo: 'Total geral',
    nome: 'Total geral (móveis e imóveis)',
    ...valores(r.totais),
    negrito: true,
  });
  return {
    name: 'Demonstrativo',
    columns: [
      col('grupo', 'Grupo', 'text', 14),
      col('codigo', 'Conta', 'text', 14),
      col('nome', 'Nome da conta', 'text', 44),
      ...COLUNAS_RMB.map(([k, l]) => col(k, l, 'money', 18)),
    ],
    rows: [linhas],
    bold: negrito,
  };
}

/** The journal's columns: one row per account and side of each entry (the lines of a close summed per account). */
export const DIARIO_COLUNAS: FileColumn[] = [
  col('data', 'Data', 'date', 12),
  col('lancamento', 'Nº', 'number', 10),
  col('fato', 'Fato', 'text', 18),
  col('historico', 'Histórico', 'text', 50),
  col('codigo', 'Conta', 'text', 14),
  col('conta', 'Nome da conta', 'text', 40),
  col('debito', 'Débito', 'money', 18),
  col('credito', 'Crédito', 'money', 18),
  col('bens', 'Bens (linhas)', 'number', 12),
  col('estornoDe', 'Estorno do nº', 'number', 12),
  col('estornadoPor', 'Estornado pelo nº', 'number', 14),
];

/** An entry's rows (one with empty account columns when it has no lines). */
export function diarioLinhas(l: LancamentoDiario): Linha[] {
  const base = {
    data: dia(l.data),
    lancamento: l.id,
    fato: FATO_CONTABIL_LABELS[l.fato] ?? l.fato,
    historico: l.historico,
    estornoDe: l.estornoDe,
    estornadoPor: l.estornadoPor,
  };
  if (!l.partidas.length) return [base];
  return l.partidas.map((p) => ({
    ...base,
    codigo: p.conta.codigo,
    conta: p.conta.nome,
    debito: Number(p.debito) ? p.debito : null,
    credito: Number(p.credito) ? p.credito : null,
    bens: p.linhas,
  }));
}

/** The journal's last row: the period's totals (bold). */
export const diarioTotal = (t: { lancamentos: number; debito: string; credito: string }): Linha => ({
  historico: `Totais do período (${t.lancamentos} lançamentos)`,
  debito: t.debito,
  credito: t.credito,
  negrito: true,
});

/** The ledger's columns: the balance before the period, one row per entry that moved the account, the totals. */
export const RAZAO_COLUNAS: FileColumn[] = [
  col('data', 'Data', 'date', 12),
  col('lancamento', 'Nº', 'number', 10),
  col('fato', 'Fato', 'text', 18),
  col('historico', 'Histórico', 'text', 54),
  col('debito', 'Débito', 'money', 18),
  col('credito', 'Crédito', 'money', 18),
  col('bens', 'Bens (linhas)', 'number', 12),
  col('saldo', 'Saldo', 'money', 18),
];

/** One movement of the ledger as a row. */
export const razaoLinha = (m: MovimentoRazao): Linha => ({
  data: dia(m.data),
  lancamento: m.lancamentoId,
  fato: FATO_CONTABIL_LABELS[m.fato] ?? m.fato,
  historico: m.estornoDe != null ? `${m.historico} (estorno do nº ${m.estornoDe})` : m.historico,
  debito: Number(m.debito) ? m.debito : null,
  credito: Number(m.credito) ? m.credito : null,
  bens: m.linhas,
  saldo: m.saldo,
});
