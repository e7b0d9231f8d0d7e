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
  type ImovelImportResult,
  type ImportError,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { imoveis } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { HttpError, fromZod } from '../../http/errors';
import {
  checkRows,
  customCells,
  dateOf,
  enumOf,
  matchColumns,
  missingColumns,
  runImport,
  str,
  type ImportField,
  type ImportRow,
  type ImportSpec,
} from '../../spreadsheet/import';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { checkCustomValues } from '../form-fields';
import { loadCatalogs } from '../patrimonios';
import { assertWritable, insertImoveis } from './commands';
import { listImovelFields } from './queries';

/** A checked row: what `insertImoveis` takes, and the names of its sector and acquisition form. */
interface ImovelInput {
  input: ImovelCreate & { customFields: Record<string, string | number | boolean | null> };
  ref: { setorNome: string | null; formaNome: string | null };
}

/** What a row is checked against: the custom fields, sectors and forms by name, the numbers taken. */
interface Refs {
  custom: ImovelField[];
  sectorByName: Map<string, { id: number; name: string }>;
  formaByName: Map<string, { id: number; name: string }>;
  taken: Set<string>;
}

/** What the rows are checked against, read in the import's transaction. */
async function loadRefs(tx: Db, scope: TenantScope): Promise<Refs> {
  const custom = (await listImovelFields(tx, scope)).filter((f) => f.isCustom);
  const { sectors, formas } = await loadCatalogs(tx, scope);
  const taken = await tx.select({ n: imoveis.numeroPatrimonio }).from(imoveis).where(ofTenant(imoveis, scope));
  return {
    custom,
    sectorByName: new Map(sectors.map((s) => [s.name.trim().toLowerCase(), s])),
    formaByName: new Map(formas.map((f) => [f.name.trim().toLowerCase(), f])),
    taken: new Set(taken.map((r) => r.n)),
  };
}

const REQUIRED = new Set<string>(['denominacao', 'endereco']);
const invalid = (message: string, fields?: Record<string, string>) => new HttpError(400, 'VALIDATION', message, fields);

/**
 * The property import's configuration of the engine (spreadsheet/import): the export's columns (by
 * header; custom fields by label), and each row checked as the property form checks it — one error
 * per row, the number first (repeated in the sheet, or taken).
 */
function imovelImport(scope: TenantScope, refs: Refs): ImportSpec<ImovelInput> {
  const fields: ImportField[] = [
    ...IMOVEL_SHEET_COLUMNS.map((c) => ({
      key: c.key,
      label: c.header,
      names: [c.header],
      required: REQUIRED.has(c.key),
    })),
    ...refs.custom.map((f) => ({ key: `cf:${f.key}`, label: f.label, names: [f.label] })),
  ];
  let custom: Array<[number, ImovelField]> = [];
  const seen = new Set<string>();
  return {
    read: { maxRows: IMOVEL_LIMITS.importMaxRows },
    failure: (err) => invalid(err.kind === 'too-many-rows' ? IMOVEL_MSG.importTooManyRows : IMOVEL_MSG.importBadFile),
    columns(header) {
      const map = matchColumns(header, fields);
      const missing = missingColumns(map, fields)[0];
      if (missing) throw invalid(IMOVEL_MSG.importMissingColumn(missing.label));
      custom = refs.custom.flatMap((f): Array<[number, ImovelField]> => {
        const i = map[`cf:${f.key}`];
        return i === undefined ? [] : [[i, f]];
      });
      return map;
    },
    row: (row) => checkImovelRow(scope, refs, seen, custom, row),
  };
}

/** One row: the property it creates, or null once its (first) error was reported. */
function checkImovelRow(
  scope: TenantScope,
  refs: Refs,
  seen: Set<string>,
  custom: Array<[number, ImovelField]>,
  row: ImportRow,
): ImovelInput | null {
  const opt = (key: string) => str(row.cell(key)) || undefined;
  const fail = (field: string, message: string) => {
    row.error(field, message);
    return null;
  };
  const numero = opt('numero_patrimonio');
  if (numero && (seen.has(numero) || refs.taken.has(numero)))
    return fail('Nº Patrimônio', seen.has(numero) ? IMOVEL_MSG.importDuplicate : IMOVEL_MSG.numeroTaken);
  if (numero) seen.add(numero);
  const situacao = enumOf(SITUACOES_IMOVEL, SITUACAO_IMOVEL_LABELS, row.cell('situacao'));
  if (situacao === undefined) return fail('Situação', IMOVEL_MSG.importSituacaoUnknown(opt('situacao')!));
  const setor = opt('setor_responsavel');
  const sector = setor ? refs.sectorByName.get(setor.toLowerCase()) : undefined;
  if (setor && !sector) return fail('Setor Responsável', IMOVEL_MSG.importSectorUnknown(setor));
  const formaName = opt('forma_aquisicao');
  const forma = formaName ? refs.formaByName.get(formaName.toLowerCase()) : undefined;
  if (formaName && !forma) return fail('Forma de Aquisição', IMOVEL_MSG.importFormaUnknown(formaName));
  // dd/mm/aaaa as the export's CSV writes it; anything else goes to the form's check as written.
  const data = dateOf(row.cell('data_aquisicao')) ?? opt('data_aquisicao');
  const num = (key: string) => {
    const c = row.cell(key);
    return typeof c === 'number' ? c : opt(key);
  };
  const candidate = {
    denominacao: str(row.cell('denominacao')),
    endereco: str(row.cell('endereco')),
    ...(numero && { numero_patrimonio: numero }),
    ...Object.fromEntries(
      (['cep', 'bairro', 'cidade', 'uf', 'utilizacao', 'observacoes'] as const).flatMap((k) => {
        const v = opt(k);
        return v ? [[k, v]] : [];
      }),
    ),
    ...Object.fromEntries(
      (['area_construida', 'area_terreno', 'valor_aquisicao', 'latitude', 'longitude'] as const).flatMap((k) => {
        const v = num(k);
        return v !== undefined ? [[k, v]] : [];
      }),
    ),
    situacao: situacao ?? 'proprio',
    ...(sector && { sectorId: sector.id }),
    ...(forma && { formaAquisicaoId: forma.id }),
    ...(data && { data_aquisicao: data }),
  };
  const parsed = imovelCreateBody.safeParse(candidate);
  if (!parsed.success) return fail('', fromZod(parsed.error).message);
  if (scope.sectorIds) {
    try {
      assertWritable(scope, parsed.data.sectorId ?? null);
    } catch {
      return fail('Setor Responsável', IMOVEL_MSG.notYourSector);
    }
  }
  const checked = checkCustomValues({ custom: refs.custom }, customCells(custom, row.cells), true);
  const firstError = Object.values(checked.errors)[0];
  if (firstError) return fail('', firstError);
  return {
    input: { ...parsed.data, customFields: checked.values },
    ref: { setorNome: sector?.name ?? null, formaNome: forma?.name ?? null },
  };
}

/** Each bad row's (first) error, by `linha.<n>` (pt-BR). */
const rowFields = (errors: ImportError[]) =>
  Object.fromEntries(errors.map((e) => [`linha.${e.line}`, IMOVEL_MSG.importRow(e.line, e.message)]));

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
  const spec = imovelImport(scope, await loadRefs(tx, scope));
  let imported = 0;
  await runImport(checkRows(file, spec), {
    badRows: 'all-or-nothing',
    reject: (errors) => {
      throw invalid(IMOVEL_MSG.importFailed, rowFields(errors));
    },
    good: {
      async write(rows) {
        const inserted = await insertImoveis(
          tx,
          out,
          scope,
          rows.map((r) => r.value.input),
          rows.map((r) => r.value.ref),
          IMOVEL_HISTORICO_ACTIONS.imported,
        );
        imported = inserted.length;
      },
    },
  });
  if (!imported) throw invalid(IMOVEL_MSG.importNoRows);
  await record(
    tx,
    out,
    { action: 'IMOVEL_IMPORT', entityType: 'Imovel', details: { new_value: { count: imported } } },
    liveEvent(room.municipality(scope.municipalityId), 'imovel.bulk_created', { count: imported }),
  );
  return { imported };
}
