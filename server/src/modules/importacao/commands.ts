import fsp from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import {
  IMPORTACAO_CATALOGS,
  IMPORTACAO_FIELD_LABELS,
  IMPORTACAO_LIMITS,
  IMPORTACAO_MSG,
  looksLikeCode,
  splitLocalKey,
  type Importacao,
  type ImportacaoAnalise,
  type ImportacaoMapping,
  type ImportacaoValueMapping,
} from '@tombo/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { formasAquisicao, importacoes, locais, sectors, tiposBens } from '../../db/schema';
import { type Actor, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { HttpError, conflict } from '../../http/errors';
import { detectCsvDialect, openSpreadsheet, spreadsheetKind, InflateBudget } from '../../spreadsheet';
import { text } from '../../spreadsheet/import';
import { inScope, ofTenant, scopeOfMunicipality, type TenantScope } from '../../tenancy/scope';
import { JobFailure } from '../../jobs/define';
import { createJob, type JobRow } from '../jobs';
import { fieldRules } from '../form-fields';
import { resolveDefaults } from './catalogs';
import { mapCustom } from './custom';
import { importacaoFolder } from './files';
import type { Importer } from './importer';
import { numberedHeaders, presentImportacao } from './presenters';
import { getImportacaoRow } from './queries';
import { XLSX_BUDGET, readFailure } from './read';
import { mappingErrors } from './rows';
import { suggestMapping } from './suggest';
import type { z } from 'zod';
import type { importacaoConfirmarBody } from '@tombo/shared';

const unprocessable = (message: string, fields?: Record<string, string>) =>
  new HttpError(422, 'UNPROCESSABLE', message, fields);

/** What the first rows of an upload say: kind, encoding, separator, header, preview. */
export interface Inspected {
  format: 'csv' | 'xlsx';
  encoding: string | null;
  separator: string | null;
  hasHeader: boolean;
  headers: string[];
  preview: string[][];
}

const looksLikeData = (s: string) => /^[\d.,/\- R$]+$/.test(s.trim()) && /\d/.test(s);

/**
 * Reads the first rows of an uploaded register. It has a header row when its first row names at
 * least two of Tombo's fields, or holds no number or date (the e-Cidade export starts with data).
 */
export async function inspectUpload(file: string): Promise<Inspected> {
  try {
    const format = await spreadsheetKind(file);
    const dialect = format === 'csv' ? await detectCsvDialect(file) : null;
    const sheet = await openSpreadsheet(file, {
      maxRows: IMPORTACAO_LIMITS.maxRows,
      header: false,
      budget: new InflateBudget(XLSX_BUDGET),
    });
    const first: string[][] = [];
    try {
      for await (const row of sheet.rows) {
        first.push(row.cells.map(text));
        if (first.length > IMPORTACAO_LIMITS.previewRows) break;
      }
    } finally {
      await sheet.rows.return(undefined);
    }
    if (!first.length) throw unprocessable(IMPORTACAO_MSG.noRows, { file: IMPORTACAO_MSG.noRows });
    const width = Math.min(IMPORTACAO_LIMITS.maxColumns, Math.max(...first.map((r) => r.length)));
    const pad = (r: string[]) => Array.from({ length: width }, (_, i) => r[i] ?? '');
    const named = Object.values(suggestMapping(first[0])).filter((v) => v != null).length;
    const hasHeader = named >= 2 || !first[0].some(looksLikeData);
    return {
      format,
      encoding: dialect?.encoding ?? null,
      separator: dialect?.separator ?? null,
      hasHeader,
      headers: hasHeader ? pad(first[0]) : numberedHeaders(width),
      preview: (hasHeader ? first.slice(1) : first.slice(0, IMPORTACAO_LIMITS.previewRows)).map(pad),
    };
  } catch (err) {
    throw readFailure(err);
  }
}

/** Keeps an inspected upload (already moved to `stored`) as the municipality's and audits it. */
export async function createImportacao(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  actor: Actor,
  input: Inspected & { stored: string; fileName: string; size: number },
): Promise<Importacao> {
  const [row] = await tx
    .insert(importacoes)
    .values({
      municipalityId: scope.municipalityId,
      createdById: actor.id,
      filePath: input.stored,
      fileName: input.fileName,
      size: input.size,
      format: input.format,
      encoding: input.encoding,
      separator: input.separator,
      hasHeader: input.hasHeader,
      headers: input.headers,
      preview: input.preview,
    })
    .returning();
  await record(tx, out, {
    action: 'IMPORTACAO_UPLOAD',
    entityType: 'Importacao',
    entityId: row.id,
    label: row.fileName,
    details: { new_value: { arquivo: row.fileName, bytes: row.size, formato: row.format, codificacao: row.encoding } },
  });
  return presentImportacao(row);
}

/**
 * The text an analysis is remembered by: the mapping (in field order), whether row 1 is a header and
 * whether the numbers are generated.
 */
export const analysisKey = (
  mapping: ImportacaoMapping,
  hasHeader: boolean,
  generateNumbers = false,
  atualizar: string | null = null,
) =>
  JSON.stringify({
    mapping: Object.fromEntries(
      Object.entries({ ...mapping, custom: Object.fromEntries(Object.entries(mapping.custom ?? {}).sort()) }).sort(),
    ),
    hasHeader,
    ...(generateNumbers ? { generateNumbers } : {}),
    ...(atualizar ? { atualizar } : {}),
  });

/** Throws 422 when the mapping does not fit the file (required fields, a column twice, none outside). */
export function checkMapping(
  body: { mapping: ImportacaoMapping; generateNumbers: boolean },
  headers: string[], // "Coluna N" without a header row: one per column either way
): void {
  const errs = mappingErrors(body.mapping, Math.max(headers.length, 1), body.generateNumbers);
  const first = Object.values(errs)[0];
  if (first) throw unprocessable(first, errs);
}

/** Settles what the upload may do now: 409 while importing or imported, or once the cleanup sweep removed its files. */
function assertIdle(row: { status: string }): void {
  if (row.status === 'importando' || row.status === 'concluida') throw conflict(IMPORTACAO_MSG.busy);
  if (row.status === 'expirada') throw conflict(IMPORTACAO_MSG.expired(IMPORTACAO_LIMITS.fileRetentionDays));
}

/**
 * Queues the analysis of an upload under a mapping (`importacao.analise`, audited): the row becomes
 * 'analisando' with this job as its latest, and any earlier analysis no longer counts.
 */
export async function startAnalysis(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  actor: Actor,
  who: Importer,
  id: string,
  body: { mapping: ImportacaoMapping; hasHeader: boolean; generateNumbers: boolean; atualizar: 'numero' | null },
): Promise<JobRow> {
  const row = await getImportacaoRow(tx, scope, id, true, who.ownerId);
  assertIdle(row);
  const { unknown } = mapCustom(await fieldRules(tx, scope), body.mapping);
  if (unknown.length)
    throw unprocessable(IMPORTACAO_MSG.customUnknown(unknown[0]), {
      [`mapping.custom.${unknown[0]}`]: IMPORTACAO_MSG.customUnknown(unknown[0]),
    });
  const job = await createJob(tx, out, scope, {
    ownerId: actor.id,
    name: 'importacao.analise',
    title: `Análise do cadastro (${row.fileName})`.slice(0, 200),
    payload: {
      importacaoId: row.id,
      mapping: body.mapping,
      hasHeader: body.hasHeader,
      generateNumbers: body.generateNumbers,
      atualizar: body.atualizar,
      sectorIds: who.sectorIds,
      createCatalogs: who.createCatalogs,
    },
    audit: {
      action: 'IMPORTACAO_ANALYSE',
      entityType: 'Importacao',
      entityId: row.id,
      label: row.fileName,
      details: { new_value: { arquivo: row.fileName } },
    },
  });
  await tx
    .update(importacoes)
    .set({ status: 'analisando', jobId: job.id, analysisKey: null, analysisErrors: null, updatedAt: new Date() })
    .where(eq(importacoes.id, row.id));
  return job;
}

/**
 * Stores the outcome of an analysis on its upload (a commit needs a clean analysis of the same
 * mapping); refused when a newer analysis or the import took the upload over meanwhile.
 */
export async function saveAnalysis(
  tx: Db,
  scope: TenantScope,
  id: string,
  jobId: string,
  key: string,
  hasHeader: boolean,
  result: ImportacaoAnalise & { values: Record<string, string[]> },
  errorsPath: string,
  headers: string[],
): Promise<void> {
  const row = await getImportacaoRow(tx, scope, id, true);
  if (row.status !== 'analisando' || row.jobId !== jobId) throw new JobFailure(IMPORTACAO_MSG.analysisReplaced, false);
  await tx
    .update(importacoes)
    .set({
      status: 'analisada',
      analysisKey: key,
      analysisErrors: result.errorCount,
      distinctValues: result.values,
      report: { analysedRows: result.total },
      errorsPath,
      hasHeader,
      headers,
      updatedAt: new Date(),
    })
    .where(eq(importacoes.id, id));
}

type Confirm = z.output<typeof importacaoConfirmarBody>;

/**
 * Every distinct value has a choice, every chosen row exists in the municipality and its sector is one
 * the importer sees (422 otherwise); 'criar' only for an importer who may create catalog rows (403).
 */
async function checkValueMapping(
  tx: Db,
  scope: TenantScope,
  who: Importer,
  values: Record<string, string[]>,
  vm: ImportacaoValueMapping,
): Promise<void> {
  const fail = (field: string, value: string, message: string): never => {
    throw unprocessable(message, { [`valueMapping.${field}`]: message });
  };
  if (!who.createCatalogs)
    for (const field of IMPORTACAO_CATALOGS)
      if (Object.values(vm[field]).some((c) => 'criar' in c))
        throw new HttpError(403, 'FORBIDDEN', IMPORTACAO_MSG.noCreate, {
          [`valueMapping.${field}`]: IMPORTACAO_MSG.noCreate,
        });
  // A sector value that reads as a code ("1773") is never created under that text: a name is asked for.
  for (const [v, c] of Object.entries(vm.setor))
    if ('criar' in c && !c.nome && looksLikeCode(v)) fail('setor', v, IMPORTACAO_MSG.numericSector(v));
  for (const field of [...IMPORTACAO_CATALOGS, 'status', 'estado'] as const) {
    const label = IMPORTACAO_FIELD_LABELS[field];
    for (const v of values[field] ?? []) {
      const shown = field === 'local' ? splitLocalKey(v)[1] : v;
      if (!(v in vm[field])) fail(field, v, IMPORTACAO_MSG.unmapped(label, shown));
    }
  }
  const ids = (field: (typeof IMPORTACAO_CATALOGS)[number]) =>
    Object.values(vm[field]).flatMap((c) => ('id' in c ? [c.id] : []));
  const exists = async (table: typeof sectors | typeof tiposBens | typeof formasAquisicao, list: number[]) =>
    new Set(
      list.length
        ? (
            await tx
              .select({ id: table.id })
              .from(table)
              .where(and(ofTenant(table, scope), inArray(table.id, list)))
          ).map((r) => r.id)
        : [],
    );
  const sectorIds = await exists(sectors, ids('setor'));
  const tipoIds = await exists(tiposBens, ids('tipo'));
  const formaIds = await exists(formasAquisicao, ids('forma'));
  const localRows = ids('local').length
    ? await tx
        .select({ id: locais.id, sectorId: locais.sectorId })
        .from(locais)
        .where(and(ofTenant(locais, scope), inArray(locais.id, ids('local'))))
    : [];
  const localSector = new Map(localRows.map((l) => [l.id, l.sectorId]));
  const check = (field: 'setor' | 'tipo' | 'forma', known: Set<number>) => {
    for (const [v, c] of Object.entries(vm[field]))
      if ('id' in c && !known.has(c.id)) fail(field, v, IMPORTACAO_MSG.badChoice(IMPORTACAO_FIELD_LABELS[field], v));
  };
  const mine = scopeOfMunicipality(scope.municipalityId, who.sectorIds);
  check('setor', new Set([...sectorIds].filter((id) => inScope(mine, id))));
  check('tipo', tipoIds);
  check('forma', formaIds);
  for (const [key, c] of Object.entries(vm.local)) {
    if (!('id' in c)) continue;
    const [setor, local] = splitLocalKey(key);
    const sc = vm.setor[setor];
    // An existing place must belong to the existing sector its rows go to.
    if (!sc || !('id' in sc) || localSector.get(c.id) !== sc.id)
      fail('local', key, IMPORTACAO_MSG.badChoice(IMPORTACAO_FIELD_LABELS.local, local));
  }
}

/** Checks a confirmation against the last analysis and queues the import job (audited); the job row. */
export async function confirmImportacao(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  actor: Actor,
  who: Importer,
  id: string,
  body: Confirm,
): Promise<JobRow> {
  const row = await getImportacaoRow(tx, scope, id, true, who.ownerId);
  assertIdle(row);
  if (row.status === 'analisando') throw conflict(IMPORTACAO_MSG.analysing);
  if (
    row.analysisKey !== analysisKey(body.mapping, body.hasHeader, body.generateNumbers, body.atualizar) ||
    row.analysisErrors == null
  )
    throw unprocessable(IMPORTACAO_MSG.notAnalysed);
  // Bad rows: refused whole, unless the importer keeps them as pending rows to correct.
  if (row.analysisErrors > 0 && body.pendentes !== 'manter')
    throw unprocessable(IMPORTACAO_MSG.hasErrors(row.analysisErrors));
  await checkValueMapping(tx, scope, who, row.distinctValues ?? {}, body.valueMapping);
  await resolveDefaults(tx, scopeOfMunicipality(scope.municipalityId, who.sectorIds), body.defaults);
  const job = await createJob(tx, out, scope, {
    ownerId: actor.id,
    name: 'importacao.bens',
    title: `Importação do cadastro (${row.fileName})`.slice(0, 200),
    payload: {
      importacaoId: row.id,
      actorName: actor.name,
      mapping: body.mapping,
      hasHeader: body.hasHeader,
      generateNumbers: body.generateNumbers,
      atualizar: body.atualizar,
      pendentes: body.pendentes,
      defaults: body.defaults,
      valueMapping: body.valueMapping,
      sectorIds: who.sectorIds,
      createCatalogs: who.createCatalogs,
    },
    audit: {
      action: 'IMPORTACAO_REQUEST',
      entityType: 'Importacao',
      entityId: row.id,
      label: row.fileName,
      details: { new_value: { arquivo: row.fileName } },
    },
  });
  await tx
    .update(importacoes)
    .set({ status: 'importando', jobId: job.id, updatedAt: new Date() })
    .where(eq(importacoes.id, row.id));
  return job;
}

/** Absolute path of an upload's stored file (null if it would leave its folder). */
export const storedFile = (config: Pick<Config, 'dataDir'>, rel: string) => importacaoFolder.resolve(config, rel);

/** Path (relative to DATA_DIR) of the error report of an upload. */
export const errorsPathOf = (stored: string) => `${stored.replace(/\.[^./]+$/, '')}.erros.csv`;

/** Removes a file when a request fails after receiving it. */
export const discard = (abs: string) => fsp.rm(abs, { force: true }).catch(() => undefined);
