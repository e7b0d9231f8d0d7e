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
import { writeXlsx, type FileColumn } from '../../spreadsheet';
import { scopeOfMunicipality } from '../../tenancy/scope';
import type { ExportTransferenciasPayload } from './jobs/export-transferencias';
import { filterWhere, transferReport, visibleTo } from './queries';

type Progress = (percent: number) => Promise<void> | void;
type Row = Record<string, unknown>;

const text = (key: string, header: string, width: number): FileColumn => ({ key, header, width, kind: 'text' });
const REQUEST_COLUMNS: FileColumn[] = [
  text('numero', 'Nº Patrimônio', 18),
  text('descricao', 'Descrição do Bem', 40),
  text('type', 'Tipo', 15),
  text('status', 'Status', 12),
  text('origem', 'Setor de Origem', 26),
  text('destino', 'Setor de Destino', 26),
  text('local', 'Local de Destino', 24),
  text('destinatario', 'Destinatário', 28),
  text('motivo', 'Motivo', 40),
  text('solicitante', 'Solicitante', 24),
  { key: 'data', header: 'Data da Solicitação', kind: 'datetime', width: 18 },
  text('aprovador', 'Aprovador', 24),
  { key: 'decisao', header: 'Data da Decisão', kind: 'datetime', width: 18 },
  text('comentarios', 'Comentários do Aprovador', 40),
];
const COUNT_HEADERS = ['Transferências', 'Doações', 'Pendentes', 'Aprovadas', 'Rejeitadas', 'Total'];
/** The summary sheet: a label column and one number column per count (no header row). */
const SUMMARY_COLUMNS: FileColumn[] = [
  text('label', '', 34),
  ...COUNT_HEADERS.map((_, i): FileColumn => ({ key: `n${i}`, header: '', kind: 'number', width: 15 })),
];
/** A summary row: its label and cells (counts or headers), bold when `bold`. */
const summaryRow = (label: string, cells: unknown[] = [], bold = false): Row => ({
  label,
  ...Object.fromEntries(cells.map((c, i) => [`n${i}`, c])),
  bold,
});
const countCells = (c: TransferCounts) => [
  c.transferencias,
  c.doacoes,
  c.pendentes,
  c.aprovadas,
  c.rejeitadas,
  c.total,
];

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
  const summary: Row[] = [
    summaryRow('Relatório de Transferências e Doações', [], true),
    ...describe(filters, sectorName).map((line) => summaryRow(line)),
    summaryRow(''),
    summaryRow('', COUNT_HEADERS, true),
    summaryRow('Total', countCells(report.totals), true),
    summaryRow(''),
    summaryRow('Setor de Origem', COUNT_HEADERS, true),
    ...report.porSetor.map((x) => summaryRow(x.setor, countCells(x))),
    summaryRow(''),
    summaryRow('Mês da Solicitação', COUNT_HEADERS, true),
    ...report.porMes.map((m) => summaryRow(`${m.mes.slice(5, 7)}/${m.mes.slice(0, 4)}`, countCells(m))),
  ];
  async function* requests() {
    let last = 0;
    for (;;) {
      const rows = await read(ctx, scope, (tx) =>
        tx
          .select()
          .from(t)
          .where(and(where, gt(t.id, last)))
          .orderBy(asc(t.id))
          .limit(2000),
      );
      if (!rows.length) return;
      last = rows[rows.length - 1].id;
      yield rows.map((r) => ({
        numero: r.numeroPatrimonio,
        descricao: r.descricaoBem,
        type: TRANSFER_TYPE_LABELS[r.type as keyof typeof TRANSFER_TYPE_LABELS] ?? r.type,
        status: TRANSFER_STATUS_LABELS[r.status as keyof typeof TRANSFER_STATUS_LABELS] ?? r.status,
        origem: r.originSectorName,
        destino: r.destinationSectorName ?? '',
        local: r.destinationLocalName ?? '',
        destinatario: r.recipient ?? '',
        motivo: r.reason,
        solicitante: r.requesterName,
        data: wallClock(r.requestedAt),
        aprovador: r.approverName ?? '',
        decisao: r.decidedAt ? wallClock(r.decidedAt) : null,
        comentarios: r.approverComments ?? '',
      }));
    }
  }
  const written = summary.length;
  const { rows } = await writeXlsx(
    file,
    [
      { name: 'Resumo', columns: SUMMARY_COLUMNS, rows: [summary], header: false, bold: (r) => r.bold === true },
      { name: 'Solicitações', columns: REQUEST_COLUMNS, rows: requests() },
    ],
    (n) => onProgress(total ? (100 * Math.max(0, n - written)) / total : 100),
  );
  return { rows: rows - written };
}
