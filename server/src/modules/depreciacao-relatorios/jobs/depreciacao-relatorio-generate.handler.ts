import { writeFile } from 'node:fs/promises';
import {
  DEPRECIACAO_RELATORIO_LIMITS,
  DEPRECIACAO_RELATORIO_MSG,
  RELATORIO_MSG,
  formatDate,
  formatMoney,
  formatNumber,
  type ReportBlock,
} from '@tombo/shared';
import { read } from '../../../db/tx';
import { HttpError } from '../../../http/errors';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { PDF_MIME, XLSX_MIME } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { loadBranding } from '../../customization';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import { writeXlsx, type FileColumn } from '../../../spreadsheet';
import { reportFileSlug, reportFooter, reportHtml } from '../../relatorios';
import { relatorioDepreciacao } from '../data';
import type { DepreciacaoRelatorioPayload } from './depreciacao-relatorio-generate';

const LAYOUT: ReportBlock[] = [
  { id: 'header', type: 'HEADER', x: 0, y: 0, w: 12, h: 1, styles: {}, props: {} },
  { id: 'totais', type: 'TEXT', x: 0, y: 1, w: 12, h: 1, styles: { fontSize: 10, bold: true }, props: {} },
  { id: 'table', type: 'TABLE', x: 0, y: 2, w: 12, h: 10, styles: { fontSize: 8 }, props: {} },
  { id: 'footer', type: 'FOOTER', x: 0, y: 12, w: 12, h: 1, styles: { fontSize: 8, align: 'center' }, props: {} },
];
const WIDE = new Set(['descricao', 'motivo', 'grupo']);

/** A cell as the PDF shows it. */
function shown(kind: string, v: unknown): string {
  if (v == null || v === '') return '—';
  if (kind === 'money') return formatMoney(String(v));
  if (kind === 'number') return formatNumber(Number(v));
  if (kind === 'date') return formatDate(String(v));
  return String(v);
}

/**
 * `depreciacao-relatorio.generate`: the report's rows under the requester's scope, as a PDF through the
 * reports' engine (HTML + Chromium, the municipality's header, a line of totals) or an XLSX with typed cells
 * (money as numbers, dates as dates) and a last row of totals.
 */
export const run: UserJobHandler<DepreciacaoRelatorioPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure(DEPRECIACAO_RELATORIO_MSG.noMunicipality, false);
  const { formato, filtros, sectorIds } = job.payload;
  const scope = scopeOfMunicipality(job.municipalityId, sectorIds);
  await job.progress(5);
  const { rel, branding } = await read(ctx, scope, async (tx) => ({
    rel: await relatorioDepreciacao(tx, scope, filtros),
    branding: await loadBranding(tx, scope, ctx.config),
  })).catch((err: unknown) => {
    if (err instanceof HttpError) throw new JobFailure(err.message, false);
    throw err;
  });
  await job.progress(50);
  const generatedAt = new Date();
  const base = `${reportFileSlug(rel.titulo)}-${isoDay(generatedAt)}`;
  const file = job.tempPath(formato);
  const totalLinha = Object.fromEntries(
    rel.colunas.map((c, i) => [c.key, i === 0 ? 'Total' : (rel.totais[c.key] ?? null)]),
  );

  if (formato === 'xlsx') {
    const columns: FileColumn[] = rel.colunas.map((c) => ({
      key: c.key,
      header: c.label,
      kind: c.kind,
      width: WIDE.has(c.key) ? 40 : c.kind === 'money' ? 18 : 16,
    }));
    const typed = (kind: string, v: unknown) =>
      kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : v;
    async function* rows() {
      for (let i = 0; i < rel.linhas.length; i += 2500)
        yield rel.linhas
          .slice(i, i + 2500)
          .map((l) => Object.fromEntries(rel.colunas.map((c) => [c.key, typed(c.kind, l[c.key])])));
      yield [totalLinha];
    }
    const progress = (done: number) => job.progress(50 + (45 * done) / Math.max(1, rel.linhas.length + 1));
    await writeXlsx(file, { name: 'Depreciação', columns, rows: rows() }, progress);
    return { tempPath: file, ext: 'xlsx', fileName: `${base}.xlsx`, mimeType: XLSX_MIME };
  }

  if (rel.linhas.length > DEPRECIACAO_RELATORIO_LIMITS.maxPdfRows)
    throw new JobFailure(
      DEPRECIACAO_RELATORIO_MSG.tooManyRows(formatNumber(DEPRECIACAO_RELATORIO_LIMITS.maxPdfRows)),
      false,
    );
  const rows = [...rel.linhas, totalLinha].map((l) =>
    Object.fromEntries(
      rel.colunas.map((c) => [c.key, c.key === rel.colunas[0].key ? String(l[c.key] ?? '—') : shown(c.kind, l[c.key])]),
    ),
  );
  const totais = rel.colunas
    .filter((c) => c.kind === 'money' && rel.totais[c.key] != null)
    .map((c) => `${c.label}: ${formatMoney(String(rel.totais[c.key]))}`)
    .join(' · ');
  const fechada = rel.ultimaFechada
    ? `Último mês fechado: ${rel.ultimaFechada.slice(5)}/${rel.ultimaFechada.slice(0, 4)}`
    : 'Nenhum mês fechado';
  const layout = LAYOUT.map((b) =>
    b.id === 'totais' ? { ...b, props: { content: [totais, fechada].filter(Boolean).join(' · ') } } : b,
  );
  const valorKey = rel.colunas.find((c) => c.key === 'valorContabil' || c.key === 'quota' || c.key === 'valor')?.key;
  const doc = {
    template: { name: rel.titulo, fields: [], layout },
    branding,
    filtrosText: rel.filtrosText,
    rows,
    columns: rel.colunas.map((c) => ({
      key: c.key,
      label: c.label,
      numeric: c.kind === 'money' || c.kind === 'number',
    })),
    noun: { one: 'linha', many: 'linhas' },
    total: rel.linhas.length,
    valorTotal: valorKey ? String(rel.totais[valorKey] ?? '0') : '0',
    charts: [],
    generatedAt,
    // The asset-by-asset report has eleven columns: on a portrait page its last ones were cut off.
    landscape: rel.colunas.length > 7,
  };
  await job.progress(60);
  const pdf = await ctx
    .renderPdf(reportHtml(doc), {
      footerTemplate: reportFooter({ ...doc, municipio: branding.municipio }),
      timeoutMs: 120_000,
    })
    .catch((err: unknown) => {
      throw new JobFailure(RELATORIO_MSG.renderFailed, true, err);
    });
  await writeFile(file, pdf);
  return { tempPath: file, ext: 'pdf', fileName: `${base}.pdf`, mimeType: PDF_MIME };
};
