import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type { AnaliseGrupoResponse, AnaliseTemporalResponse } from '@tombo/shared';
import { writeXlsx, type FileColumn } from '../../spreadsheet';
import { XLSX_MIME } from '../../jobs/files';
import { sendStoredFile } from '../../uploads';

const col = (key: string, header: string, kind: FileColumn['kind'], width = 18): FileColumn => ({
  key,
  header,
  kind,
  width,
});

/** The grouped analysis as sheet rows, the total last. */
export function grupoSheet(por: 'setor' | 'tipo', r: AnaliseGrupoResponse) {
  const columns = [
    col('nome', por === 'setor' ? 'Setor' : 'Tipo', 'text', 36),
    col('bens', 'Bens', 'number', 10),
    col('percentualBens', '% dos bens', 'number', 12),
    col('valorAquisicao', 'Valor de aquisição', 'money', 20),
    col('percentualValor', '% do valor', 'number', 12),
    col('valorContabil', 'Valor contábil', 'money', 20),
  ];
  const rows: Array<Record<string, unknown>> = [
    ...r.grupos.map((g) => ({ ...g })),
    { nome: 'Total', percentualBens: 100, percentualValor: 100, ...r.total },
  ];
  return { columns, rows, sheet: por === 'setor' ? 'Por setor' : 'Por tipo' };
}

/** The temporal analysis as sheet rows, the total last. */
export function temporalSheet(r: AnaliseTemporalResponse) {
  const columns = [
    col('periodo', r.granularidade === 'ano' ? 'Ano' : 'Mês', 'text', 12),
    col('aquisicoes', 'Aquisições', 'number', 12),
    col('valorAquisicoes', 'Valor das aquisições', 'money', 22),
    col('baixas', 'Baixas', 'number', 10),
    col('valorBaixas', 'Valor das baixas', 'money', 20),
    col('perdas', 'Perdas em inventário', 'number', 20),
    col('valorPerdas', 'Valor das perdas', 'money', 20),
  ];
  const label = (p: string) => (p.length === 7 ? `${p.slice(5, 7)}/${p.slice(0, 4)}` : p);
  const rows: Array<Record<string, unknown>> = [
    ...r.periodos.map((p) => ({ ...p, periodo: label(p.periodo) })),
    { periodo: 'Total', ...r.total },
  ];
  return { columns, rows, sheet: 'Temporal' };
}

/**
 * Writes the rows with the spreadsheet writer (money and numbers typed) to a temporary file,
 * sends it as an attachment that is never cached, and removes it.
 */
export async function sendSheet(
  res: Response,
  fileName: string,
  s: { columns: FileColumn[]; rows: Array<Record<string, unknown>>; sheet: string },
): Promise<undefined> {
  const file = path.join(os.tmpdir(), `tombo-analise-${randomUUID()}.xlsx`);
  try {
    await writeXlsx(file, { name: s.sheet, columns: s.columns, rows: [s.rows] });
    return await sendStoredFile(res, file, { fileName, mimeType: XLSX_MIME, generated: true });
  } finally {
    await fs.rm(file, { force: true });
  }
}
