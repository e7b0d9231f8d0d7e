import fsp from 'node:fs/promises';
import { and, asc, eq, gt } from 'drizzle-orm';
import {
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  HISTORICO_ACTIONS,
  PATRIMONIO_LIMITS,
  PATRIMONIO_MSG,
  PATRIMONIO_SHEET_COLUMNS,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  patrimonioCreateBody,
  type CustomFieldValues,
  type FormField,
  type ImportError,
  type ImportReport,
  type PatrimonioFilters,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { formasAquisicao, locais, patrimonioHistorico, patrimonios, sectors, tiposBens } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { HttpError } from '../../http/errors';
import { allocateNumbers, getPattern } from '../numbering/service';
import { checkCustomValues, fieldRules, listFields } from '../form-fields';
import { countPatrimonios, filterWhere, fold } from './filters';
import { assetRooms, inScope, type Scope } from './scope';
import { scopeOfMunicipality } from '../../tenancy/scope';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Progress = (percent: number) => Promise<void> | void;

// ---- Export -------------------------------------------------------------------------------------

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
  const { default: ExcelJS } = await import('exceljs');
  const scope: Scope = scopeOfMunicipality(municipalityId, sectorIds);
  const where = await filterWhere(ctx.db, scope, filters);
  const custom = (await listFields(ctx.db, scopeOfMunicipality(municipalityId))).filter((f) => f.isCustom);
  const total = await countPatrimonios(ctx.db, where);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  wb.creator = 'Tombo';
  const ws = wb.addWorksheet('Bens', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    ...PATRIMONIO_SHEET_COLUMNS.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.width,
      style:
        c.key === 'valor_aquisicao'
          ? { numFmt: '#,##0.00' }
          : c.key === 'data_aquisicao'
            ? { numFmt: 'dd/mm/yyyy' }
            : {},
    })),
    ...custom.map((f) => ({
      header: f.label,
      key: `cf:${f.key}`,
      width: 20,
      style: f.type === 'DATE' ? { numFmt: 'dd/mm/yyyy' } : {},
    })),
  ];
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  let last = 0;
  let done = 0;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(patrimonios)
      .where(and(where, gt(patrimonios.id, last)))
      .orderBy(asc(patrimonios.id))
      .limit(2000);
    if (!rows.length) break;
    for (const r of rows) {
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
      ws.addRow(values).commit();
    }
    done += rows.length;
    last = rows[rows.length - 1].id;
    await onProgress(total ? (100 * done) / total : 100);
  }
  ws.commit();
  await wb.commit();
  return { rows: done };
}

const utcDate = (iso: string) => new Date(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)));

// ---- Import: reading ----------------------------------------------------------------------------

type Cell = string | number | boolean | Date | null;
interface SheetRow {
  line: number;
  cells: Cell[];
}

function cellValue(v: unknown): Cell {
  if (v == null) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown; error?: unknown };
    if (o.richText) return o.richText.map((t) => t.text).join('');
    if ('result' in o) return cellValue(o.result);
    if (typeof o.text === 'string') return o.text;
    if (o.error) return null;
  }
  return String(v);
}

/** Header + rows of an XLSX (first sheet) or a CSV (`;` or `,`, UTF-8); line = the row number the user sees. */
export async function readSheet(filePath: string): Promise<{ header: string[]; rows: SheetRow[] }> {
  const head = Buffer.alloc(4);
  const fh = await fsp.open(filePath, 'r');
  try {
    await fh.read(head, 0, 4, 0);
  } finally {
    await fh.close();
  }
  const bad = () =>
    new HttpError(422, 'UNPROCESSABLE', PATRIMONIO_MSG.importBadFile, { file: PATRIMONIO_MSG.importBadFile });
  if (head[0] === 0x50 && head[1] === 0x4b) {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.readFile(filePath);
    } catch {
      throw bad();
    }
    const ws = wb.worksheets[0];
    if (!ws) throw bad();
    const header: string[] = [];
    ws.getRow(1).eachCell({ includeEmpty: true }, (c, col) => {
      header[col - 1] = String(cellValue(c.value) ?? '').trim();
    });
    const rows: SheetRow[] = [];
    ws.eachRow({ includeEmpty: false }, (row, line) => {
      if (line === 1) return;
      const cells: Cell[] = [];
      row.eachCell({ includeEmpty: true }, (c, col) => {
        cells[col - 1] = cellValue(c.value);
      });
      rows.push({ line, cells });
    });
    return { header, rows };
  }
  const text = (await fsp.readFile(filePath, 'utf8')).replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw bad();
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const { parse } = await import('csv-parse/sync');
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      bom: true,
    }) as never;
  } catch {
    throw bad();
  }
  if (!records.length) throw bad();
  const header = records[0].record.map((h) => h.trim());
  return { header, rows: records.slice(1).map((r) => ({ line: r.info.lines, cells: r.record })) };
}

// ---- Import: checking ---------------------------------------------------------------------------

const str = (c: Cell | undefined): string =>
  c == null ? '' : c instanceof Date ? c.toISOString().slice(0, 10) : String(c).trim();

function moneyOf(c: Cell | undefined): string | null {
  if (c == null || c === '') return null;
  if (typeof c === 'number') return String(c);
  let s = String(c).replace(/R\$|\s/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  return s;
}
function dateOf(c: Cell | undefined): string | null | undefined {
  if (c == null || c === '') return null;
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? undefined : c.toISOString().slice(0, 10);
  const s = String(c).trim();
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m ? s : undefined;
}
function pick<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  c: Cell | undefined,
): T | null | undefined {
  const s = fold(str(c));
  if (!s) return null;
  return values.find((v) => fold(v) === s || fold(labels[v]) === s || fold(v.replace(/_/g, ' ')) === s);
}

export interface CheckedRow {
  line: number;
  sectorCode: string;
  values: Omit<typeof patrimonios.$inferInsert, 'numeroPatrimonio'>;
}

const HEADER_OF = Object.fromEntries(PATRIMONIO_SHEET_COLUMNS.map((c) => [c.key, c.header])) as Record<string, string>;

/** Checks every row; returns the good ones ready to insert and one error per bad field. */
export async function checkRows(
  db: Db,
  actor: Actor & { municipalityId: number },
  scope: Scope,
  sheet: { header: string[]; rows: SheetRow[] },
): Promise<{ total: number; good: CheckedRow[]; errors: ImportError[] }> {
  const m = actor.municipalityId;
  const rules = await fieldRules(db, scopeOfMunicipality(m));
  const col: Record<string, number> = {};
  const customCol = new Map<number, FormField>();
  sheet.header.forEach((h, i) => {
    const f = fold(h ?? '');
    if (!f) return;
    const known = PATRIMONIO_SHEET_COLUMNS.find((c) => fold(c.header) === f || c.key === h);
    if (known) {
      col[known.key] ??= i;
      return;
    }
    const cf = rules.custom.find((x) => fold(x.label) === f || x.key === h);
    if (cf) customCol.set(i, cf);
  });
  for (const key of ['descricao_bem', 'setor_responsavel', 'valor_aquisicao'] as const) {
    if (col[key] === undefined)
      throw new HttpError(422, 'UNPROCESSABLE', PATRIMONIO_MSG.importMissingColumn(HEADER_OF[key]));
  }
  const [sRows, lRows, tRows, fRows] = await Promise.all([
    db.select().from(sectors).where(eq(sectors.municipalityId, m)),
    db.select().from(locais).where(eq(locais.municipalityId, m)),
    db.select().from(tiposBens).where(eq(tiposBens.municipalityId, m)),
    db.select().from(formasAquisicao).where(eq(formasAquisicao.municipalityId, m)),
  ]);
  const sectorBy = new Map<string, (typeof sRows)[number]>();
  for (const s of sRows) {
    sectorBy.set(fold(s.name), s);
    sectorBy.set(fold(s.code), s);
  }
  const localBy = new Map(lRows.map((l) => [`${l.sectorId}:${fold(l.name)}`, l]));
  const tipoBy = new Map(tRows.map((t) => [fold(t.name), t]));
  const formaBy = new Map(fRows.map((f) => [fold(f.nome), f]));

  const rows = sheet.rows.filter((r) => r.cells.some((c) => str(c) !== ''));
  if (!rows.length) throw new HttpError(422, 'UNPROCESSABLE', PATRIMONIO_MSG.importNoRows);
  if (rows.length > PATRIMONIO_LIMITS.importMaxRows)
    throw new HttpError(422, 'UNPROCESSABLE', PATRIMONIO_MSG.importTooManyRows);

  const errors: ImportError[] = [];
  const good: CheckedRow[] = [];
  for (const { line, cells } of rows) {
    const at = (key: string) => (col[key] === undefined ? undefined : cells[col[key]]);
    const rowErrors: ImportError[] = [];
    const err = (key: string, message: string) => rowErrors.push({ line, field: HEADER_OF[key] ?? key, message });

    const setorTxt = str(at('setor_responsavel'));
    const sector = setorTxt ? sectorBy.get(fold(setorTxt)) : undefined;
    if (!setorTxt) err('setor_responsavel', 'O setor é obrigatório.');
    else if (!sector) err('setor_responsavel', `Setor "${setorTxt}" não encontrado.`);
    else if (!inScope(scope, sector.id)) err('setor_responsavel', PATRIMONIO_MSG.notYourSector);
    const localTxt = str(at('local_objeto'));
    const local = localTxt && sector ? localBy.get(`${sector.id}:${fold(localTxt)}`) : undefined;
    if (localTxt && sector && !local)
      err('local_objeto', `Local "${localTxt}" não encontrado no setor "${sector.name}".`);
    const tipoTxt = str(at('tipo'));
    const tipo = tipoTxt ? tipoBy.get(fold(tipoTxt)) : undefined;
    if (tipoTxt && !tipo) err('tipo', `Tipo de bem "${tipoTxt}" não encontrado.`);
    if (!tipoTxt && rules.tipoRequired) err('tipo', PATRIMONIO_MSG.tipoRequired);
    const formaTxt = str(at('forma_aquisicao'));
    const forma = formaTxt ? formaBy.get(fold(formaTxt)) : undefined;
    if (formaTxt && !forma) err('forma_aquisicao', `Forma de aquisição "${formaTxt}" não encontrada.`);
    const status = pick(PATRIMONIO_STATUSES, PATRIMONIO_STATUS_LABELS, at('status'));
    if (status === undefined) err('status', `Status inválido: "${str(at('status'))}".`);
    const estado = pick(ESTADOS_CONSERVACAO, ESTADO_CONSERVACAO_LABELS, at('estado_conservacao'));
    if (estado === undefined)
      err('estado_conservacao', `Estado de conservação inválido: "${str(at('estado_conservacao'))}".`);
    const data = dateOf(at('data_aquisicao'));
    if (data === undefined) err('data_aquisicao', 'Data de aquisição inválida (use dd/mm/aaaa).');
    const qtdTxt = str(at('quantidade'));
    const quantidade = qtdTxt === '' ? 1 : Number(qtdTxt);

    const candidate = {
      descricao_bem: str(at('descricao_bem')),
      sectorId: sector?.id ?? 1,
      valor_aquisicao: moneyOf(at('valor_aquisicao')) ?? undefined,
      quantidade,
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
    const custom: CustomFieldValues = {};
    for (const [i, f] of customCol) {
      const c = cells[i];
      if (c == null || str(c) === '') continue;
      custom[f.key] =
        c instanceof Date
          ? c.toISOString().slice(0, 10)
          : typeof c === 'number' || typeof c === 'boolean'
            ? c
            : String(c).trim();
    }
    const cf = checkCustomValues(rules, custom, true);
    for (const [k, message] of Object.entries(cf.errors)) {
      const f = rules.custom.find((x) => `customFields.${x.key}` === k);
      rowErrors.push({ line, field: f?.label ?? k, message });
    }
    if (rowErrors.length || !parsed.success || !sector) {
      errors.push(...rowErrors);
      continue;
    }
    const v = parsed.data;
    good.push({
      line,
      sectorCode: sector.code,
      values: {
        municipalityId: m,
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
        createdById: actor.id,
        createdByName: actor.name,
      },
    });
  }
  return { total: rows.length, good, errors };
}

// ---- Import: the whole thing --------------------------------------------------------------------

/**
 * Dry run: reports every bad row. Commit: creates every good row in ONE transaction (numbers
 * allocated per sector, in row order) — or nothing if anything fails. Usable from a request or as
 * a job processor (`onProgress` 0–100). A commit's last step is `onCommit` with the report, inside
 * that transaction (a job records there that it committed; throwing rolls the import back) — or
 * alone when no row was good and nothing is written.
 */
export async function importPatrimonios(
  ctx: Pick<AppContext, 'db' | 'publisher'>,
  actor: Actor & { municipalityId: number },
  scope: Scope,
  filePath: string,
  mode: 'dry-run' | 'commit',
  onProgress: Progress = () => undefined,
  onCommit?: (tx: Db, report: ImportReport) => Promise<void>,
): Promise<ImportReport> {
  const sheet = await readSheet(filePath);
  await onProgress(10);
  const { total, good, errors } = await checkRows(ctx.db, actor, scope, sheet);
  await onProgress(25);
  if (mode === 'dry-run') return { mode, total, valid: good.length, created: 0, errors, numeros: null };
  if (good.length === 0) {
    const none: ImportReport = { mode, total, valid: 0, created: 0, errors, numeros: null };
    await onCommit?.(ctx.db, none);
    return none;
  }
  const report = await mutate(ctx, actor, async (tx, out): Promise<ImportReport> => {
    const pattern = await getPattern(tx, actor.municipalityId);
    const bySector = new Map<string, CheckedRow[]>();
    for (const r of good) bySector.set(r.sectorCode, [...(bySector.get(r.sectorCode) ?? []), r]);
    const assigned = new Map<CheckedRow, string>();
    for (const code of [...bySector.keys()].sort()) {
      const list = bySector.get(code)!;
      const nums = await allocateNumbers(tx, actor.municipalityId, pattern, code, list.length);
      list.forEach((r, i) => assigned.set(r, nums[i]));
    }
    const CHUNK = 500;
    let firstNum = '';
    let lastNum = '';
    for (let i = 0; i < good.length; i += CHUNK) {
      const chunk = good.slice(i, i + CHUNK);
      const inserted = await tx
        .insert(patrimonios)
        .values(chunk.map((r) => ({ ...r.values, numeroPatrimonio: assigned.get(r)! })))
        .returning({ id: patrimonios.id, numero: patrimonios.numeroPatrimonio });
      await tx.insert(patrimonioHistorico).values(
        inserted.map((x) => ({
          patrimonioId: x.id,
          municipalityId: actor.municipalityId,
          action: HISTORICO_ACTIONS.created,
          details: `Bem ${x.numero} cadastrado por importação de planilha.`,
          userId: actor.id,
          userName: actor.name,
        })),
      );
      if (i === 0) firstNum = inserted[0].numero;
      lastNum = inserted[inserted.length - 1].numero;
      await onProgress(25 + (70 * Math.min(good.length, i + CHUNK)) / good.length);
    }
    await audit(tx, out, {
      action: 'PATRIMONIO_IMPORT',
      entityType: 'Patrimonio',
      entityId: null,
      details: {
        new_value: { linhas: total, criados: good.length, com_erro: total - good.length, de: firstNum, ate: lastNum },
      },
    });
    const sectorIds = [...new Set(good.map((r) => r.values.sectorId))];
    out.emit(assetRooms(actor.municipalityId, ...sectorIds), 'patrimonio.bulk_created', {
      count: good.length,
      source: 'import',
      first: firstNum,
      last: lastNum,
      sectorIds,
    });
    const done = {
      mode,
      total,
      valid: good.length,
      created: good.length,
      errors,
      numeros: { first: firstNum, last: lastNum },
    };
    await onCommit?.(tx, done);
    return done;
  });
  await onProgress(100);
  return report;
}
