import { and, inArray, sql } from 'drizzle-orm';
import {
  HISTORICO_ACTIONS,
  IMPORTACAO_MSG,
  localKey,
  room,
  type ImportacaoCatalog,
  type ImportacaoReport,
  type ImportacaoValueMapping,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import {
  assetVersions,
  formasAquisicao,
  locais,
  numberingSequences,
  patrimonioHistorico,
  patrimonios,
  tiposBens,
} from '../../db/schema';
import { audit, type Actor, type Outbox } from '../../db/tx';
import { JobFailure } from '../../jobs/define';
import { checkRows, runImport, yieldToOthers, type GoodRow } from '../../spreadsheet/import';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { getPattern, highestTaken, sequenceOf } from '../numbering';
import { createSector } from '../sectors';
import { fieldRules } from '../form-fields';
import { fold } from './analyse';
import { mapCustom } from './custom';
import { loadCatalogs } from '../patrimonios';
import { registerImport } from './read';
import type { ImportacaoBensPayload } from './jobs/importacao-bens';

/**
 * The commit of a register, inside the caller's transaction: creates the catalog rows chosen as
 * 'criar', streams the file again and inserts its rows in batches (numbers as they are in the file),
 * then moves the numbering counters past the imported numbers. Any bad row throws: nothing stays.
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
type Ref = { id: number; name: string };

/** Two free characters for a new sector's code: its initials, else any free pair (codes are 2 letters/digits). */
function sectorCodeFor(name: string, taken: Set<string>): string {
  const letters = fold(name)
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, '');
  const words = letters.split(' ').filter((w) => w && !['DA', 'DE', 'DO', 'DAS', 'DOS', 'E'].includes(w));
  const flat = words.join('');
  const tries = [
    words.length > 1 ? words[0][0] + words[1][0] : flat.slice(0, 2),
    ...[...flat.slice(1)].map((c) => flat[0] + c),
  ].filter((c) => c.length === 2);
  const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  for (const a of ALPHA) for (const b of ALPHA) tries.push(a + b);
  const code = tries.find((c) => !taken.has(c));
  if (!code)
    throw new JobFailure('Não há mais códigos de setor livres (2 caracteres) para criar os setores do arquivo.', false);
  taken.add(code);
  return code;
}

interface Resolved {
  setor: Map<string, Ref & { code: string }>;
  local: Map<string, Ref>;
  tipo: Map<string, Ref>;
  forma: Map<string, Ref>;
  created: Record<ImportacaoCatalog, number>;
}

/** The catalog row of every distinct value: the chosen one, or a new one ('criar'; one per name). */
async function resolveCatalogs(tx: Db, out: Outbox, scope: TenantScope, vm: ImportacaoValueMapping): Promise<Resolved> {
  const m = scope.municipalityId;
  const cat = await loadCatalogs(tx, scope);
  const created = { setor: 0, local: 0, tipo: 0, forma: 0 };
  const codes = new Set(cat.sectors.map((s) => s.code));
  const sectorById = new Map(cat.sectors.map((s) => [s.id, s]));
  const sectorByName = new Map(cat.sectors.map((s) => [fold(s.name), s]));
  const setor = new Map<string, Ref & { code: string }>();
  for (const [value, c] of Object.entries(vm.setor)) {
    let s = 'id' in c ? sectorById.get(c.id) : sectorByName.get(fold(value));
    if (!s) {
      const name = value.trim().slice(0, 100) || 'Sem setor';
      // As the sectors screen creates one: audited, and `sector.created` sent after the commit (outbox).
      const sector = await createSector(tx, out, scope, { name, code: sectorCodeFor(name, codes) });
      s = { id: sector.id, name: sector.name, code: sector.code };
      sectorByName.set(fold(name), s);
      created.setor++;
    }
    setor.set(value, s);
  }
  const simple = async (
    choices: Record<string, { id: number } | { criar: true }>,
    existing: Ref[],
    insert: (name: string) => Promise<Ref>,
    kind: 'tipo' | 'forma',
  ) => {
    const byId = new Map(existing.map((x) => [x.id, x]));
    const byName = new Map(existing.map((x) => [fold(x.name), x]));
    const out = new Map<string, Ref>();
    for (const [value, c] of Object.entries(choices)) {
      let x = 'id' in c ? byId.get(c.id) : byName.get(fold(value));
      if (!x) {
        x = await insert(value.trim().slice(0, 100));
        byName.set(fold(x.name), x);
        created[kind]++;
      }
      out.set(value, x);
    }
    return out;
  };
  const tipo = await simple(
    vm.tipo,
    cat.tipos,
    async (name) =>
      (
        await tx
          .insert(tiposBens)
          .values({ municipalityId: m, name })
          .returning({ id: tiposBens.id, name: tiposBens.name })
      )[0],
    'tipo',
  );
  const forma = await simple(
    vm.forma,
    cat.formas,
    async (name) =>
      (
        await tx
          .insert(formasAquisicao)
          .values({ municipalityId: m, nome: name })
          .returning({ id: formasAquisicao.id, name: formasAquisicao.nome })
      )[0],
    'forma',
  );
  const localById = new Map(cat.locais.map((l) => [l.id, l]));
  const localByName = new Map(cat.locais.map((l) => [`${l.sectorId}:${fold(l.name)}`, l]));
  const local = new Map<string, Ref>();
  for (const [key, c] of Object.entries(vm.local)) {
    const [setorValue, value] = key.split('\u001f');
    const s = setor.get(setorValue);
    if (!s) continue; // a pair whose sector the file never pairs it with: unused
    let l: Ref | undefined = 'id' in c ? localById.get(c.id) : localByName.get(`${s.id}:${fold(value)}`);
    if (!l) {
      const name = value.trim().slice(0, 100);
      const [row] = await tx
        .insert(locais)
        .values({ municipalityId: m, sectorId: s.id, name })
        .returning({ id: locais.id, name: locais.name, sectorId: locais.sectorId });
      localByName.set(`${s.id}:${fold(name)}`, row);
      l = row;
      created.local++;
    }
    local.set(key, l);
  }
  return { setor, local, tipo, forma, created };
}

/** A row ready to insert: its number, its sector's code (for the counters), the asset's columns. */
interface Row {
  numero: string;
  sectorCode: string;
  values: typeof patrimonios.$inferInsert & { sectorId: number };
}

/** Inserts one batch with its history entries; a number already in the register fails the import with its line. */
async function insertBatch(tx: Db, scope: TenantScope, actor: Actor, rows: Array<GoodRow<Row>>): Promise<void> {
  const batch = rows.map((r) => ({ line: r.line, ...r.value.values }));
  const taken = await tx
    .select({ n: patrimonios.numeroPatrimonio })
    .from(patrimonios)
    .where(
      and(
        ofTenant(patrimonios, scope),
        inArray(
          patrimonios.numeroPatrimonio,
          batch.map((r) => r.numeroPatrimonio),
        ),
      ),
    )
    .limit(1);
  if (taken.length) {
    const line = batch.find((r) => r.numeroPatrimonio === taken[0].n)!.line;
    throw new JobFailure(`Linha ${line}: ${IMPORTACAO_MSG.duplicateInRegister(taken[0].n)}`, false);
  }
  const inserted = await tx
    .insert(patrimonios)
    .values(batch.map(({ line: _line, ...v }) => v))
    .returning({ id: patrimonios.id, numero: patrimonios.numeroPatrimonio, doado: patrimonios.doado });
  await tx.insert(patrimonioHistorico).values(
    inserted.map((x) => ({
      patrimonioId: x.id,
      municipalityId: scope.municipalityId,
      action: HISTORICO_ACTIONS.created,
      details: `Bem ${x.numero} cadastrado por importação do cadastro anterior${x.doado ? ' (baixado por doação)' : ''}.`,
      userId: actor.id,
      userName: actor.name,
    })),
  );
}

/** Moves each used sector's counter of this year past the highest imported number of its shape. */
async function continueCounters(tx: Db, scope: TenantScope, codes: string[]): Promise<void> {
  const pattern = await getPattern(tx, scope);
  const now = new Date();
  for (const code of codes) {
    const seq = sequenceOf(pattern, code, now);
    const top = await highestTaken(tx, scope, seq);
    if (!top) continue;
    await tx
      .insert(numberingSequences)
      .values({ municipalityId: scope.municipalityId, ...seq.key, lastValue: top })
      .onConflictDoUpdate({
        target: [numberingSequences.municipalityId, numberingSequences.sectorCode, numberingSequences.year],
        set: { lastValue: sql`greatest(${numberingSequences.lastValue}, ${top})` },
      });
  }
}

/** The whole commit (see above); `file` is the stored register. */
export async function commitRegister(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  actor: Actor & { municipalityId: number },
  file: string,
  payload: ImportacaoBensPayload,
  fileName: string,
  onProgress: (rows: number) => void,
): Promise<ImportacaoReport> {
  const { mapped: custom, unknown } = mapCustom(await fieldRules(tx, scope), payload.mapping);
  if (unknown.length) throw new JobFailure(IMPORTACAO_MSG.customUnknown(unknown[0]), false);
  const refs = await resolveCatalogs(tx, out, scope, payload.valueMapping);
  const { mapping, valueMapping: vm } = payload;
  const sectorIds = new Set<number>();
  const codes = new Set<string>();
  let total = 0;
  let first = '';
  let last = '';
  const ratio = pauseRatio();
  // Each row with the catalog rows and fixed values the admin chose for its texts (none missing: refused).
  const spec = registerImport({ ...payload, custom }, (row, at): Row | null => {
    const unmapped = (label: string, value: string) => {
      at.error('', IMPORTACAO_MSG.unmapped(label, value));
      return null;
    };
    const s = refs.setor.get(row.setor);
    if (!s) return unmapped('Setor', row.setor);
    const l = row.local && mapping.local != null ? refs.local.get(localKey(row.setor, row.local)) : undefined;
    if (row.local && mapping.local != null && !l) return unmapped('Local', row.local);
    const t = row.tipo && mapping.tipo != null ? refs.tipo.get(row.tipo) : undefined;
    if (row.tipo && mapping.tipo != null && !t) return unmapped('Tipo de bem', row.tipo);
    const f = row.forma && mapping.forma != null ? refs.forma.get(row.forma) : undefined;
    if (row.forma && mapping.forma != null && !f) return unmapped('Forma de aquisição', row.forma);
    const status = row.status && mapping.status != null ? vm.status[row.status] : 'ativo';
    if (!status) return unmapped('Status', row.status);
    const estado = row.estado && mapping.estado != null ? vm.estado[row.estado] : null;
    if (estado === undefined) return unmapped('Estado de conservação', row.estado);
    return {
      numero: row.numero,
      sectorCode: s.code,
      values: {
        municipalityId: scope.municipalityId,
        numeroPatrimonio: row.numero,
        descricaoBem: row.descricao,
        tipoId: t?.id ?? null,
        tipoNome: t?.name ?? null,
        sectorId: s.id,
        setorNome: s.name,
        localId: l?.id ?? null,
        localNome: l?.name ?? null,
        formaAquisicaoId: f?.id ?? null,
        formaNome: f?.name ?? null,
        valorAquisicao: row.valor,
        quantidade: row.quantidade,
        dataAquisicao: row.data,
        // A donation, as the register leaves an approved one: written off and marked donated.
        status: status === 'doado' ? 'baixado' : status,
        doado: status === 'doado',
        estadoConservacao: estado ?? null,
        observacoes: row.observacoes,
        customFields: row.customFields,
        createdById: actor.id,
        createdByName: actor.name,
      },
    };
  });
  // The asset_versions row is bumped once at the end (migration 0033), not by every batch: a bump locks
  // it until the commit, and other users' asset writes in this municipality would wait for the whole import.
  await tx.execute(sql`select set_config('tombo.defer_asset_versions', 'on', true)`);
  const outcome = await runImport(checkRows(file, spec), {
    badRows: 'all-or-nothing',
    reject: ([e]) => {
      throw new JobFailure(`Linha ${e.line}: ${e.field ? `${e.field}: ` : ''}${e.message}`, false);
    },
    good: {
      batch: batchRows(),
      async write(rows) {
        const started = performance.now();
        await insertBatch(tx, scope, actor, rows);
        for (const { value } of rows) {
          sectorIds.add(value.values.sectorId);
          codes.add(value.sectorCode);
        }
        first ||= rows[0].value.numero;
        last = rows[rows.length - 1].value.numero;
        total += rows.length;
        onProgress(total);
        await yieldToOthers();
        const pause = ratio * (performance.now() - started);
        if (pause >= 1) await new Promise((r) => setTimeout(r, pause));
      },
    },
    // Rows of a read chunk parse without a break: the API's requests (inline runner) get turns between.
    progress: { every: YIELD_EVERY },
  });
  total = outcome.total;
  if (!total) throw new JobFailure(IMPORTACAO_MSG.noRows, false);
  await tx.execute(sql`select set_config('tombo.defer_asset_versions', 'off', true)`);
  await tx
    .insert(assetVersions)
    .values({ municipalityId: scope.municipalityId, version: 1 })
    .onConflictDoUpdate({ target: assetVersions.municipalityId, set: { version: sql`${assetVersions.version} + 1` } });
  await continueCounters(tx, scope, [...codes]);
  const numeros = { first, last };
  await audit(tx, out, {
    action: 'IMPORTACAO_COMMIT',
    entityType: 'Importacao',
    entityId: payload.importacaoId,
    label: fileName,
    details: {
      new_value: {
        arquivo: fileName,
        bens: total,
        de: first,
        ate: last,
        setores_criados: refs.created.setor,
        locais_criados: refs.created.local,
        tipos_criados: refs.created.tipo,
        formas_criadas: refs.created.forma,
      },
    },
  });
  const m = scope.municipalityId;
  out.emit([room.assets(m), ...[...sectorIds].map((id) => room.sectorAssets(m, id))], 'patrimonio.bulk_created', {
    count: total,
    source: 'import',
    first,
    last,
    sectorIds: [...sectorIds],
  });
  if (refs.created.tipo) out.emit(room.municipality(m), 'catalog.changed', { catalog: 'tipos-bens' });
  if (refs.created.forma) out.emit(room.municipality(m), 'catalog.changed', { catalog: 'formas-aquisicao' });
  return { importacaoId: payload.importacaoId, total, created: total, createdCatalogs: refs.created, numeros };
}
