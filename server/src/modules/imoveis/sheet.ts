import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  IMOVEL_HISTORICO_ACTIONS,
  IMOVEL_LIMITS,
  IMOVEL_MSG,
  IMOVEL_SHEET_COLUMNS,
  SITUACAO_IMOVEL_LABELS,
  SITUACOES_IMOVEL,
  imovelCreateBody,
  room,
  type ImovelCreate,
  type ImovelField,
  type ImovelFilters,
  type ImovelImportResult,
  type ImovelSortKey,
  type SituacaoImovel,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { formasAquisicao, imoveis, sectors } from '../../db/schema';
import { liveEvent, record, type Outbox } from '../../db/tx';
import { HttpError, fromZod } from '../../http/errors';
import { openSpreadsheet, SpreadsheetError, writeXlsx, type Cell, type FileColumn } from '../../spreadsheet';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { uploadTmpDir } from '../../uploads';
import { checkCustomValues } from '../form-fields';
import { assertWritable, insertImoveis } from './commands';
import { listImovelFields, imovelOrder, imovelWhere } from './queries';
import type { ImovelRow } from './presenters';

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

/** Writes the sheet into an XLSX file under DATA_DIR/tmp with the export writer of modules/exportacoes; the caller sends and removes it. */
export async function writeImovelSheet(
  config: AppContext['config'],
  { rows, custom }: { rows: ImovelRow[]; custom: ImovelField[] },
): Promise<string> {
  const dir = uploadTmpDir(config);
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `imoveis-${randomUUID()}.xlsx`);
  async function* chunks() {
    for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000).map((r) => sheetValues(r, custom));
  }
  await writeXlsx(file, { name: 'Imóveis', columns: sheetColumns(custom), rows: chunks() });
  return file;
}

// ---- Import ------------------------------------------------------------------------------------
const text = (c: Cell | undefined): string => {
  if (c == null) return '';
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  const s = String(c).trim();
  return s.startsWith("'") ? s.slice(1) : s; // the export's formula guard
};
const situacaoOf = (v: string): SituacaoImovel | null => {
  const f = v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  for (const s of SITUACOES_IMOVEL) {
    const label = SITUACAO_IMOVEL_LABELS[s]
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    if (f === s || f === label) return s;
  }
  return null;
};
const DATE_BR = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * POST /api/imoveis/importar: reads an XLSX (or CSV) with the export's columns and creates every row,
 * or none: any bad row answers 400 with the errors per row (`fields['linha.<n>']`, pt-BR). Sector and
 * acquisition form are matched by name; numbers kept (taken → row error) or issued when empty.
 */
export async function importImoveis(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  file: string,
): Promise<ImovelImportResult> {
  let sheet;
  try {
    sheet = await openSpreadsheet(file, { maxRows: IMOVEL_LIMITS.importMaxRows });
  } catch (err) {
    if (err instanceof SpreadsheetError)
      throw new HttpError(
        400,
        'VALIDATION',
        err.kind === 'too-many-rows' ? IMOVEL_MSG.importTooManyRows : IMOVEL_MSG.importBadFile,
      );
    throw err;
  }
  const fields = await listImovelFields(tx, scope);
  const custom = fields.filter((f) => f.isCustom);
  const col = new Map(sheet.header.map((h, i) => [h.trim().toLowerCase(), i]));
  for (const req of ['Denominação', 'Endereço'])
    if (!col.has(req.toLowerCase())) throw new HttpError(400, 'VALIDATION', IMOVEL_MSG.importMissingColumn(req));
  const byKey = new Map<string, number>();
  for (const c of IMOVEL_SHEET_COLUMNS) {
    const i = col.get(c.header.toLowerCase());
    if (i !== undefined) byKey.set(c.key, i);
  }
  for (const f of custom) {
    const i = col.get(f.label.trim().toLowerCase());
    if (i !== undefined) byKey.set(`cf:${f.key}`, i);
  }
  const sectorRows = await tx
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(ofTenant(sectors, scope));
  const formaRows = await tx
    .select({ id: formasAquisicao.id, nome: formasAquisicao.nome })
    .from(formasAquisicao)
    .where(ofTenant(formasAquisicao, scope));
  const sectorByName = new Map(sectorRows.map((s) => [s.name.trim().toLowerCase(), s]));
  const formaByName = new Map(formaRows.map((f) => [f.nome.trim().toLowerCase(), f]));
  const taken = new Set(
    (await tx.select({ n: imoveis.numeroPatrimonio }).from(imoveis).where(ofTenant(imoveis, scope))).map((r) => r.n),
  );

  const errors: Record<string, string> = {};
  const inputs: Array<ImovelCreate & { customFields: Record<string, string | number | boolean | null> }> = [];
  const refs: Array<{ setorNome: string | null; formaNome: string | null }> = [];
  const seen = new Set<string>();
  for await (const raw of sheet.rows) {
    const cell = (key: string) => {
      const i = byKey.get(key);
      return i === undefined ? undefined : raw.cells[i];
    };
    const opt = (key: string) => {
      const v = text(cell(key));
      return v === '' ? undefined : v;
    };
    const fail = (message: string) => {
      errors[`linha.${raw.line}`] ??= IMOVEL_MSG.importRow(raw.line, message);
    };
    const numero = opt('numero_patrimonio');
    if (numero && (seen.has(numero) || taken.has(numero))) {
      fail(seen.has(numero) ? IMOVEL_MSG.importDuplicate : IMOVEL_MSG.numeroTaken);
      continue;
    }
    if (numero) seen.add(numero);
    const situacaoText = opt('situacao');
    const situacao = situacaoText ? situacaoOf(situacaoText) : 'proprio';
    if (!situacao) {
      fail(IMOVEL_MSG.importSituacaoUnknown(situacaoText!));
      continue;
    }
    const setor = opt('setor_responsavel');
    const sector = setor ? sectorByName.get(setor.toLowerCase()) : undefined;
    if (setor && !sector) {
      fail(IMOVEL_MSG.importSectorUnknown(setor));
      continue;
    }
    const formaName = opt('forma_aquisicao');
    const forma = formaName ? formaByName.get(formaName.toLowerCase()) : undefined;
    if (formaName && !forma) {
      fail(IMOVEL_MSG.importFormaUnknown(formaName));
      continue;
    }
    const dataCell = cell('data_aquisicao');
    let data = dataCell instanceof Date ? dataCell.toISOString().slice(0, 10) : opt('data_aquisicao');
    const br = data ? DATE_BR.exec(data) : null;
    if (br) data = `${br[3]}-${br[2]}-${br[1]}`;
    const num = (key: string) => {
      const c = cell(key);
      return typeof c === 'number' ? c : opt(key);
    };
    const candidate = {
      denominacao: text(cell('denominacao')),
      endereco: text(cell('endereco')),
      ...(numero && { numero_patrimonio: numero }),
      ...(opt('cep') && { cep: opt('cep') }),
      ...(opt('bairro') && { bairro: opt('bairro') }),
      ...(opt('cidade') && { cidade: opt('cidade') }),
      ...(opt('uf') && { uf: opt('uf') }),
      ...(num('area_construida') !== undefined && { area_construida: num('area_construida') }),
      ...(num('area_terreno') !== undefined && { area_terreno: num('area_terreno') }),
      situacao,
      ...(opt('utilizacao') && { utilizacao: opt('utilizacao') }),
      ...(sector && { sectorId: sector.id }),
      ...(forma && { formaAquisicaoId: forma.id }),
      ...(data && { data_aquisicao: data }),
      ...(num('valor_aquisicao') !== undefined && { valor_aquisicao: num('valor_aquisicao') }),
      ...(num('latitude') !== undefined && { latitude: num('latitude') }),
      ...(num('longitude') !== undefined && { longitude: num('longitude') }),
      ...(opt('observacoes') && { observacoes: opt('observacoes') }),
    };
    const parsed = imovelCreateBody.safeParse(candidate);
    if (!parsed.success) {
      fail(fromZod(parsed.error).message);
      continue;
    }
    if (scope.sectorIds) {
      try {
        assertWritable(scope, parsed.data.sectorId ?? null);
      } catch {
        fail(IMOVEL_MSG.notYourSector);
        continue;
      }
    }
    const values: Record<string, string | number | boolean | null> = {};
    for (const f of custom) {
      const c = cell(`cf:${f.key}`);
      if (c !== undefined && text(c) !== '') values[f.key] = typeof c === 'number' ? c : text(c);
    }
    const checked = checkCustomValues({ custom }, values, true);
    const firstError = Object.values(checked.errors)[0];
    if (firstError) {
      fail(firstError);
      continue;
    }
    inputs.push({ ...parsed.data, customFields: checked.values });
    refs.push({ setorNome: sector?.name ?? null, formaNome: forma?.nome ?? null });
  }
  if (Object.keys(errors).length) throw new HttpError(400, 'VALIDATION', IMOVEL_MSG.importFailed, errors);
  if (!inputs.length) throw new HttpError(400, 'VALIDATION', IMOVEL_MSG.importNoRows);
  const rows = await insertImoveis(tx, out, scope, inputs, refs, IMOVEL_HISTORICO_ACTIONS.imported);
  await record(
    tx,
    out,
    {
      action: 'IMOVEL_IMPORT',
      entityType: 'Imovel',
      details: { new_value: { count: rows.length } },
    },
    liveEvent(room.municipality(scope.municipalityId), 'imovel.bulk_created', { count: rows.length }),
  );
  return { imported: rows.length };
}
