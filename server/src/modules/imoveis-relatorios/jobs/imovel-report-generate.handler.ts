import { writeFile } from 'node:fs/promises';
import {
  IMOVEL_RELATORIO_LIMITS,
  IMOVEL_RELATORIO_MSG,
  RELATORIO_MSG,
  formatDecimal,
  type ReportBlock,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { read } from '../../../db/tx';
import { HttpError } from '../../../http/errors';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { PDF_MIME, XLSX_MIME } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { loadBranding } from '../../customization';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import { writeXlsx, type FileColumn } from '../../../spreadsheet';
import { reportFileSlug, reportFooter, reportHtml } from '../../relatorios';
import {
  describeImovelFiltros,
  displayValue,
  effectiveImovelFiltros,
  imovelColumns,
  imovelReportChunks,
  imovelReportTotals,
  imovelReportWhere,
  rawValue,
  readImovelChunk,
  sheetValue,
  type ImovelColumn,
} from '../data';
import { findImovelReportTemplate } from '../queries';
import type { ImovelReportGeneratePayload } from './imovel-report-generate';

const NOUN = { one: 'imóvel', many: 'imóveis' };
const num = new Intl.NumberFormat('pt-BR');
/** The page of a property report: the asset reports' tabular layout with a line of area totals. */
const LAYOUT: ReportBlock[] = [
  { id: 'header', type: 'HEADER', x: 0, y: 0, w: 12, h: 1, styles: {}, props: {} },
  { id: 'areas', type: 'TEXT', x: 0, y: 1, w: 12, h: 1, styles: { fontSize: 10 }, props: {} },
  { id: 'table', type: 'TABLE', x: 0, y: 2, w: 12, h: 10, styles: { fontSize: 9 }, props: {} },
  { id: 'footer', type: 'FOOTER', x: 0, y: 12, w: 12, h: 1, styles: { fontSize: 8, align: 'center' }, props: {} },
];
const SHEET_KIND = { text: 'text', number: 'number', area: 'number', money: 'money', date: 'date' } as const;
const tooMany = () =>
  new JobFailure(IMOVEL_RELATORIO_MSG.tooManyRows(num.format(IMOVEL_RELATORIO_LIMITS.maxRows)), false);

/**
 * `imovel-report.generate`: the template's columns over the matching properties, as a PDF through the
 * reports' engine (HTML + Chromium, the municipality's header) or as an XLSX through the exports' writer.
 */
export const run: UserJobHandler<ImovelReportGeneratePayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure(IMOVEL_RELATORIO_MSG.noMunicipality, false);
  const scope = scopeOfMunicipality(job.municipalityId);
  const inScope = <T>(fn: (tx: Db) => Promise<T>) => read(ctx, scope, fn);
  const head = await inScope(async (tx) => {
    const template = await findImovelReportTemplate(tx, scope, job.payload.templateId);
    const filtros = effectiveImovelFiltros(template.filters, job.payload.filtros);
    const where = imovelReportWhere(scope, filtros);
    return {
      template,
      where,
      columns: await imovelColumns(tx, scope, template.fields),
      totals: await imovelReportTotals(tx, where),
      filtrosText: await describeImovelFiltros(tx, scope, filtros),
      branding: await loadBranding(tx, scope, ctx.config),
    };
  }).catch((err: unknown) => {
    if (err instanceof HttpError) throw new JobFailure(err.message, false);
    throw err;
  });
  const { template, where, columns, totals } = head;
  if (totals.total > IMOVEL_RELATORIO_LIMITS.maxRows) throw tooMany();
  await job.progress(10);
  const generatedAt = new Date();
  const base = `${reportFileSlug(template.name)}-${isoDay(generatedAt)}`;
  const file = job.tempPath(job.payload.formato);

  if (job.payload.formato === 'xlsx') {
    const fileColumns: FileColumn[] = columns.map((c) => ({
      key: c.key,
      header: c.label,
      kind: SHEET_KIND[c.kind],
      width: c.key === 'endereco' || c.key === 'denominacao' ? 40 : 18,
    }));
    async function* sheetRows() {
      for await (const chunk of imovelReportChunks(inScope, where, IMOVEL_RELATORIO_LIMITS.maxRows))
        yield chunk.map((r) => Object.fromEntries(columns.map((c) => [c.key, sheetValue(c, rawValue(r, c.key))])));
    }
    const progress = (done: number) => job.progress(totals.total ? 10 + (85 * done) / totals.total : 95);
    await writeXlsx(file, { name: 'Imóveis', columns: fileColumns, rows: sheetRows() }, progress);
    return { tempPath: file, ext: 'xlsx', fileName: `${base}.xlsx`, mimeType: XLSX_MIME };
  }

  const raw = await inScope((tx) => readImovelChunk(tx, where, IMOVEL_RELATORIO_LIMITS.maxRows + 1));
  if (raw.length > IMOVEL_RELATORIO_LIMITS.maxRows) throw tooMany();
  const rows = raw.map((r) => Object.fromEntries(columns.map((c) => [c.key, displayValue(c, rawValue(r, c.key))])));
  const layout = LAYOUT.map((b) =>
    b.id === 'areas'
      ? {
          ...b,
          props: {
            content: `Área construída total: ${formatDecimal(totals.areaConstruida, 2)} m² · Área do terreno total: ${formatDecimal(totals.areaTerreno, 2)} m²`,
          },
        }
      : b,
  );
  const doc = {
    template: { name: template.name, fields: template.fields, layout },
    branding: head.branding,
    filtrosText: head.filtrosText,
    rows,
    columns: columns.map((c: ImovelColumn) => ({
      key: c.key,
      label: c.label,
      numeric: c.kind === 'area' || c.kind === 'money' || c.kind === 'number',
    })),
    noun: NOUN,
    total: totals.total,
    valorTotal: totals.valorTotal,
    charts: [],
    generatedAt,
  };
  await job.progress(50);
  const pdf = await ctx
    .renderPdf(reportHtml(doc), {
      footerTemplate: reportFooter({ ...doc, municipio: head.branding.municipio }),
      timeoutMs: 120_000,
    })
    .catch((err: unknown) => {
      throw new JobFailure(RELATORIO_MSG.renderFailed, true, err);
    });
  await writeFile(file, pdf);
  return { tempPath: file, ext: 'pdf', fileName: `${base}.pdf`, mimeType: PDF_MIME };
};
