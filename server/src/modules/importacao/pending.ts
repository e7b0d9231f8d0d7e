import { eq, sql } from 'drizzle-orm';
import {
  IMPORTACAO_FIELDS,
  IMPORTACAO_FIELD_LABELS,
  IMPORTACAO_MSG,
  importacaoConfirmarBody,
  room,
  type ImportacaoPendentes,
  type ImportacaoPendentesBody,
  type ImportacaoPendentesResult,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { importacoes } from '../../db/schema';
import type { Actor, Outbox } from '../../db/tx';
import { HttpError, conflict, notFound } from '../../http/errors';
import type { Cell } from '../../spreadsheet';
import type { ImportRow } from '../../spreadsheet/import';
import type { TenantScope } from '../../tenancy/scope';
import { audit } from '../audit';
import { fieldRules } from '../form-fields';
import { buildAsset, customFieldKey, fieldKeyByLabel, type AssetRow } from './asset-row';
import { lookupRefs, resolveDefaults } from './catalogs';
import { mapCustom, type MappedCustom } from './custom';
import { getImportacaoRow } from './queries';
import { parseRow } from './rows';
import type { PendingRow } from './schema';
import { existingByNumber } from './updates';
import { NumberRange, continueCounters, writeBatch } from './write';

/**
 * Pending rows (issue 35): the rows an import kept instead of refusing the file (`pendentes: 'manter'`),
 * stored on the upload's row with a version. They are listed with their error per field, corrected
 * (re-checked as the import checks a row: the same parse, value mapping, defaults and scope) and the
 * ones now valid committed; the others stay pending.
 */

type ImpRow = Awaited<ReturnType<typeof getImportacaoRow>>;
type Settings = ReturnType<typeof importacaoConfirmarBody.parse>;

const unprocessable = (message: string, fields?: Record<string, string>) =>
  new HttpError(422, 'UNPROCESSABLE', message, fields);

/** The upload's settings and pending rows; 404 when it kept none. */
function pendingOf(row: ImpRow): { settings: Settings; rows: PendingRow[] } {
  if (!row.pending || !row.settings) throw notFound(IMPORTACAO_MSG.noPending);
  const settings = importacaoConfirmarBody.parse({
    mapping: row.settings.mapping,
    hasHeader: row.settings.hasHeader,
    generateNumbers: row.settings.generateNumbers,
    atualizar: row.settings.atualizar,
    defaults: row.settings.defaults,
    valueMapping: row.settings.valueMapping,
  });
  return { settings, rows: row.pending };
}

/** The fields a pending row shows: the mapped ones, in the wizard's order, then the custom ones. */
function fieldsOf(settings: Settings, custom: MappedCustom) {
  const m = settings.mapping;
  return [
    ...IMPORTACAO_FIELDS.filter((f) => m[f] != null).map((f) => ({
      key: f as string,
      label: IMPORTACAO_FIELD_LABELS[f],
    })),
    ...custom.columns.map(([, f]) => ({ key: customFieldKey(f.key), label: f.label })),
  ];
}

/** The checker of pending rows under the caller's scope: each row's asset, or its errors by field. */
async function checker(tx: Db, scope: TenantScope, actor: Actor, settings: Settings) {
  const { mapped: custom } = mapCustom(await fieldRules(tx, scope), settings.mapping);
  const keys = fieldKeyByLabel(custom);
  const build = {
    scope,
    actor,
    mapping: settings.mapping,
    vm: settings.valueMapping,
    refs: await lookupRefs(tx, scope, settings.valueMapping),
    defaults: await resolveDefaults(tx, scope, settings.defaults),
  };
  const columnOf = (key: string) =>
    key.startsWith('custom.')
      ? settings.mapping.custom[key.slice(7)]
      : settings.mapping[key as (typeof IMPORTACAO_FIELDS)[number]];
  const update = settings.atualizar != null;
  /** Checks every row: the good ones' assets, every row with its errors (empty when good). */
  const check = async (rows: PendingRow[]) => {
    const good: AssetRow[] = [];
    const checked: PendingRow[] = [];
    const firstLine = new Map<string, number>();
    for (const p of rows) {
      const cells: Cell[] = [];
      for (const [k, v] of Object.entries(p.values)) {
        const col = columnOf(k);
        if (col != null) cells[col] = v;
      }
      const errors: Record<string, string> = {};
      const error = (label: string, message: string) => {
        const k = keys.get(label) ?? 'linha';
        errors[k] = errors[k] ? `${errors[k]} ${message}` : message;
      };
      const map: Record<string, number> = {};
      for (const f of IMPORTACAO_FIELDS) if (settings.mapping[f] != null) map[f] = settings.mapping[f];
      const at: ImportRow = {
        line: p.line,
        cells,
        cell: (key) => (map[key] === undefined ? undefined : cells[map[key]]),
        error,
      };
      const parsed = parseRow(at, custom, settings.generateNumbers);
      const asset = parsed && buildAsset(build, parsed, error, { source: p.values, origem: p.origem ?? [] });
      if (asset && !settings.generateNumbers) {
        const seen = firstLine.get(asset.numero);
        if (seen !== undefined)
          error(IMPORTACAO_FIELD_LABELS.numero, IMPORTACAO_MSG.duplicateInFile(asset.numero, seen));
        else firstLine.set(asset.numero, p.line);
      }
      checked.push({ ...p, errors });
      if (asset && !Object.keys(errors).length) good.push(asset);
    }
    if (!update && good.length) {
      const taken = await existingByNumber(
        tx,
        scope,
        good.map((a) => a.numero),
      );
      for (const a of good.filter((x) => taken.has(x.numero))) {
        const row = checked.find((c) => c.line === a.line)!;
        row.errors = { ...row.errors, numero: IMPORTACAO_MSG.duplicateInRegister(a.numero) };
      }
      return { good: good.filter((a) => !taken.has(a.numero)), checked };
    }
    return { good, checked };
  };
  return { check, fields: fieldsOf(settings, custom) };
}

/** GET /api/importacoes/:id/pendentes */
export async function listPending(
  tx: Db,
  scope: TenantScope,
  id: string,
  ownerId: number | null,
): Promise<ImportacaoPendentes> {
  const row = await getImportacaoRow(tx, scope, id, false, ownerId);
  const { settings, rows } = pendingOf(row);
  const { mapped } = mapCustom(await fieldRules(tx, scope), settings.mapping);
  return { version: row.pendingVersion, fields: fieldsOf(settings, mapped), rows: rows.map(present) };
}

const present = (p: PendingRow) => ({ line: p.line, values: p.values, errors: p.errors });

/** The locked upload with its pending rows at the caller's version (409 when stale). */
async function lockedAt(tx: Db, scope: TenantScope, id: string, ownerId: number | null, version: number) {
  const row = await getImportacaoRow(tx, scope, id, true, ownerId);
  const pending = pendingOf(row);
  if (row.pendingVersion !== version) throw conflict(IMPORTACAO_MSG.pendingStale);
  return { row, ...pending };
}

/** Stores the pending rows with the next version. */
async function store(tx: Db, id: string, rows: PendingRow[]): Promise<number> {
  const [r] = await tx
    .update(importacoes)
    .set({ pending: rows, pendingVersion: sql`${importacoes.pendingVersion} + 1`, updatedAt: new Date() })
    .where(eq(importacoes.id, id))
    .returning({ version: importacoes.pendingVersion });
  return r.version;
}

/** PUT /api/importacoes/:id/pendentes: corrected values saved and every pending row checked again. */
export async function savePending(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  actor: Actor,
  id: string,
  ownerId: number | null,
  body: ImportacaoPendentesBody,
): Promise<ImportacaoPendentes> {
  const { row, settings, rows } = await lockedAt(tx, scope, id, ownerId, body.version);
  const { check, fields } = await checker(tx, scope, actor, settings);
  const known = new Set(fields.map((f) => f.key));
  const byLine = new Map(rows.map((r) => [r.line, r]));
  for (const [i, l] of body.linhas.entries()) {
    if (!byLine.has(l.line))
      throw unprocessable(IMPORTACAO_MSG.pendingUnknownLine(l.line), {
        [`linhas.${i}.line`]: IMPORTACAO_MSG.pendingUnknownLine(l.line),
      });
    const bad = Object.keys(l.values).find((k) => !known.has(k));
    if (bad)
      throw unprocessable(IMPORTACAO_MSG.pendingUnknownField(bad), {
        [`linhas.${i}.values.${bad}`]: IMPORTACAO_MSG.pendingUnknownField(bad),
      });
  }
  for (const l of body.linhas) {
    const p = byLine.get(l.line)!;
    byLine.set(l.line, { ...p, values: { ...p.values, ...l.values } });
  }
  const { checked } = await check([...byLine.values()]);
  const version = await store(tx, row.id, checked);
  await audit(tx, out, {
    action: 'IMPORTACAO_PENDENTES_UPDATE',
    entityType: 'Importacao',
    entityId: row.id,
    label: row.fileName,
    details: { new_value: { linhas: body.linhas.map((l) => l.line) } },
  });
  return { version, fields, rows: checked.map(present) };
}

/** POST /api/importacoes/:id/pendentes/confirmar: the rows now valid become assets; the others stay. */
export async function confirmPending(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  actor: Actor,
  id: string,
  ownerId: number | null,
  version: number,
): Promise<ImportacaoPendentesResult> {
  const { row, settings, rows } = await lockedAt(tx, scope, id, ownerId, version);
  const { check } = await checker(tx, scope, actor, settings);
  const { good, checked } = await check(rows);
  const mode = { generated: settings.generateNumbers, update: settings.atualizar != null, keepPending: true };
  const done = good.length ? await writeBatch(tx, out, scope, actor, good, mode) : null;
  // Written: every good row the batch did not keep pending (inserted, or updating its asset).
  const keptAgain = new Map((done?.pending ?? []).map((p) => [p.line, p]));
  const written = new Set(good.map((a) => a.line).filter((l) => !keptAgain.has(l)));
  const left = checked.filter((c) => !written.has(c.line)).map((c) => keptAgain.get(c.line) ?? c);
  const inserted = done?.inserted ?? [];
  if (!settings.generateNumbers) await continueCounters(tx, scope, [...new Set(inserted.map((a) => a.sectorCode))]);
  const next = await store(tx, row.id, left);
  const range = new NumberRange();
  range.add(inserted.map((a) => a.numero));
  const sectorIds = [...new Set(inserted.map((a) => a.values.sectorId))];
  await audit(tx, out, {
    action: 'IMPORTACAO_PENDENTES_COMMIT',
    entityType: 'Importacao',
    entityId: row.id,
    label: row.fileName,
    sectorId: sectorIds.length === 1 ? sectorIds[0] : null,
    details: {
      new_value: {
        arquivo: row.fileName,
        bens: inserted.length,
        atualizados: done?.updated ?? 0,
        pendentes: left.length,
        de: range.value?.first ?? null,
        ate: range.value?.last ?? null,
      },
    },
  });
  const m = scope.municipalityId;
  if (inserted.length && range.value)
    out.emit([room.assets(m), ...sectorIds.map((s) => room.sectorAssets(m, s))], 'patrimonio.bulk_created', {
      count: inserted.length,
      source: 'import',
      first: range.value.first,
      last: range.value.last,
      sectorIds,
    });
  return { importados: inserted.length, pendentes: left.length, numeros: range.value, version: next };
}
