import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  IMOVEL_SHEET_COLUMNS,
  SITUACAO_IMOVEL_LABELS,
  type ImovelField,
  type ImovelFilters,
  type ImovelSortKey,
  type SituacaoImovel,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { imoveis } from '../../db/schema';
import { writeXlsx, type FileColumn, type Progress } from '../../spreadsheet';
import type { TenantScope } from '../../tenancy/scope';
import { uploadTmpDir } from '../../uploads';
import { listImovelFields, imovelOrder, imovelWhere } from './queries';
import type { ImovelRow } from './presenters';

/** The property sheet (XLSX): the export's columns, which the import (./import.ts) reads back. */

const KINDS: Partial<Record<string, FileColumn['kind']>> = {
  area_construida: 'number',
  area_terreno: 'number',
  valor_aquisicao: 'money',
  data_aquisicao: 'date',
  latitude: 'number',
  longitude: 'number',
};

/** The sheet's columns: the built-in ones, then each custom field by its label. */
const sheetColumns = (custom: ImovelField[]): FileColumn[] => [
  ...IMOVEL_SHEET_COLUMNS.map((c) => ({ key: c.key, header: c.header, width: c.width, kind: KINDS[c.key] ?? 'text' })),
  ...custom.map((f) => ({
    key: `cf:${f.key}`,
    header: f.label,
    width: 20,
    kind: (f.type === 'NUMBER' ? 'number' : 'text') as FileColumn['kind'],
  })),
];

const sheetValues = (r: ImovelRow, custom: ImovelField[]): Record<string, unknown> => ({
  numero_patrimonio: r.numeroPatrimonio,
  denominacao: r.denominacao,
  endereco: r.endereco,
  cep: r.cep,
  bairro: r.bairro,
  cidade: r.cidade,
  uf: r.uf,
  area_construida: r.areaConstruida,
  area_terreno: r.areaTerreno,
  situacao: SITUACAO_IMOVEL_LABELS[r.situacao as SituacaoImovel] ?? r.situacao,
  utilizacao: r.utilizacao,
  setor_responsavel: r.setorNome,
  forma_aquisicao: r.formaNome,
  data_aquisicao: r.dataAquisicao ? new Date(`${r.dataAquisicao}T00:00:00Z`) : null,
  valor_aquisicao: r.valorAquisicao,
  latitude: r.latitude,
  longitude: r.longitude,
  observacoes: r.observacoes,
  ...Object.fromEntries(
    custom.map((f) => {
      const v = r.customFields?.[f.key];
      return [`cf:${f.key}`, typeof v === 'boolean' ? (v ? 'Sim' : 'Não') : (v ?? null)];
    }),
  ),
});

/** The properties matching the filters, in the list's order, and the custom fields (the sheet's columns). */
export async function readImovelSheet(
  tx: Db,
  scope: TenantScope,
  filters: ImovelFilters & { sort: ImovelSortKey; order: 'asc' | 'desc' },
): Promise<{ rows: ImovelRow[]; custom: ImovelField[] }> {
  const rows = await tx
    .select()
    .from(imoveis)
    .where(imovelWhere(scope, filters))
    .orderBy(...imovelOrder(filters.sort, filters.order));
  return { rows, custom: (await listImovelFields(tx, scope)).filter((f) => f.isCustom) };
}

/** Writes the sheet into the XLSX file `file` (progress: rows written so far). */
export async function writeImovelXlsx(
  file: string,
  { rows, custom }: { rows: ImovelRow[]; custom: ImovelField[] },
  progress?: Progress,
): Promise<void> {
  function* chunks() {
    for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000).map((r) => sheetValues(r, custom));
  }
  await writeXlsx(file, { name: 'Imóveis', columns: sheetColumns(custom), rows: chunks() }, progress);
}

/** Writes the sheet into an XLSX file under DATA_DIR/tmp (GET /imoveis/exportar.xlsx); the caller sends and removes it. */
export async function writeImovelSheet(
  config: AppContext['config'],
  sheet: { rows: ImovelRow[]; custom: ImovelField[] },
): Promise<string> {
  const dir = uploadTmpDir(config);
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `imoveis-${randomUUID()}.xlsx`);
  await writeImovelXlsx(file, sheet);
  return file;
}
