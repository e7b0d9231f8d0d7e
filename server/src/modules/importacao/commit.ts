import { eq, sql } from 'drizzle-orm';
import { IMPORTACAO_MSG, room, type ImportacaoReport } from '@tombo/shared';
import type { Db } from '../../db/client';
import { assetVersions, importacoes } from '../../db/schema';
import { type Actor, type Outbox } from '../../db/tx';
import { audit } from '../audit';
import { JobFailure } from '../../jobs/define';
import { checkRows, runImport, yieldToOthers, type CheckedRow } from '../../spreadsheet/import';
import type { TenantScope } from '../../tenancy/scope';
import { fieldRules } from '../form-fields';
import { buildAsset, dadosOrigemOf, fieldKeyByLabel, sourceValues, unmappedColumns, type AssetRow } from './asset-row';
import { refsOf, resolveCatalogs, resolveDefaults } from './catalogs';
import { mapCustom } from './custom';
import { registerImport } from './read';
import type { PendingRow } from './schema';
import { NumberRange, continueCounters, writeBatch } from './write';
import type { ImportacaoBensPayload } from './jobs/importacao-bens';

/**
 * The commit of a register, inside the caller's transaction: creates the catalog rows chosen as
 * 'criar' (an importer who may), streams the file again and inserts its rows in batches (numbers as
 * they are in the file, then the numbering counters moved past them; or numbers issued from the
 * sequences, as the asset sheet did). Any bad row throws: nothing stays.
 */

/**
 * Rows per INSERT, and the pause after each batch as a share of the time it took (0.5: the import
 * uses the database at most ~2/3 of the time, the rest is left to other users). Env
 * IMPORTACAO_BATCH_ROWS (default 100) and IMPORTACAO_PAUSE_RATIO (default 0.5), read per import.
 * Building a batch's INSERT holds the event loop: with the job inline in the API process, batches of
 * 1,000 rows took a list request's p95 from 10 to 130 ms while a 50,000-row import ran; 100 rows,
 * 30 ms, for an import ~20 % longer (`npm run bench -- importacao`).
 */
/**
 * A multi-row INSERT binds one parameter per column of each row and PostgreSQL takes at most 65,535:
 * with the ~21 columns of an asset, 5,000 rows failed the bench's import; 2,500 stays well below.
 */
const MAX_BATCH_ROWS = 2500;
const batchRows = () => Math.min(MAX_BATCH_ROWS, Math.max(1, Number(process.env.IMPORTACAO_BATCH_ROWS) || 100));
const pauseRatio = () => {
  const v = Number(process.env.IMPORTACAO_PAUSE_RATIO);
  return Number.isFinite(v) && v >= 0 ? v : 0.5;
};
/** Rows parsed between two turns given to other work of the process. */
const YIELD_EVERY = 100;

/** Errors of a checked row by field key (the engine reports them by label; a row's own error: 'linha'). */
function errorsByKey(keys: Map<string, string>, errors: CheckedRow<unknown>['errors']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const k = keys.get(e.field) ?? 'linha';
    out[k] = out[k] ? `${out[k]} ${e.message}` : e.message;
  }
  return out;
}

/**
 * The whole commit (see above); `file` is the stored register, `headers` its column names (for the
 * "dados de origem"). With `pendentes: 'manter'` bad rows (and numbers already taken) are kept on the
 * upload as pending rows instead of failing the import; with `atualizar` taken numbers update their asset.
 */
export async function commitRegister(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  actor: Actor & { municipalityId: number },
  file: string,
  payload: ImportacaoBensPayload,
  fileName: string,
  onProgress: (rows: number) => void,
  headers: string[] = [],
): Promise<ImportacaoReport> {
  const { mapped: custom, unknown } = mapCustom(await fieldRules(tx, scope), payload.mapping);
  if (unknown.length) throw new JobFailure(IMPORTACAO_MSG.customUnknown(unknown[0]), false);
  const refs = await resolveCatalogs(tx, out, scope, payload.valueMapping, payload.createCatalogs);
  const defaults = await resolveDefaults(tx, scope, payload.defaults);
  const { mapping, valueMapping: vm, generateNumbers } = payload;
  const keep = payload.pendentes === 'manter';
  const mode = { generated: generateNumbers, update: payload.atualizar != null, keepPending: keep };
  const origemColumns = unmappedColumns(mapping, headers.length);
  const keys = fieldKeyByLabel(custom);
  const sectorIds = new Set<number>();
  const codes = new Set<string>();
  const range = new NumberRange();
  const pending: PendingRow[] = [];
  let created = 0;
  let updated = 0;
  const ratio = pauseRatio();
  const build = { scope, actor, mapping, vm, refs: refsOf(refs), defaults };
  const spec = registerImport({ ...payload, custom }, (row, at) =>
    buildAsset(build, row, at.error, {
      source: sourceValues(mapping, at.cells),
      origem: dadosOrigemOf(headers, origemColumns, at.cells),
    }),
  );
  // Bad rows become pending rows (their texts, errors by field) as they are read.
  async function* keepingBad(rows: AsyncIterable<CheckedRow<AssetRow>>) {
    for await (const r of rows) {
      if (keep && r.value == null) {
        const origem = dadosOrigemOf(headers, origemColumns, r.cells);
        pending.push({
          line: r.line,
          values: sourceValues(mapping, r.cells),
          errors: errorsByKey(keys, r.errors),
          ...(origem.length ? { origem } : {}),
        });
      }
      yield r;
    }
  }
  // The asset_versions row is bumped once at the end (migration 0033), not by every batch: a bump locks
  // it until the commit, and other users' asset writes in this municipality would wait for the whole import.
  await tx.execute(sql`select set_config('tombo.defer_asset_versions', 'on', true)`);
  const outcome = await runImport(keepingBad(checkRows(file, spec)), {
    badRows: keep ? 'skip' : 'all-or-nothing',
    reject: ([e]) => {
      throw new JobFailure(`Linha ${e.line}: ${e.field ? `${e.field}: ` : ''}${e.message}`, false);
    },
    good: {
      batch: batchRows(),
      async write(rows) {
        const started = performance.now();
        const done = await writeBatch(
          tx,
          out,
          scope,
          actor,
          rows.map((r) => r.value),
          mode,
        );
        pending.push(...done.pending);
        updated += done.updated;
        for (const r of done.inserted) {
          sectorIds.add(r.values.sectorId);
          codes.add(r.sectorCode);
        }
        range.add(done.inserted.map((r) => r.numero));
        created += done.inserted.length;
        onProgress(created + updated + pending.length);
        await yieldToOthers();
        const pause = ratio * (performance.now() - started);
        if (pause >= 1) await new Promise((r) => setTimeout(r, pause));
      },
    },
    // Rows of a read chunk parse without a break: the API's requests (inline runner) get turns between.
    progress: { every: YIELD_EVERY },
  });
  if (!outcome.total) throw new JobFailure(IMPORTACAO_MSG.noRows, false);
  await tx.execute(sql`select set_config('tombo.defer_asset_versions', 'off', true)`);
  await tx
    .insert(assetVersions)
    .values({ municipalityId: scope.municipalityId, version: 1 })
    .onConflictDoUpdate({ target: assetVersions.municipalityId, set: { version: sql`${assetVersions.version} + 1` } });
  if (!generateNumbers) await continueCounters(tx, scope, [...codes]);
  pending.sort((a, b) => a.line - b.line);
  // What the pending rows are committed with later (the value mapping resolved now: created rows by name).
  await tx
    .update(importacoes)
    .set({
      settings: { ...payload, sectorIds: undefined, createCatalogs: undefined, headers },
      pending: keep ? pending : null,
      pendingVersion: sql`${importacoes.pendingVersion} + 1`,
    })
    .where(eq(importacoes.id, payload.importacaoId));
  const numeros = range.value;
  await audit(tx, out, {
    action: 'IMPORTACAO_COMMIT',
    entityType: 'Importacao',
    entityId: payload.importacaoId,
    label: fileName,
    // One sector: its usuarios see the import in the log (as the asset sheet's import was recorded).
    sectorId: sectorIds.size === 1 ? [...sectorIds][0] : null,
    details: {
      new_value: {
        arquivo: fileName,
        bens: created,
        atualizados: updated,
        pendentes: pending.length,
        de: numeros?.first ?? null,
        ate: numeros?.last ?? null,
        numeros_gerados: generateNumbers,
        setores_criados: refs.created.setor,
        locais_criados: refs.created.local,
        tipos_criados: refs.created.tipo,
        formas_criadas: refs.created.forma,
      },
    },
  });
  const m = scope.municipalityId;
  if (created && numeros)
    out.emit([room.assets(m), ...[...sectorIds].map((id) => room.sectorAssets(m, id))], 'patrimonio.bulk_created', {
      count: created,
      source: 'import',
      first: numeros.first,
      last: numeros.last,
      sectorIds: [...sectorIds],
    });
  if (refs.created.tipo) out.emit(room.municipality(m), 'catalog.changed', { catalog: 'tipos-bens' });
  if (refs.created.forma) out.emit(room.municipality(m), 'catalog.changed', { catalog: 'formas-aquisicao' });
  return {
    importacaoId: payload.importacaoId,
    total: outcome.total,
    created,
    createdCatalogs: refs.created,
    numeros,
    generated: generateNumbers,
    updated,
    pending: pending.length,
  };
}
