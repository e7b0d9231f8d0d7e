import { writeFile } from 'node:fs/promises';
import {
  CONTABILIDADE_MSG as M,
  CONTABILIDADE_RELATORIO_LIMITS as LIMITS,
  RELATORIO_MSG,
  competenciaBR,
  formatDate,
  formatDateTime,
  formatNumber,
  type LancamentoDiario,
  type MovimentoRazao,
} from '@tombo/shared';
import { read } from '../../../db/tx';
import { HttpError } from '../../../http/errors';
import { JobFailure, type JobContext, type UserJobHandler } from '../../../jobs/define';
import { PDF_MIME, XLSX_MIME } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { writeXlsx, type SheetSpec } from '../../../spreadsheet';
import { scopeOfMunicipality, type TenantScope } from '../../../tenancy/scope';
import { loadBranding } from '../../customization';
import { tituloDoRelatorio } from '../commands/relatorio';
import {
  cabecalhoDoRazao,
  paginaDoDiario,
  paginaDoRazao,
  totaisDoDiario,
  ultimoLancamento,
  type Posicao,
} from '../livros';
import { rmbDoMes } from '../rmb';
import type { ContabilidadeRelatorioPayload as Payload } from './contabilidade-relatorio-generate';
import { diarioHtml, papelFooter, razaoHtml, rmbHtml, type Papel } from './papeis-html';
import * as X from './papeis-xlsx';

/** Entries (or movements) read at a time from the database. */
const LOTE = 1000;

/** What a paper becomes: the HTML of its PDF, or the sheets of its XLSX (and how many rows, for the progress). */
type Saida = { html: string; codigo?: string } | { sheets: SheetSpec[]; linhas: number; codigo?: string };

/** Everything a paper's reads share: the job, its scope, the request, and the last entry id when it started. */
interface Leitura {
  ctx: JobContext;
  job: Parameters<UserJobHandler<Payload>>[1];
  scope: TenantScope;
  p: Payload;
  papel: Papel;
  ateId: number;
}

/** A query's 404 (an account not of the municipality's chart) as the job's pt-BR reason, not retried. */
const semRetentar = (err: unknown): never => {
  if (err instanceof HttpError) throw new JobFailure(err.message, false);
  throw err;
};

/** Refuses a PDF past the limit of lines (the XLSX takes any size). */
function caberNoPdf(linhas: number) {
  if (linhas > LIMITS.maxPdfLinhas)
    throw new JobFailure(M.pdfGrande(formatNumber(linhas), formatNumber(LIMITS.maxPdfLinhas)), false);
}

/** The XLSX's second sheet: who, what, when (what the PDF's header says). */
const identificacao = (l: Leitura, periodo: string, mais: Array<[string, string]> = []) =>
  X.identificacao([
    ['Prefeitura', l.papel.branding.prefeitura],
    ['Relatório', l.papel.titulo],
    ['Período', periodo],
    ...mais,
    ['Gerado em', formatDateTime(l.papel.geradoEm)],
  ]);

async function rmb(l: Leitura): Promise<Saida> {
  const r = await read(l.ctx, l.scope, (tx) => rmbDoMes(tx, l.scope, l.p.competencia!));
  if (l.p.formato === 'pdf') return { html: rmbHtml(l.papel, r) };
  const periodo = `Competência ${competenciaBR(r.competencia)}`;
  return { sheets: [X.rmbSheet(r), identificacao(l, periodo)], linhas: r.contas.length + 3 };
}

/** The journal's pages in order, each in its own read, bounded by the entry id the paper started at. */
async function* diarioEmLotes(l: Leitura) {
  let depois: Posicao | null = null;
  do {
    const f = { de: l.p.de!, ate: l.p.ate!, depois, limit: LOTE, ateId: l.ateId };
    const pagina: { lancamentos: LancamentoDiario[]; proxima: Posicao | null } = await read(l.ctx, l.scope, (tx) =>
      paginaDoDiario(tx, l.scope, f),
    );
    yield pagina.lancamentos;
    depois = pagina.proxima;
  } while (depois);
}

async function diario(l: Leitura): Promise<Saida> {
  const { de, ate } = { de: l.p.de!, ate: l.p.ate! };
  const totais = await read(l.ctx, l.scope, (tx) => totaisDoDiario(tx, l.scope, de, ate, l.ateId));
  if (l.p.formato === 'xlsx') {
    const linhas = async function* () {
      for await (const lote of diarioEmLotes(l)) yield lote.flatMap(X.diarioLinhas);
      yield [X.diarioTotal(totais)];
    };
    const sheet = { name: 'Diário', columns: X.DIARIO_COLUNAS, rows: linhas(), bold: X.negrito };
    return { sheets: [sheet, identificacao(l, `${formatDate(de)} a ${formatDate(ate)}`)], linhas: totais.lancamentos };
  }
  const lancamentos: LancamentoDiario[] = [];
  let linhas = 0;
  for await (const lote of diarioEmLotes(l)) {
    lancamentos.push(...lote);
    linhas += lote.reduce((n, x) => n + 1 + x.partidas.length, 0);
    caberNoPdf(linhas);
    await l.job.progress(5 + (45 * lancamentos.length) / Math.max(1, totais.lancamentos));
  }
  return { html: diarioHtml(l.papel, { de, ate, totais, lancamentos }) };
}

/** An account's ledger pages in order, the running balance carried from one to the next. */
async function* razaoEmLotes(l: Leitura, saldoInicial: bigint) {
  let depois: Posicao | null = null;
  let saldo = saldoInicial;
  do {
    const f = { contaId: l.p.contaId!, de: l.p.de!, ate: l.p.ate!, depois, limit: LOTE, ateId: l.ateId };
    const antes = saldo;
    const pagina: { movimentos: MovimentoRazao[]; proxima: Posicao | null; saldo: bigint } = await read(
      l.ctx,
      l.scope,
      (tx) => paginaDoRazao(tx, l.scope, f, antes),
    );
    yield pagina.movimentos;
    saldo = pagina.saldo;
    depois = pagina.proxima;
  } while (depois);
}

async function razao(l: Leitura): Promise<Saida> {
  const { de, ate } = { de: l.p.de!, ate: l.p.ate! };
  const { saldoNaPosicao, ...cab } = await read(l.ctx, l.scope, (tx) =>
    cabecalhoDoRazao(tx, l.scope, { contaId: l.p.contaId!, de, ate, ateId: l.ateId }),
  ).catch(semRetentar);
  const codigo = cab.conta.codigo;
  if (l.p.formato === 'xlsx') {
    const linhas = async function* () {
      yield [{ historico: `Saldo anterior a ${formatDate(de)}`, saldo: cab.saldoAnterior, negrito: true }];
      for await (const lote of razaoEmLotes(l, saldoNaPosicao)) yield lote.map(X.razaoLinha);
      const fim = `Totais do período e saldo em ${formatDate(ate)}`;
      yield [{ historico: fim, debito: cab.debitos, credito: cab.creditos, saldo: cab.saldoFinal, negrito: true }];
    };
    const sheet = { name: 'Razão', columns: X.RAZAO_COLUNAS, rows: linhas(), bold: X.negrito };
    const conta: [string, string] = ['Conta', `${codigo} — ${cab.conta.nome}`];
    return { sheets: [sheet, identificacao(l, `${formatDate(de)} a ${formatDate(ate)}`, [conta])], linhas: 0, codigo };
  }
  const movimentos: MovimentoRazao[] = [];
  for await (const lote of razaoEmLotes(l, saldoNaPosicao)) {
    movimentos.push(...lote);
    caberNoPdf(movimentos.length);
    await l.job.progress(Math.min(50, 5 + movimentos.length / 100));
  }
  return { html: razaoHtml(l.papel, { ...cab, movimentos }), codigo };
}

/** The file's name: the paper and what it covers ('livro-razao-1.2.3.1.1.02-2025-01-01-a-2025-01-31-…'). */
function nomeDoArquivo(p: Payload, codigo: string | undefined, geradoEm: Date): string {
  const periodo = `${p.de}-a-${p.ate}`;
  const nome =
    p.tipo === 'rmb'
      ? `demonstrativo-mensal-rmb-${p.competencia}`
      : p.tipo === 'diario'
        ? `livro-diario-${periodo}`
        : `livro-razao-${codigo}-${periodo}`;
  return `${nome}-gerado-${isoDay(geradoEm)}`;
}

/**
 * `contabilidade-relatorio.generate`: the monthly statement (RMB), the journal or an account's ledger of the
 * municipality, read from the entries up to the last one when the job started, as a PDF (Chromium: the header and
 * logo, page numbers, the signature lines) or an XLSX (money as numbers, dates as dates, totals in bold).
 */
export const run: UserJobHandler<Payload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure(M.relatorioSemMunicipio, false);
  const p = job.payload;
  const scope = scopeOfMunicipality(job.municipalityId);
  await job.progress(5);
  const inicio = await read(ctx, scope, async (tx) => ({
    branding: await loadBranding(tx, scope, ctx.config),
    titulo: await tituloDoRelatorio(tx, scope, p),
    ateId: await ultimoLancamento(tx, scope),
  })).catch(semRetentar);
  const papel: Papel = { branding: inicio.branding, titulo: inicio.titulo, geradoEm: new Date() };
  const l: Leitura = { ctx, job, scope, p, papel, ateId: inicio.ateId };
  const saida = await (p.tipo === 'rmb' ? rmb(l) : p.tipo === 'diario' ? diario(l) : razao(l));
  await job.progress(50);
  const file = job.tempPath(p.formato);
  const base = nomeDoArquivo(p, saida.codigo, papel.geradoEm);
  if ('sheets' in saida) {
    const total = Math.max(1, saida.linhas);
    await writeXlsx(file, saida.sheets, (n) => job.progress(50 + (45 * Math.min(n, total)) / total));
    return { tempPath: file, ext: 'xlsx', fileName: `${base}.xlsx`, mimeType: XLSX_MIME };
  }
  await job.progress(60);
  const pdf = await ctx
    .renderPdf(saida.html, { footerTemplate: papelFooter(papel), landscape: p.tipo === 'rmb', timeoutMs: 120_000 })
    .catch((err: unknown) => {
      throw new JobFailure(RELATORIO_MSG.renderFailed, true, err);
    });
  await writeFile(file, pdf);
  return { tempPath: file, ext: 'pdf', fileName: `${base}.pdf`, mimeType: PDF_MIME };
};
