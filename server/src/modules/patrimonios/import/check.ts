import {
  PATRIMONIO_LIMITS,
  PATRIMONIO_MSG,
  patrimonioCreateBody,
  type CustomFieldValues,
  type ImportError,
} from '@tombo/shared';
import type { patrimonios } from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import {
  openSpreadsheet,
  SPREADSHEET_MSG,
  SpreadsheetError,
  type RawRow,
  type Spreadsheet,
} from '../../../spreadsheet';
import { checkCustomValues } from '../../form-fields';
import { fold } from '../filters';
import { inScope } from '../../../tenancy/scope';
import { HEADER_OF, dateOf, estadoOf, mapColumns, moneyOf, statusOf, str } from './columns';
import type { ImportRefs } from './refs';

/**
 * The import check: every data row of the sheet against the municipality's references, one pt-BR
 * error per bad field with the row's line. Pure (no database): it runs in a worker thread.
 */

export interface CheckedRow {
  line: number;
  sectorCode: string;
  values: Omit<typeof patrimonios.$inferInsert, 'numeroPatrimonio'>;
}

export interface CheckResult {
  total: number;
  valid: number;
  /** The rows ready to insert (only when asked for: a dry run needs just the count). */
  good: CheckedRow[];
  errors: ImportError[];
}

/** What the checking thread is given: the uploaded file, the references, and whether to keep good rows. */
export interface CheckInput {
  file: string;
  refs: ImportRefs;
  keepGood: boolean;
}

const unprocessable = (message: string) => new HttpError(422, 'UNPROCESSABLE', message);

/** Reads the uploaded sheet (streamed, within the limits) and checks every row: runs in the checking thread. */
export async function checkFile(input: CheckInput): Promise<CheckResult> {
  try {
    const sheet = await openSpreadsheet(input.file, { maxRows: PATRIMONIO_LIMITS.importMaxRows });
    return await checkSheet(sheet, input.refs, input.keepGood);
  } catch (err) {
    if (!(err instanceof SpreadsheetError)) throw err;
    // The reader's generic "cannot read" becomes the import's own text (it names Tombo's export).
    const message = err.message === SPREADSHEET_MSG.badFile ? PATRIMONIO_MSG.importBadFile : err.message;
    throw new HttpError(err.status, err.status === 413 ? 'TOO_LARGE' : 'UNPROCESSABLE', message, { file: message });
  }
}

/** Checks the rows of an opened sheet as they stream in; throws 422 for a missing column or no data. */
export async function checkSheet(sheet: Spreadsheet, refs: ImportRefs, keepGood: boolean): Promise<CheckResult> {
  if (!sheet.header.length) {
    await sheet.rows.return(undefined);
    throw unprocessable(PATRIMONIO_MSG.importNoRows);
  }
  const { col, custom } = mapColumns(sheet.header, refs.rules.custom);
  for (const key of ['descricao_bem', 'setor_responsavel', 'valor_aquisicao'] as const) {
    if (col[key] === undefined) {
      await sheet.rows.return(undefined);
      throw unprocessable(PATRIMONIO_MSG.importMissingColumn(HEADER_OF[key]));
    }
  }
  const sectorBy = new Map<string, ImportRefs['sectors'][number]>();
  for (const s of refs.sectors) {
    sectorBy.set(fold(s.name), s);
    sectorBy.set(fold(s.code), s);
  }
  const ctx: RowContext = {
    refs,
    col,
    custom,
    sectorBy,
    localBy: new Map(refs.locais.map((l) => [`${l.sectorId}:${fold(l.name)}`, l])),
    tipoBy: new Map(refs.tipos.map((t) => [fold(t.name), t])),
    formaBy: new Map(refs.formas.map((f) => [fold(f.nome), f])),
  };
  const result: CheckResult = { total: 0, valid: 0, good: [], errors: [] };
  for await (const row of sheet.rows) {
    result.total++;
    const checked = checkRow(ctx, row, result.errors);
    if (!checked) continue;
    result.valid++;
    if (keepGood) result.good.push(checked);
  }
  if (!result.total) throw unprocessable(PATRIMONIO_MSG.importNoRows);
  return result;
}

interface RowContext {
  refs: ImportRefs;
  col: ReturnType<typeof mapColumns>['col'];
  custom: ReturnType<typeof mapColumns>['custom'];
  sectorBy: Map<string, ImportRefs['sectors'][number]>;
  localBy: Map<string, ImportRefs['locais'][number]>;
  tipoBy: Map<string, ImportRefs['tipos'][number]>;
  formaBy: Map<string, ImportRefs['formas'][number]>;
}

/** One row: its errors go to `errors`; returns the row ready to insert, or null when it has any. */
function checkRow(x: RowContext, { line, cells }: RawRow, errors: ImportError[]): CheckedRow | null {
  const { refs, col } = x;
  const at = (key: keyof typeof col) => (col[key] === undefined ? undefined : cells[col[key]]);
  const rowErrors: ImportError[] = [];
  const err = (key: string, message: string) => rowErrors.push({ line, field: HEADER_OF[key] ?? key, message });

  const setorTxt = str(at('setor_responsavel'));
  const sector = setorTxt ? x.sectorBy.get(fold(setorTxt)) : undefined;
  if (!setorTxt) err('setor_responsavel', 'O setor é obrigatório.');
  else if (!sector) err('setor_responsavel', `Setor "${setorTxt}" não encontrado.`);
  else if (!inScope(refs.scope, sector.id)) err('setor_responsavel', PATRIMONIO_MSG.notYourSector);
  const localTxt = str(at('local_objeto'));
  const local = localTxt && sector ? x.localBy.get(`${sector.id}:${fold(localTxt)}`) : undefined;
  if (localTxt && sector && !local)
    err('local_objeto', `Local "${localTxt}" não encontrado no setor "${sector.name}".`);
  const tipoTxt = str(at('tipo'));
  const tipo = tipoTxt ? x.tipoBy.get(fold(tipoTxt)) : undefined;
  if (tipoTxt && !tipo) err('tipo', `Tipo de bem "${tipoTxt}" não encontrado.`);
  if (!tipoTxt && refs.rules.tipoRequired) err('tipo', PATRIMONIO_MSG.tipoRequired);
  const formaTxt = str(at('forma_aquisicao'));
  const forma = formaTxt ? x.formaBy.get(fold(formaTxt)) : undefined;
  if (formaTxt && !forma) err('forma_aquisicao', `Forma de aquisição "${formaTxt}" não encontrada.`);
  const status = statusOf(at('status'));
  if (status === undefined) err('status', `Status inválido: "${str(at('status'))}".`);
  const estado = estadoOf(at('estado_conservacao'));
  if (estado === undefined)
    err('estado_conservacao', `Estado de conservação inválido: "${str(at('estado_conservacao'))}".`);
  const data = dateOf(at('data_aquisicao'));
  if (data === undefined) err('data_aquisicao', 'Data de aquisição inválida (use dd/mm/aaaa).');
  const qtdTxt = str(at('quantidade'));

  const candidate = {
    descricao_bem: str(at('descricao_bem')),
    sectorId: sector?.id ?? 1,
    valor_aquisicao: moneyOf(at('valor_aquisicao')) ?? undefined,
    quantidade: qtdTxt === '' ? 1 : Number(qtdTxt),
    data_aquisicao: data ?? null,
    observacoes: str(at('observacoes')) || null,
  };
  const parsed = patrimonioCreateBody.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key === 'data_aquisicao' && data === undefined) continue;
      const message =
        issue.message.startsWith('Invalid') || issue.message.startsWith('Expected')
          ? 'Valor inválido.'
          : issue.message.includes('AAAA-MM-DD')
            ? 'Data de aquisição inválida (use dd/mm/aaaa).'
            : issue.message;
      err(
        key,
        key === 'valor_aquisicao' && candidate.valor_aquisicao === undefined
          ? 'O valor de aquisição é obrigatório.'
          : message,
      );
    }
  }
  const customValues: CustomFieldValues = {};
  for (const [i, f] of x.custom) {
    const c = cells[i];
    if (c == null || str(c) === '') continue;
    customValues[f.key] =
      c instanceof Date
        ? c.toISOString().slice(0, 10)
        : typeof c === 'number' || typeof c === 'boolean'
          ? c
          : // dd/mm/aaaa as the built-in date column takes it (what a CSV export writes)
            f.type === 'DATE'
            ? (dateOf(c) ?? str(c))
            : str(c);
  }
  const cf = checkCustomValues(refs.rules, customValues, true);
  for (const [k, message] of Object.entries(cf.errors)) {
    const f = refs.rules.custom.find((c) => `customFields.${c.key}` === k);
    rowErrors.push({ line, field: f?.label ?? k, message });
  }
  if (rowErrors.length || !parsed.success || !sector) {
    errors.push(...rowErrors);
    return null;
  }
  const v = parsed.data;
  return {
    line,
    sectorCode: sector.code,
    values: {
      municipalityId: refs.actor.municipalityId,
      descricaoBem: v.descricao_bem,
      tipoId: tipo?.id ?? null,
      tipoNome: tipo?.name ?? null,
      sectorId: sector.id,
      setorNome: sector.name,
      localId: local?.id ?? null,
      localNome: local?.name ?? null,
      formaAquisicaoId: forma?.id ?? null,
      formaNome: forma?.nome ?? null,
      valorAquisicao: v.valor_aquisicao,
      quantidade: v.quantidade ?? 1,
      dataAquisicao: v.data_aquisicao ?? null,
      status: status ?? 'ativo',
      estadoConservacao: estado ?? null,
      observacoes: v.observacoes ?? null,
      customFields: cf.values,
      createdById: refs.actor.id,
      createdByName: refs.actor.name,
    },
  };
}
