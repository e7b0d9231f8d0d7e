import { and, asc, count, eq, gt } from 'drizzle-orm';
import {
  TRANSFER_STATUS_LABELS,
  TRANSFER_TYPE_LABELS,
  formatDate,
  type TransferCounts,
  type TransferFilters,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import { sectors, transferencias as t } from '../../db/schema';
import { read } from '../../db/tx';
import { wallClock } from '../../jobs/format';
import { scopeOfMunicipality } from '../../tenancy/scope';
import type { ExportTransferenciasPayload } from './jobs/export-transferencias';
import { filterWhere, transferReport, visibleTo } from './queries';

type Progress = (percent: number) => Promise<void> | void;
type Ws = import('exceljs').Worksheet;

const REQUEST_COLUMNS = [
  { header: 'Nº Patrimônio', key: 'numero', width: 18 },
  { header: 'Descrição do Bem', key: 'descricao', width: 40 },
  { header: 'Tipo', key: 'type', width: 15 },
  { header: 'Status', key: 'status', width: 12 },
  { header: 'Setor de Origem', key: 'origem', width: 26 },
  { header: 'Setor de Destino', key: 'destino', width: 26 },
  { header: 'Local de Destino', key: 'local', width: 24 },
  { header: 'Destinatário', key: 'destinatario', width: 28 },
  { header: 'Motivo', key: 'motivo', width: 40 },
  { header: 'Solicitante', key: 'solicitante', width: 24 },
  { header: 'Data da Solicitação', key: 'data', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
  { header: 'Aprovador', key: 'aprovador', width: 24 },
  { header: 'Data da Decisão', key: 'decisao', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
  { header: 'Comentários do Aprovador', key: 'comentarios', width: 40 },
];
const COUNT_HEADERS = ['Transferências', 'Doações', 'Pendentes', 'Aprovadas', 'Rejeitadas', 'Total'];
const countCells = (c: TransferCounts) => [
  c.transferencias,
  c.doacoes,
  c.pendentes,
  c.aprovadas,
  c.rejeitadas,
  c.total,
];

function bold(ws: Ws, values: unknown[]): void {
  const row = ws.addRow(values);
  row.font = { bold: true };
  row.commit();
}

/** The filters in words, for the summary sheet. */
function describe(f: TransferFilters, sectorName: string | null): string[] {
  const period =
    f.dataDe || f.dataAte
      ? `${f.dataDe ? formatDate(f.dataDe) : 'início'} a ${f.dataAte ? formatDate(f.dataAte) : 'hoje'}`
      : 'todo';
  return [
    `Período: ${period}`,
    `Tipo: ${f.type ? TRANSFER_TYPE_LABELS[f.type] : 'todos'}`,
    `Status: ${f.status?.length ? f.status.map((s) => TRANSFER_STATUS_LABELS[s]).join(', ') : 'todos'}`,
    `Setor: ${sectorName ?? 'todos'}`,
    ...(f.numero ? [`Nº do bem começa com: ${f.numero}`] : []),
  ];
}

/**
 * Writes the transfer report as XLSX: a summary sheet (filters, totals, by origin sector, by month)
 * and every matching request, streamed in keyset chunks; reports progress 0–100.
 */
export async function writeTransferXlsx(
  ctx: Pick<AppContext, 'db'>,
  municipalityId: number,
  payload: ExportTransferenciasPayload,
  onProgress: Progress,
  file: string,
): Promise<{ rows: number }> {
  const { default: ExcelJS } = await import('exceljs');
  const { viewerId, sectorIds, ...filters } = payload;
  const scope = scopeOfMunicipality(municipalityId, sectorIds);
  const where = and(visibleTo(scope, viewerId), ...filterWhere(filters));
  const { report, total, sectorName } = await read(ctx, scope, async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(t).where(where);
    const [s] = filters.sectorId
      ? await tx.select({ name: sectors.name }).from(sectors).where(eq(sectors.id, filters.sectorId))
      : [];
    return { report: await transferReport(tx, scope, viewerId, filters), total: n, sectorName: s?.name ?? null };
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  wb.creator = 'Tombo';
  const summary = wb.addWorksheet('Resumo');
  summary.columns = [{ width: 34 }, ...COUNT_HEADERS.map(() => ({ width: 15 }))];
  bold(summary, ['Relatório de Transferências e Doações']);
  for (const line of describe(filters, sectorName)) summary.addRow([line]).commit();
  summary.addRow([]).commit();
  bold(summary, ['', ...COUNT_HEADERS]);
  bold(summary, ['Total', ...countCells(report.totals)]);
  summary.addRow([]).commit();
  bold(summary, ['Setor de Origem', ...COUNT_HEADERS]);
  for (const s of report.porSetor) summary.addRow([s.setor, ...countCells(s)]).commit();
  summary.addRow([]).commit();
  bold(summary, ['Mês da Solicitação', ...COUNT_HEADERS]);
  for (const m of report.porMes)
    summary.addRow([`${m.mes.slice(5, 7)}/${m.mes.slice(0, 4)}`, ...countCells(m)]).commit();
  summary.commit();

  const ws = wb.addWorksheet('Solicitações', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = REQUEST_COLUMNS;
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  let last = 0;
  let done = 0;
  for (;;) {
    const rows = await read(ctx, scope, (tx) =>
      tx
        .select()
        .from(t)
        .where(and(where, gt(t.id, last)))
        .orderBy(asc(t.id))
        .limit(2000),
    );
    if (!rows.length) break;
    for (const r of rows) {
      ws.addRow({
        numero: r.numeroPatrimonio,
        descricao: r.descricaoBem,
        type: TRANSFER_TYPE_LABELS[r.type as keyof typeof TRANSFER_TYPE_LABELS] ?? r.type,
        status: TRANSFER_STATUS_LABELS[r.status as keyof typeof TRANSFER_STATUS_LABELS] ?? r.status,
        origem: r.setorOrigemNome,
        destino: r.setorDestinoNome ?? '',
        local: r.localDestinoNome ?? '',
        destinatario: r.destinatario ?? '',
        motivo: r.motivo,
        solicitante: r.solicitanteNome,
        data: wallClock(r.dataSolicitacao),
        aprovador: r.aprovadorNome ?? '',
        decisao: r.dataAprovacao ? wallClock(r.dataAprovacao) : null,
        comentarios: r.comentariosAprovador ?? '',
      }).commit();
    }
    done += rows.length;
    last = rows[rows.length - 1].id;
    await onProgress(total ? (100 * done) / total : 100);
  }
  ws.commit();
  await wb.commit();
  return { rows: done };
}
