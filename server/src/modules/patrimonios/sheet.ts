import { and, asc, gt } from 'drizzle-orm';
import {
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_SHEET_COLUMNS,
  PATRIMONIO_STATUS_LABELS,
  cnpjText,
  dadosOrigemText,
  standardSheetColumns,
  type FormField,
  type PatrimonioFilters,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import { patrimonios } from '../../db/schema';
import { read } from '../../db/tx';
import { writeXlsx, type CellKind, type FileColumn } from '../../spreadsheet';
import { listFields } from '../form-fields';
import { countPatrimonios, filterWhere } from './filters';
import { scopeOfMunicipality, type TenantScope as Scope } from '../../tenancy/scope';

/**
 * The asset spreadsheet export (XLSX). The import, which reads the same columns, lives in
 * ./import (check, commit, worker thread) over the reusable reader of server/src/spreadsheet.
 */

type Progress = (percent: number) => Promise<void> | void;

/** The rows of an asset sheet: the custom fields (columns after the built-in ones), the row count, the chunks. */
export interface PatrimonioSheetSource {
  custom: FormField[];
  total: number;
  /**
   * The matching assets in keyset chunks of `chunk` rows, each row as values by column key (built-in
   * keys of PATRIMONIO_SHEET_COLUMNS and `cf:<key>`): money as a number, dates as UTC `Date`s,
   * labels for status and conservation. A transaction per chunk: an export never holds one open.
   */
  chunks(chunk?: number): AsyncGenerator<Array<Record<string, unknown>>>;
}

/**
 * The assets matching `filters` (and, for `usuario`, `sectorIds`) as sheet rows: what the XLSX
 * export below and the data export (modules/exportacoes) write.
 */
export async function patrimonioSheetRows(
  ctx: Pick<AppContext, 'db'>,
  municipalityId: number,
  filters: PatrimonioFilters,
  sectorIds: number[] | null = null,
): Promise<PatrimonioSheetSource> {
  const scope: Scope = scopeOfMunicipality(municipalityId, sectorIds);
  const { where, custom, total } = await read(ctx, scope, async (tx) => {
    const where = await filterWhere(tx, scope, filters);
    const custom = (await listFields(tx, scopeOfMunicipality(municipalityId))).filter((f) => f.isCustom);
    return { where, custom, total: await countPatrimonios(tx, where) };
  });
  const page = (after: number, chunk: number) =>
    read(ctx, scope, (tx) =>
      tx
        .select(SHEET_FIELDS)
        .from(patrimonios)
        .where(and(where, gt(patrimonios.id, after)))
        .orderBy(asc(patrimonios.id))
        .limit(chunk),
    );
  async function* chunks(chunk = 2500) {
    // The next chunk is read while the caller writes this one (the database works meanwhile).
    let next = page(0, chunk);
    for (;;) {
      const rows = await next;
      if (!rows.length) return;
      next = rows.length < chunk ? Promise.resolve([]) : page(rows[rows.length - 1].id, chunk);
      yield rows.map((r) => sheetValues(r, custom));
    }
  }
  return { custom, total, chunks };
}

/** The columns a sheet row needs (not the whole record: no search column, no audit fields). */
const SHEET_FIELDS = {
  id: patrimonios.id,
  numeroPatrimonio: patrimonios.numeroPatrimonio,
  descricaoBem: patrimonios.descricaoBem,
  tipoNome: patrimonios.tipoNome,
  setorNome: patrimonios.setorNome,
  localNome: patrimonios.localNome,
  status: patrimonios.status,
  valorAquisicao: patrimonios.valorAquisicao,
  quantidade: patrimonios.quantidade,
  dataAquisicao: patrimonios.dataAquisicao,
  formaNome: patrimonios.formaNome,
  estadoConservacao: patrimonios.estadoConservacao,
  observacoes: patrimonios.observacoes,
  customFields: patrimonios.customFields,
  marca: patrimonios.marca,
  modelo: patrimonios.modelo,
  numeroSerie: patrimonios.numeroSerie,
  fornecedorNome: patrimonios.fornecedorNome,
  fornecedorCnpj: patrimonios.fornecedorCnpj,
  notaFiscalNumero: patrimonios.notaFiscalNumero,
  notaFiscalData: patrimonios.notaFiscalData,
  empenho: patrimonios.empenho,
  processoAquisicao: patrimonios.processoAquisicao,
  fonteRecurso: patrimonios.fonteRecurso,
  dataBaixa: patrimonios.dataBaixa,
  dadosOrigem: patrimonios.dadosOrigem,
};

function sheetValues(
  r: { [K in keyof typeof SHEET_FIELDS]: (typeof patrimonios.$inferSelect)[K] },
  custom: FormField[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {
    numero_patrimonio: r.numeroPatrimonio,
    descricao_bem: r.descricaoBem,
    tipo: r.tipoNome ?? '',
    setor_responsavel: r.setorNome,
    local_objeto: r.localNome ?? '',
    status: PATRIMONIO_STATUS_LABELS[r.status as keyof typeof PATRIMONIO_STATUS_LABELS] ?? r.status,
    // A spreadsheet number (display only; the stored value is exact numeric).
    valor_aquisicao: Number(r.valorAquisicao),
    quantidade: r.quantidade,
    data_aquisicao: r.dataAquisicao ? utcDate(r.dataAquisicao) : null,
    forma_aquisicao: r.formaNome ?? '',
    estado_conservacao: r.estadoConservacao
      ? (ESTADO_CONSERVACAO_LABELS[r.estadoConservacao as keyof typeof ESTADO_CONSERVACAO_LABELS] ??
        r.estadoConservacao)
      : '',
    observacoes: r.observacoes ?? '',
    marca: r.marca ?? '',
    modelo: r.modelo ?? '',
    numeroSerie: r.numeroSerie ?? '',
    fornecedorNome: r.fornecedorNome ?? '',
    fornecedorCnpj: cnpjText(r.fornecedorCnpj),
    notaFiscalNumero: r.notaFiscalNumero ?? '',
    notaFiscalData: r.notaFiscalData ? utcDate(r.notaFiscalData) : null,
    empenho: r.empenho ?? '',
    processoAquisicao: r.processoAquisicao ?? '',
    fonteRecurso: r.fonteRecurso ?? '',
    dataBaixa: r.dataBaixa ? utcDate(r.dataBaixa) : null,
    dadosOrigem: dadosOrigemText(r.dadosOrigem),
  };
  for (const f of custom) {
    const v = (r.customFields ?? {})[f.key];
    values[`cf:${f.key}`] =
      v == null
        ? null
        : f.type === 'BOOLEAN'
          ? v
            ? 'Sim'
            : 'Não'
          : f.type === 'DATE' && typeof v === 'string'
            ? utcDate(v)
            : v;
  }
  return values;
}

/** How the sheet writes each built-in column (the rest is text). */
const KINDS: Partial<Record<string, CellKind>> = {
  valor_aquisicao: 'money',
  quantidade: 'number',
  data_aquisicao: 'date',
};

/** The sheet's columns: the built-in ones, the standard fields and dados de origem, then one per custom field (by label), typed. */
export function patrimonioSheetColumns(custom: FormField[]): FileColumn[] {
  return [
    ...PATRIMONIO_SHEET_COLUMNS.map((c) => ({
      key: c.key,
      header: c.header,
      width: c.width,
      kind: KINDS[c.key] ?? 'text',
    })),
    ...standardSheetColumns(custom.map((f) => f.label)),
    ...custom.map((f) => ({
      key: `cf:${f.key}`,
      header: f.label,
      width: 20,
      kind: (f.type === 'DATE' ? 'date' : f.type === 'NUMBER' ? 'number' : 'text') as CellKind,
    })),
  ];
}

/**
 * Writes the assets matching `filters` (and, for `usuario`, `sectorIds`) to an XLSX file with the
 * columns of PATRIMONIO_SHEET_COLUMNS plus one column per custom field (by label) — the very
 * columns the import reads. Streams in keyset chunks; reports progress 0–100.
 */
export async function writePatrimoniosXlsx(
  ctx: Pick<AppContext, 'db'>,
  municipalityId: number,
  filters: PatrimonioFilters,
  onProgress: Progress,
  file: string,
  sectorIds: number[] | null = null,
): Promise<{ rows: number }> {
  const { custom, total, chunks } = await patrimonioSheetRows(ctx, municipalityId, filters, sectorIds);
  return writeXlsx(file, { name: 'Bens', columns: patrimonioSheetColumns(custom), rows: chunks(500) }, (done) =>
    onProgress(total ? (100 * done) / total : 100),
  );
}

export const utcDate = (iso: string) => new Date(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)));
