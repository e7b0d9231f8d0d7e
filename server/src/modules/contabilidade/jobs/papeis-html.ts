import {
  CONTABILIDADE_ASSINATURAS as ASSINATURA,
  FATO_CONTABIL_LABELS,
  RMB_GRUPOS,
  RMB_GRUPO_LABELS,
  competenciaBR,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  ultimoDia,
  type DiarioPagina,
  type DocumentoLancamento,
  type LancamentoDiario,
  type Razao,
  type Rmb,
  type RmbTotais,
} from '@tombo/shared';
import { BRANDING_CSS, brandingHeader, type Branding } from '../../../render/branding';
import { html, raw, REPORT_CSS, type Safe } from '../../../render/html';

/** What every paper carries: the municipality's header, its title and when it was generated. */
export interface Papel {
  branding: Branding;
  titulo: string;
  geradoEm: Date;
}

const CSS = `
  p.nota { font-size: 8pt; color: #444; margin: 0 0 8px; }
  h2 { font-size: 11pt; margin: 12px 0 4px; color: #1f4e79; }
  table.livro { font-size: 8pt; }
  table.livro td.num, table.livro th.num { text-align: right; white-space: nowrap; width: 24mm; }
  table.livro td.data { white-space: nowrap; width: 19mm; }
  table.livro .nro { white-space: nowrap; width: 13mm; text-align: right; }
  table.livro th.data { width: 19mm; }
  table.livro tr.lancamento td { background: #eef3f8; border-top: 1.5px solid #7a8ea3; }
  table.livro td.credito { padding-left: 8mm; }
  table.livro small { color: #555; }
  table.livro tfoot { display: table-row-group; }
  table.livro tfoot td, table.livro tr.total td { font-weight: bold; background: #e8eef5; }
  table.rmb td.num, table.rmb th.num { width: 9.5%; }
  table.rmb th.num { white-space: normal; }
  p.local { margin-top: 12mm; }
  .signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 14mm; margin-top: 20mm; page-break-inside: avoid; }
  .signature { border-top: 1px solid #1b1b1b; padding-top: 3px; text-align: center; font-size: 9pt; }
  .signature small { display: block; color: #555; }
`;
const LANDSCAPE = `@page { size: A4 landscape; }`;

/** An amount as the papers print it: pt-BR, two places, no symbol (the paper says "R$"); '' for an empty side. */
const valor = (v: string, vazioSeZero = false) => (vazioSeZero && Number(v) === 0 ? '' : formatDecimal(v, 2));

/** The page around a paper's body: header, the place and date, the signature lines. */
function pagina(p: Papel, meta: string, corpo: Safe, landscape = false): string {
  return html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${p.titulo}</title>
<style>${raw(REPORT_CSS)}${raw(BRANDING_CSS)}${raw(CSS)}${raw(landscape ? LANDSCAPE : '')}</style></head>
<body>
  ${brandingHeader(p.branding, p.titulo, `Gerado em ${formatDateTime(p.geradoEm)} · ${meta}`)}
  ${corpo}
  <p class="local">${p.branding.municipio}, ${formatDate(p.geradoEm)}.</p>
  <div class="signatures">
    <div class="signature">${ASSINATURA.contador}<small>${ASSINATURA.contadorNota}</small></div>
    <div class="signature">${ASSINATURA.patrimonio}<small>${p.branding.departamento || ASSINATURA.patrimonioNota}</small></div>
  </div>
</body></html>`.html;
}

/** Chromium footer: the paper, the municipality, when, and 'Página X de Y' (its own tiny document; styles inline). */
export function papelFooter(p: Papel): string {
  return html`<div style="font-family: Arial, sans-serif; font-size: 8px; color: #555; width: 100%; padding: 0 12mm; display: flex; justify-content: space-between; gap: 12px;">
  <span>${p.titulo} · ${p.branding.municipio} · gerado em ${formatDateTime(p.geradoEm)}</span>
  <span style="white-space: nowrap">Página <span class="pageNumber"></span> de <span class="totalPages"></span></span>
</div>`.html;
}

const COLUNAS_RMB: ReadonlyArray<[keyof RmbTotais, string]> = [
  ['saldoAnterior', 'Saldo anterior'],
  ['incorporacoes', 'Incorporações'],
  ['baixas', 'Baixas'],
  ['transferencias', 'Transferências'],
  ['depreciacao', 'Depreciação'],
  ['reavaliacaoReducao', 'Reavaliação / redução'],
  ['saldoAtual', 'Saldo atual'],
];
const cabecalhoRmb = html`<thead><tr><th>Conta</th>${COLUNAS_RMB.map(([, l]) => html`<th class="num">${l}</th>`)}</tr></thead>`;
const valoresRmb = (t: RmbTotais) => COLUNAS_RMB.map(([k]) => html`<td class="num">${valor(t[k])}</td>`);

/** The monthly statement (RMB): móveis and imóveis per account with their totals, then the grand total. */
export function rmbHtml(p: Papel, r: Rmb): string {
  const mes = competenciaBR(r.competencia);
  const grupos = RMB_GRUPOS.map((g) => {
    const contas = r.contas.filter((c) => c.grupo === g);
    const nome = RMB_GRUPO_LABELS[g];
    return html`<h2>${nome}</h2>${
      contas.length
        ? html`<table class="livro rmb">${cabecalhoRmb}<tbody>${contas.map(
            (c) => html`<tr><td>${c.conta.codigo} — ${c.conta.nome}</td>${valoresRmb(c)}</tr>`,
          )}</tbody><tfoot><tr><td>Total de ${nome.toLowerCase()}</td>${valoresRmb(r.subtotais[g])}</tr></tfoot></table>`
        : html`<p class="empty">Nenhuma conta de ${nome.toLowerCase()} com lançamentos até ${mes}.</p>`
    }`;
  });
  const corpo = html`<p class="nota">Competência ${mes}: de ${formatDate(`${r.competencia}-01`)} a ${formatDate(ultimoDia(r.competencia))}.
  Valores em reais (R$), somados dos lançamentos contábeis; as contas redutoras (−) com sinal negativo.
  ${r.fechada ? 'Mês fechado: a depreciação do mês está lançada.' : 'Mês ainda não fechado: a depreciação do mês não está nos saldos.'}</p>
  ${grupos}
  <h2>Total geral</h2>
  <table class="livro rmb">${cabecalhoRmb}<tbody><tr class="total"><td>Total geral (móveis e imóveis)</td>${valoresRmb(r.totais)}</tr></tbody></table>`;
  return pagina(p, `Competência ${mes} · ${r.fechada ? 'mês fechado' : 'mês não fechado'}`, corpo, true);
}

/** The supporting document of an entry in a line: process, invoice, commitment, reversal links. */
function documento(d: DocumentoLancamento, l: { estornoDe: number | null; estornadoPor?: number | null }): string {
  return [
    d.numero ? `Bem ${d.numero}` : '',
    d.processo ? `Processo ${d.processo}` : '',
    d.notaFiscal ? `NF ${d.notaFiscal}` : '',
    d.empenho ? `Empenho ${d.empenho}` : '',
    d.referencia ? `Documento ${d.referencia}` : '',
    l.estornoDe != null ? `estorno do nº ${l.estornoDe}` : '',
    l.estornadoPor != null ? `estornado pelo nº ${l.estornadoPor}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

const bens = (n: number) => (n > 1 ? ` (${formatCount(n, 'bem', 'bens')})` : '');

function lancamentoDiario(l: LancamentoDiario): Safe {
  const doc = documento(l.documento, l);
  return html`<tr class="lancamento"><td class="data">${formatDate(l.data)}</td><td class="nro">${l.id}</td>
    <td colspan="3"><b>${FATO_CONTABIL_LABELS[l.fato] ?? l.fato}</b> — ${l.historico}${doc ? html`<br><small>${doc}</small>` : raw('')}</td></tr>
  ${l.partidas.map(
    (x) => html`<tr><td></td><td></td>
      <td class="${Number(x.credito) > 0 ? 'credito' : ''}">${x.conta.codigo} — ${x.conta.nome}${bens(x.linhas)}</td>
      <td class="num">${valor(x.debito, true)}</td><td class="num">${valor(x.credito, true)}</td></tr>`,
  )}`;
}

/** The journal (diário): every entry of the period in date order with its accounts, debits and credits. */
export function diarioHtml(p: Papel, d: Pick<DiarioPagina, 'de' | 'ate' | 'totais' | 'lancamentos'>): string {
  const periodo = `${formatDate(d.de)} a ${formatDate(d.ate)}`;
  const corpo = html`<p class="nota">Lançamentos de ${periodo} na ordem dos fatos, com as contas debitadas e creditadas
  (as creditadas recuadas). Valores em reais (R$); um lançamento com uma linha por bem mostra a soma por conta e o número de bens.</p>
  ${
    d.lancamentos.length
      ? html`<table class="livro">
    <thead><tr><th class="data">Data</th><th class="nro">Nº</th><th>Histórico e contas</th><th class="num">Débito</th><th class="num">Crédito</th></tr></thead>
    <tbody>${d.lancamentos.map(lancamentoDiario)}</tbody>
    <tfoot><tr><td colspan="3">Totais do período (${formatCount(d.totais.lancamentos, 'lançamento', 'lançamentos')})</td>
      <td class="num">${valor(d.totais.debito)}</td><td class="num">${valor(d.totais.credito)}</td></tr></tfoot>
  </table>`
      : html`<p class="empty">Nenhum lançamento de ${periodo}.</p>`
  }`;
  return pagina(p, `Período ${periodo} · ${formatCount(d.totais.lancamentos, 'lançamento', 'lançamentos')}`, corpo);
}

/** The ledger of one account (razão): the balance before the period, each entry that moved it, the closing balance. */
export function razaoHtml(p: Papel, r: Omit<Razao, 'cursor'>): string {
  const periodo = `${formatDate(r.de)} a ${formatDate(r.ate)}`;
  const corpo = html`<h2>Conta ${r.conta.codigo} — ${r.conta.nome}</h2>
  <p class="nota">Período ${periodo}. Valores em reais (R$); o saldo é débitos − créditos (devedor positivo, credor
  negativo).</p>
  <table class="livro">
    <thead><tr><th class="data">Data</th><th class="nro">Nº</th><th>Histórico</th><th class="num">Débito</th><th class="num">Crédito</th><th class="num">Saldo</th></tr></thead>
    <tbody>
      <tr class="total"><td colspan="5">Saldo anterior a ${formatDate(r.de)}</td><td class="num">${valor(r.saldoAnterior)}</td></tr>
      ${r.movimentos.map(
        (m) => html`<tr><td class="data">${formatDate(m.data)}</td><td class="nro">${m.lancamentoId}</td>
        <td><b>${FATO_CONTABIL_LABELS[m.fato] ?? m.fato}</b> — ${m.historico}${bens(m.linhas)}${
          m.estornoDe != null ? html`<br><small>estorno do nº ${m.estornoDe}</small>` : raw('')
        }</td>
        <td class="num">${valor(m.debito, true)}</td><td class="num">${valor(m.credito, true)}</td><td class="num">${valor(m.saldo)}</td></tr>`,
      )}
    </tbody>
    <tfoot><tr><td colspan="3">Totais do período e saldo em ${formatDate(r.ate)}</td><td class="num">${valor(r.debitos)}</td>
      <td class="num">${valor(r.creditos)}</td><td class="num">${valor(r.saldoFinal)}</td></tr></tfoot>
  </table>
  ${r.movimentos.length ? raw('') : html`<p class="empty">Nenhum movimento da conta de ${periodo}.</p>`}`;
  return pagina(p, `Conta ${r.conta.codigo} · Período ${periodo}`, corpo);
}
