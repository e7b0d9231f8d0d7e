import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CATALOG_MSG,
  HISTORICO_ACTIONS,
  PATRIMONIO_MSG,
  PATRIMONIO_RELATION_FIELDS,
  type CustomFieldValues,
  type EstadoConservacao,
  type HistoricoEntry,
  type Patrimonio,
  type PatrimonioArquivo,
  type PatrimonioCreate,
  type PatrimonioDeleteResult,
  type PatrimonioFilters,
  type PatrimonioList,
  type PatrimonioListItem,
  type PatrimonioListQuery,
  type PatrimonioLote,
  type PatrimonioSortKey,
  type PatrimonioStatus,
  type PatrimonioUpdate,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  formasAquisicao,
  locais,
  patrimonioArquivos,
  patrimonioHistorico,
  patrimonios,
  sectors,
  tiposBens,
  assetVersions,
} from '../../db/schema';
import { audit, mutate, type Actor, type Outbox } from '../../db/tx';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { allocateNumbers, getPattern } from '../numbering/service';
import { checkCustomValues, fieldRules, listFields, type FieldRules } from '../form-fields/service';
import { cachedTotal, noteVersion, totalKey, versionHint } from './count-cache';
import { ANCHOR_EVERY, anchorBefore, anchorsFor, type Anchor } from './seek';
import { assetRooms, inScope, type Scope } from './scope';
import { dateBR, estadoLabel, moneyBR, shown, statusLabel } from './format';
import { removeStoredFiles } from './files';

export type Row = typeof patrimonios.$inferSelect;
type MunicipalActor = Actor & { municipalityId: number };

// ---- Shapes -----------------------------------------------------------------------------------

export const toListItem = (r: Row): PatrimonioListItem => ({
  id: r.id,
  numero_patrimonio: r.numeroPatrimonio,
  descricao_bem: r.descricaoBem,
  tipoId: r.tipoId,
  tipo: r.tipoNome,
  sectorId: r.sectorId,
  setor_responsavel: r.setorNome,
  localId: r.localId,
  local_objeto: r.localNome,
  formaAquisicaoId: r.formaAquisicaoId,
  forma_aquisicao: r.formaNome,
  valor_aquisicao: r.valorAquisicao,
  quantidade: r.quantidade,
  data_aquisicao: r.dataAquisicao,
  status: r.status as PatrimonioStatus,
  estado_conservacao: r.estadoConservacao as EstadoConservacao | null,
  doado: r.doado,
  transferencia_pendente: r.transferenciaPendente,
  customFields: r.customFields ?? {},
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

type FileRow = typeof patrimonioArquivos.$inferSelect;
export const toArquivo = (f: FileRow): PatrimonioArquivo => ({
  id: f.id,
  kind: f.kind as 'foto' | 'documento',
  fileName: f.fileName,
  mimeType: f.mimeType,
  size: f.size,
  url: `/api/patrimonios/${f.patrimonioId}/arquivos/${f.id}`,
  createdAt: f.createdAt.toISOString(),
  uploadedBy: f.uploadedByName,
});
type HistRow = typeof patrimonioHistorico.$inferSelect;
const toHistorico = (h: HistRow): HistoricoEntry => ({
  id: h.id,
  date: h.at.toISOString(),
  action: h.action,
  details: h.details,
  user: h.userName,
});

export async function assemble(db: Db, r: Row): Promise<Patrimonio> {
  const [files, hist] = await Promise.all([
    db
      .select()
      .from(patrimonioArquivos)
      .where(eq(patrimonioArquivos.patrimonioId, r.id))
      .orderBy(asc(patrimonioArquivos.createdAt)),
    db
      .select()
      .from(patrimonioHistorico)
      .where(eq(patrimonioHistorico.patrimonioId, r.id))
      .orderBy(desc(patrimonioHistorico.id))
      .limit(500),
  ]);
  return {
    ...toListItem(r),
    municipalityId: r.municipalityId,
    observacoes: r.observacoes,
    fotos: files.filter((f) => f.kind === 'foto').map(toArquivo),
    documentos: files.filter((f) => f.kind === 'documento').map(toArquivo),
    historico_movimentacao: hist.map(toHistorico),
    createdBy: r.createdByName,
  };
}

// ---- References -------------------------------------------------------------------------------

const unprocessable = (field: string, message: string) =>
  new HttpError(422, 'UNPROCESSABLE', message, { [field]: message });

export interface Refs {
  sectorId: number;
  setorNome: string;
  sectorCode: string;
  localId: number | null;
  localNome: string | null;
  tipoId: number | null;
  tipoNome: string | null;
  formaAquisicaoId: number | null;
  formaNome: string | null;
}

/**
 * The sector, local, type and acquisition form named by a body must be the caller's municipality's
 * (422 otherwise), and the local must belong to the sector. `requireActive` lists the catalogue
 * entries that must be active (the ones newly chosen).
 */
export async function resolveRefs(
  tx: Db,
  m: number,
  ids: { sectorId: number; localId: number | null; tipoId: number | null; formaAquisicaoId: number | null },
  requireActive: { tipo: boolean; forma: boolean },
): Promise<Refs> {
  const [s] = await tx
    .select({ name: sectors.name, code: sectors.code })
    .from(sectors)
    .where(and(eq(sectors.id, ids.sectorId), eq(sectors.municipalityId, m)));
  if (!s) throw unprocessable('sectorId', PATRIMONIO_MSG.sectorNotFound);
  let localNome: string | null = null;
  if (ids.localId != null) {
    const [l] = await tx
      .select({ name: locais.name, sectorId: locais.sectorId })
      .from(locais)
      .where(and(eq(locais.id, ids.localId), eq(locais.municipalityId, m)));
    if (!l) throw unprocessable('localId', PATRIMONIO_MSG.localNotFound);
    if (l.sectorId !== ids.sectorId) throw unprocessable('localId', PATRIMONIO_MSG.localOtherSector);
    localNome = l.name;
  }
  let tipoNome: string | null = null;
  if (ids.tipoId != null) {
    const [t] = await tx
      .select({ name: tiposBens.name, active: tiposBens.active })
      .from(tiposBens)
      .where(and(eq(tiposBens.id, ids.tipoId), eq(tiposBens.municipalityId, m)));
    if (!t) throw unprocessable('tipoId', PATRIMONIO_MSG.tipoNotFound);
    if (requireActive.tipo && !t.active) throw unprocessable('tipoId', CATALOG_MSG.tipos.inactive);
    tipoNome = t.name;
  }
  let formaNome: string | null = null;
  if (ids.formaAquisicaoId != null) {
    const [f] = await tx
      .select({ nome: formasAquisicao.nome, ativo: formasAquisicao.ativo })
      .from(formasAquisicao)
      .where(and(eq(formasAquisicao.id, ids.formaAquisicaoId), eq(formasAquisicao.municipalityId, m)));
    if (!f) throw unprocessable('formaAquisicaoId', PATRIMONIO_MSG.formaNotFound);
    if (requireActive.forma && !f.ativo) throw unprocessable('formaAquisicaoId', CATALOG_MSG.formas.inactive);
    formaNome = f.nome;
  }
  return { ...ids, setorNome: s.name, sectorCode: s.code, localNome, tipoNome, formaNome };
}

function checkCustom(rules: FieldRules, values: CustomFieldValues, complete: boolean): CustomFieldValues {
  const r = checkCustomValues(rules, values, complete);
  const first = Object.values(r.errors)[0];
  if (first) throw badRequest(first, r.errors);
  return r.values;
}

export async function addHistory(
  tx: Db,
  out: Outbox,
  entries: Array<{ patrimonioId: number; action: string; details: string }>,
  municipalityId: number,
): Promise<void> {
  if (!entries.length) return;
  const actor = out.actor;
  await tx
    .insert(patrimonioHistorico)
    .values(entries.map((e) => ({ ...e, municipalityId, userId: actor?.id ?? null, userName: actor?.name ?? null })));
}

// ---- Create -----------------------------------------------------------------------------------

interface Prepared {
  values: Omit<typeof patrimonios.$inferInsert, 'numeroPatrimonio'>;
  refs: Refs;
}

async function prepareCreate(tx: Db, actor: MunicipalActor, scope: Scope, input: PatrimonioCreate): Promise<Prepared> {
  if (input.numero_patrimonio !== undefined) throw unprocessable('numero_patrimonio', PATRIMONIO_MSG.numeroReadOnly);
  const rules = await fieldRules(tx, actor.municipalityId);
  if (rules.tipoRequired && input.tipoId == null)
    throw badRequest(PATRIMONIO_MSG.tipoRequired, { tipoId: PATRIMONIO_MSG.tipoRequired });
  const customFields = checkCustom(rules, input.customFields ?? {}, true);
  const refs = await resolveRefs(
    tx,
    actor.municipalityId,
    {
      sectorId: input.sectorId,
      localId: input.localId ?? null,
      tipoId: input.tipoId ?? null,
      formaAquisicaoId: input.formaAquisicaoId ?? null,
    },
    { tipo: true, forma: true },
  );
  if (!inScope(scope, refs.sectorId))
    throw new HttpError(403, 'FORBIDDEN', PATRIMONIO_MSG.notYourSector, { sectorId: PATRIMONIO_MSG.notYourSector });
  return {
    refs,
    values: {
      municipalityId: actor.municipalityId,
      descricaoBem: input.descricao_bem,
      tipoId: refs.tipoId,
      tipoNome: refs.tipoNome,
      sectorId: refs.sectorId,
      setorNome: refs.setorNome,
      localId: refs.localId,
      localNome: refs.localNome,
      formaAquisicaoId: refs.formaAquisicaoId,
      formaNome: refs.formaNome,
      valorAquisicao: input.valor_aquisicao,
      quantidade: input.quantidade ?? 1,
      dataAquisicao: input.data_aquisicao ?? null,
      status: input.status ?? 'ativo',
      estadoConservacao: input.estado_conservacao ?? null,
      observacoes: input.observacoes ?? null,
      customFields,
      createdById: actor.id,
      createdByName: actor.name,
    },
  };
}

export async function createPatrimonio(
  ctx: AppContext,
  actor: MunicipalActor,
  scope: Scope,
  input: PatrimonioCreate,
): Promise<Patrimonio> {
  return mutate(ctx, actor, async (tx, out) => {
    const { values, refs } = await prepareCreate(tx, actor, scope, input);
    const pattern = await getPattern(tx, actor.municipalityId);
    const [numero] = await allocateNumbers(tx, actor.municipalityId, pattern, refs.sectorCode, 1);
    const [row] = await tx
      .insert(patrimonios)
      .values({ ...values, numeroPatrimonio: numero })
      .returning();
    await addHistory(
      tx,
      out,
      [
        {
          patrimonioId: row.id,
          action: HISTORICO_ACTIONS.created,
          details: `Bem ${numero} cadastrado no setor '${row.setorNome}'.`,
        },
      ],
      actor.municipalityId,
    );
    await audit(tx, out, {
      action: 'PATRIMONIO_CREATE',
      entityType: 'Patrimonio',
      entityId: row.id,
      details: {
        new_value: {
          numero_patrimonio: numero,
          descricao_bem: row.descricaoBem,
          setor: row.setorNome,
          valor_aquisicao: row.valorAquisicao,
        },
      },
    });
    const p = await assemble(tx, row);
    out.emit(assetRooms(actor.municipalityId, p.sectorId), 'patrimonio.created', toListItem(row));
    return p;
  });
}

/** N identical assets with N consecutive numbers, in one transaction. */
export async function createLote(
  ctx: AppContext,
  actor: MunicipalActor,
  scope: Scope,
  input: PatrimonioLote,
): Promise<{ patrimonios: PatrimonioListItem[]; count: number; first: string; last: string }> {
  const { quantity, ...one } = input;
  return mutate(ctx, actor, async (tx, out) => {
    const { values, refs } = await prepareCreate(tx, actor, scope, one);
    const pattern = await getPattern(tx, actor.municipalityId);
    const numeros = await allocateNumbers(tx, actor.municipalityId, pattern, refs.sectorCode, quantity);
    const rows = await tx
      .insert(patrimonios)
      .values(numeros.map((numeroPatrimonio) => ({ ...values, numeroPatrimonio })))
      .returning();
    rows.sort((a, b) => a.id - b.id);
    await addHistory(
      tx,
      out,
      rows.map((r, i) => ({
        patrimonioId: r.id,
        action: HISTORICO_ACTIONS.created,
        details: `Bem ${r.numeroPatrimonio} cadastrado em lote (${i + 1} de ${quantity}) no setor '${r.setorNome}'.`,
      })),
      actor.municipalityId,
    );
    const first = numeros[0];
    const last = numeros[numeros.length - 1];
    await audit(tx, out, {
      action: 'PATRIMONIO_BULK_CREATE',
      entityType: 'Patrimonio',
      entityId: null,
      details: {
        new_value: {
          quantidade: quantity,
          de: first,
          ate: last,
          descricao_bem: values.descricaoBem,
          setor: refs.setorNome,
        },
      },
    });
    out.emit(assetRooms(actor.municipalityId, refs.sectorId), 'patrimonio.bulk_created', {
      count: quantity,
      source: 'lote',
      first,
      last,
      sectorIds: [refs.sectorId],
    });
    return { patrimonios: rows.map(toListItem), count: quantity, first, last };
  });
}

// ---- Read -------------------------------------------------------------------------------------

async function ownRow(db: Db, scope: Scope, id: number, lock = false): Promise<Row> {
  const q = db
    .select()
    .from(patrimonios)
    .where(and(eq(patrimonios.id, id), eq(patrimonios.municipalityId, scope.municipalityId)));
  const [row] = lock ? await q.for('update') : await q;
  // Another municipality's asset, or (for usuario) another sector's: 404 — ids must not be probeable.
  if (!row || !inScope(scope, row.sectorId)) throw notFound(PATRIMONIO_MSG.notFound);
  return row;
}
export const findOwn = ownRow;

export async function getPatrimonio(ctx: Pick<AppContext, 'db'>, scope: Scope, id: number): Promise<Patrimonio> {
  return assemble(ctx.db, await ownRow(ctx.db, scope, id));
}

// ---- Update -----------------------------------------------------------------------------------

const LABELS: Record<string, string> = {
  descricao_bem: 'Descrição',
  tipo: 'Tipo',
  setor_responsavel: 'Setor',
  local_objeto: 'Local',
  forma_aquisicao: 'Forma de aquisição',
  valor_aquisicao: 'Valor de aquisição',
  quantidade: 'Quantidade',
  data_aquisicao: 'Data de aquisição',
  status: 'Status',
  estado_conservacao: 'Estado de conservação',
  observacoes: 'Observações',
};

export async function updatePatrimonio(
  ctx: AppContext,
  actor: MunicipalActor,
  scope: Scope,
  id: number,
  raw: PatrimonioUpdate,
): Promise<Patrimonio> {
  const input = { ...raw } as Record<string, unknown>;
  for (const k of PATRIMONIO_RELATION_FIELDS) delete input[k]; // spec §3: accepted and dropped
  const body = input as PatrimonioUpdate;
  return mutate(ctx, actor, async (tx, out) => {
    const old = await ownRow(tx, scope, id, true);
    if (body.version !== old.version) throw conflict(PATRIMONIO_MSG.stale);
    if (body.numero_patrimonio !== undefined && body.numero_patrimonio !== old.numeroPatrimonio)
      throw unprocessable('numero_patrimonio', PATRIMONIO_MSG.numeroReadOnly);

    const rules = await fieldRules(tx, actor.municipalityId);
    const tipoId = body.tipoId === undefined ? old.tipoId : body.tipoId;
    if (rules.tipoRequired && tipoId == null)
      throw badRequest(PATRIMONIO_MSG.tipoRequired, { tipoId: PATRIMONIO_MSG.tipoRequired });
    const customIn = body.customFields === undefined ? null : checkCustom(rules, body.customFields, false);
    const ids = {
      sectorId: body.sectorId ?? old.sectorId,
      localId: body.localId === undefined ? old.localId : body.localId,
      tipoId,
      formaAquisicaoId: body.formaAquisicaoId === undefined ? old.formaAquisicaoId : body.formaAquisicaoId,
    };
    const refs = await resolveRefs(tx, actor.municipalityId, ids, {
      tipo: ids.tipoId !== old.tipoId,
      forma: ids.formaAquisicaoId !== old.formaAquisicaoId,
    });
    if (!inScope(scope, refs.sectorId))
      throw new HttpError(403, 'FORBIDDEN', PATRIMONIO_MSG.notYourSector, { sectorId: PATRIMONIO_MSG.notYourSector });

    const next = {
      descricaoBem: body.descricao_bem ?? old.descricaoBem,
      tipoId: refs.tipoId,
      tipoNome: refs.tipoNome,
      sectorId: refs.sectorId,
      setorNome: refs.setorNome,
      localId: refs.localId,
      localNome: refs.localNome,
      formaAquisicaoId: refs.formaAquisicaoId,
      formaNome: refs.formaNome,
      valorAquisicao: body.valor_aquisicao ?? old.valorAquisicao,
      quantidade: body.quantidade ?? old.quantidade,
      dataAquisicao: body.data_aquisicao === undefined ? old.dataAquisicao : body.data_aquisicao,
      status: body.status ?? old.status,
      estadoConservacao: body.estado_conservacao === undefined ? old.estadoConservacao : body.estado_conservacao,
      observacoes: body.observacoes === undefined ? old.observacoes : body.observacoes,
      customFields: customIn ? { ...(old.customFields ?? {}), ...customIn } : old.customFields,
    };
    // numeric compares as text: normalise "10.5" and "10.50"
    const sameMoney = (a: string, b: string) =>
      Number(a).toFixed(2) === Number(b).toFixed(2) && a.split('.')[0] === b.split('.')[0];

    const history: Array<{ patrimonioId: number; action: string; details: string }> = [];
    const oldV: Record<string, unknown> = {};
    const newV: Record<string, unknown> = {};
    const diff = (
      key: string,
      a: unknown,
      b: unknown,
      show: (v: unknown) => string = shown,
      action: string = HISTORICO_ACTIONS.updated,
    ) => {
      if (a === b) return;
      oldV[key] = a;
      newV[key] = b;
      history.push({ patrimonioId: id, action, details: `${LABELS[key] ?? key}: ${show(a)} → ${show(b)}` });
    };
    diff('descricao_bem', old.descricaoBem, next.descricaoBem);
    diff('tipo', old.tipoNome, next.tipoNome);
    diff('setor_responsavel', old.setorNome, next.setorNome, shown, HISTORICO_ACTIONS.moved);
    if (old.sectorId !== next.sectorId && old.setorNome === next.setorNome)
      diff('setor_responsavel', `#${old.sectorId}`, `#${next.sectorId}`, shown, HISTORICO_ACTIONS.moved);
    diff('local_objeto', old.localNome, next.localNome, shown, HISTORICO_ACTIONS.moved);
    diff('forma_aquisicao', old.formaNome, next.formaNome);
    if (!sameMoney(old.valorAquisicao, next.valorAquisicao))
      diff('valor_aquisicao', old.valorAquisicao, next.valorAquisicao, (v) => moneyBR(String(v)));
    diff('quantidade', old.quantidade, next.quantidade);
    diff('data_aquisicao', old.dataAquisicao, next.dataAquisicao, (v) => (v ? dateBR(String(v)) : '—'));
    diff('status', old.status, next.status, (v) => `'${statusLabel(String(v))}'`, HISTORICO_ACTIONS.status);
    diff('estado_conservacao', old.estadoConservacao, next.estadoConservacao, (v) =>
      shown(estadoLabel(v as string | null)),
    );
    diff('observacoes', old.observacoes ?? null, next.observacoes ?? null, (v) =>
      v ? `'${String(v).slice(0, 80)}${String(v).length > 80 ? '…' : ''}'` : '—',
    );
    if (customIn) {
      const labels = new Map(rules.custom.map((f) => [f.key, f.label]));
      for (const [k, v] of Object.entries(customIn)) {
        const before = (old.customFields ?? {})[k] ?? null;
        if (before === v) continue;
        oldV[`customFields.${k}`] = before;
        newV[`customFields.${k}`] = v;
        history.push({
          patrimonioId: id,
          action: HISTORICO_ACTIONS.updated,
          details: `${labels.get(k) ?? k}: ${shown(before)} → ${shown(v)}`,
        });
      }
    }
    if (!history.length) return assemble(tx, old);

    const [row] = await tx
      .update(patrimonios)
      .set({ ...next, updatedAt: new Date(), version: old.version + 1 })
      .where(eq(patrimonios.id, id))
      .returning();
    await addHistory(tx, out, history, actor.municipalityId);
    await audit(tx, out, {
      action: 'PATRIMONIO_UPDATE',
      entityType: 'Patrimonio',
      entityId: id,
      details: { old_value: { numero_patrimonio: old.numeroPatrimonio, ...oldV }, new_value: newV },
    });
    const p = await assemble(tx, row);
    out.emit(assetRooms(actor.municipalityId, old.sectorId, p.sectorId), 'patrimonio.updated', toListItem(row));
    return p;
  });
}

// ---- Delete / write-off -------------------------------------------------------------------------

/**
 * An asset with movements (any history entry beyond its creation) is written off, not deleted:
 * the register keeps it with status 'baixado'. Otherwise it is deleted with its files.
 * Either way its number is never issued again (the counter only goes up).
 */
export async function deletePatrimonio(
  ctx: AppContext,
  actor: MunicipalActor,
  scope: Scope,
  id: number,
): Promise<PatrimonioDeleteResult> {
  let files: string[] = [];
  const result = await mutate(ctx, actor, async (tx, out): Promise<PatrimonioDeleteResult> => {
    const old = await ownRow(tx, scope, id, true);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(patrimonioHistorico)
      .where(eq(patrimonioHistorico.patrimonioId, id));
    if (n > 1 || old.transferenciaPendente || old.doado) {
      if (old.status === 'baixado') throw conflict(PATRIMONIO_MSG.alreadyWrittenOff);
      const [row] = await tx
        .update(patrimonios)
        .set({ status: 'baixado', updatedAt: new Date(), version: old.version + 1 })
        .where(eq(patrimonios.id, id))
        .returning();
      await addHistory(
        tx,
        out,
        [
          {
            patrimonioId: id,
            action: HISTORICO_ACTIONS.writtenOff,
            details: `Bem baixado (status anterior: '${statusLabel(old.status)}'). Bens com movimentações não são excluídos.`,
          },
        ],
        actor.municipalityId,
      );
      await audit(tx, out, {
        action: 'PATRIMONIO_WRITE_OFF',
        entityType: 'Patrimonio',
        entityId: id,
        details: {
          old_value: { numero_patrimonio: old.numeroPatrimonio, status: old.status },
          new_value: { status: 'baixado' },
        },
      });
      const p = await assemble(tx, row);
      out.emit(assetRooms(actor.municipalityId, p.sectorId), 'patrimonio.updated', toListItem(row));
      return { deleted: false, writtenOff: true, patrimonio: p };
    }
    files = (
      await tx
        .select({ p: patrimonioArquivos.storedPath })
        .from(patrimonioArquivos)
        .where(eq(patrimonioArquivos.patrimonioId, id))
    ).map((f) => f.p);
    await tx.delete(patrimonios).where(eq(patrimonios.id, id));
    await audit(tx, out, {
      action: 'PATRIMONIO_DELETE',
      entityType: 'Patrimonio',
      entityId: id,
      details: {
        old_value: {
          numero_patrimonio: old.numeroPatrimonio,
          descricao_bem: old.descricaoBem,
          setor: old.setorNome,
          valor_aquisicao: old.valorAquisicao,
        },
      },
    });
    out.emit(assetRooms(actor.municipalityId, old.sectorId), 'patrimonio.deleted', { id, sectorId: old.sectorId });
    return { deleted: true, writtenOff: false, id };
  });
  if (files.length) await removeStoredFiles(ctx.config, files);
  return result;
}

// ---- List ---------------------------------------------------------------------------------------

const SORT_COLUMNS = {
  numero_patrimonio: patrimonios.numeroPatrimonio,
  descricao_bem: patrimonios.descricaoBem,
  tipo: patrimonios.tipoNome,
  setor_responsavel: patrimonios.setorNome,
  local_objeto: patrimonios.localNome,
  status: patrimonios.status,
  valor_aquisicao: patrimonios.valorAquisicao,
  quantidade: patrimonios.quantidade,
  data_aquisicao: patrimonios.dataAquisicao,
  forma_aquisicao: patrimonios.formaNome,
  estado_conservacao: patrimonios.estadoConservacao,
  createdAt: patrimonios.createdAt,
  updatedAt: patrimonios.updatedAt,
} satisfies Record<PatrimonioSortKey, unknown>;

/** Sorts with a (municipality, sector, column, id) index (schema.ts): a several-sector scope is merged from them. */
const SECTOR_SORTED = new Set<PatrimonioSortKey>([
  'numero_patrimonio',
  'descricao_bem',
  'tipo',
  'local_objeto',
  'status',
  'valor_aquisicao',
  'data_aquisicao',
  'estado_conservacao',
  'createdAt',
  'updatedAt',
]);
const MAX_SECTORS_APART = 16;
/** Past this many rows per part (OFFSET pages far from any anchor) one filtered scan is cheaper. */
const MAX_ROWS_APART = 2 * ANCHOR_EVERY;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The same folding as immutable_unaccent(lower(x)) (the column descricao_busca), done on the parameter. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Quick search: number by prefix, or description containing the words (accent- and case-insensitive). */
export function quickSearch(q: string): SQL {
  const text = `%${likeEscape(fold(q))}%`;
  const numero = `${likeEscape(q.toUpperCase())}%`;
  return or(
    sql`${patrimonios.numeroPatrimonio} like ${numero}`,
    sql`${patrimonios.descricaoBusca} like ${text}`, // = immutable_unaccent(lower(descricao_bem)), stored
  )!;
}

/** WHERE of a list/count/export: municipality, the user's sectors and every filter. */
export async function filterWhere(db: Db, scope: Scope, f: PatrimonioFilters): Promise<SQL> {
  const c: SQL[] = [eq(patrimonios.municipalityId, scope.municipalityId)];
  if (scope.sectorIds) {
    const ids = scope.sectorIds;
    c.push(
      ids.length === 1
        ? eq(patrimonios.sectorId, ids[0])
        : ids.length
          ? inArray(patrimonios.sectorId, ids)
          : sql`false`,
    );
  }
  if (f.q) c.push(quickSearch(f.q));
  if (f.sectorId) c.push(eq(patrimonios.sectorId, f.sectorId));
  if (f.localId) c.push(eq(patrimonios.localId, f.localId));
  if (f.tipoId) c.push(eq(patrimonios.tipoId, f.tipoId));
  if (f.formaId) c.push(eq(patrimonios.formaAquisicaoId, f.formaId));
  if (f.status?.length)
    c.push(f.status.length === 1 ? eq(patrimonios.status, f.status[0]) : inArray(patrimonios.status, f.status));
  if (f.estado) c.push(eq(patrimonios.estadoConservacao, f.estado));
  if (f.valorMin) c.push(gte(patrimonios.valorAquisicao, f.valorMin));
  if (f.valorMax) c.push(lte(patrimonios.valorAquisicao, f.valorMax));
  if (f.dataDe) c.push(gte(patrimonios.dataAquisicao, f.dataDe));
  if (f.dataAte) c.push(lte(patrimonios.dataAquisicao, f.dataAte));
  const cf = Object.entries(f.cf ?? {});
  if (cf.length) {
    const defs = new Map((await listFields(db, scope.municipalityId)).filter((x) => x.isCustom).map((x) => [x.key, x]));
    for (const [key, raw] of cf) {
      const def = defs.get(key);
      if (!def) throw badRequest(PATRIMONIO_MSG.customUnknown, { [`cf.${key}`]: PATRIMONIO_MSG.customUnknown });
      if (def.type === 'TEXT' || def.type === 'TEXTAREA') {
        c.push(
          sql`immutable_unaccent(lower(${patrimonios.customFields} ->> ${key}::text)) like ${`%${likeEscape(fold(raw))}%`}`,
        );
        continue;
      }
      let value: unknown = raw;
      if (def.type === 'NUMBER') {
        value = Number(raw.replace(',', '.'));
        if (!Number.isFinite(value))
          throw badRequest(PATRIMONIO_MSG.customType(def.label), {
            [`cf.${key}`]: PATRIMONIO_MSG.customType(def.label),
          });
      }
      if (def.type === 'BOOLEAN') value = raw === 'true' || raw === 'Sim' || raw === 'sim';
      c.push(sql`${patrimonios.customFields} @> ${JSON.stringify({ [key]: value })}::jsonb`);
    }
  }
  return and(...c)!;
}

export async function countPatrimonios(db: Db, where: SQL): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(patrimonios)
    .where(where);
  return n;
}

/**
 * The page's rows are read with plain SQL and mapped by a precomputed column list: on the list's hot
 * path Drizzle's per-row result mapping was a tenth of the CPU of a request.
 */
const ROW_COLUMNS = Object.entries(getTableColumns(patrimonios)).map(([key, col]) => ({ key, name: col.name, col }));
const ROW_SELECT = sql.raw(ROW_COLUMNS.map((c) => `"patrimonios"."${c.name}"`).join(', '));
function fromDriver(raw: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  for (const c of ROW_COLUMNS) {
    const v = raw[c.name];
    row[c.key] = v == null ? null : c.col.mapFromDriverValue(v);
  }
  return row as Row;
}

/**
 * Where the rows from an anchor on start, as ordered index ranges. A NOT NULL column is one range
 * (a row-value comparison). A column with empty values sorts them last ascending and first
 * descending (PostgreSQL's default, as ORDER BY here), and row comparisons never match NULL, so the
 * rest of the list may be two ranges: the values from the anchor, then the empty ones (ascending),
 * or the empty ones from the anchor, then the values (descending).
 */
export function seekSegments(col: AnyPgColumn, order: 'asc' | 'desc', anchor: Anchor): SQL[] {
  const id = patrimonios.id;
  if (order === 'asc') {
    if (anchor.value === null) return [sql`${col} is null and ${id} >= ${anchor.id}`];
    const values = sql`(${col}, ${id}) >= (${anchor.value}, ${anchor.id})`;
    return col.notNull ? [values] : [values, sql`${col} is null`];
  }
  if (anchor.value === null) return [sql`${col} is null and ${id} <= ${anchor.id}`, sql`${col} is not null`];
  return [sql`(${col}, ${id}) <= (${anchor.value}, ${anchor.id})`];
}

/** The municipality's current asset version (0 before its first asset write). */
const versionOf = (municipalityId: number) =>
  sql<number>`coalesce((select ${assetVersions.version} from ${assetVersions} where ${assetVersions.municipalityId} = ${municipalityId}), 0)`.mapWith(
    Number,
  );

/**
 * A page of the list. OFFSET paging with the deep-page trick of DESIGN §10: a page past the middle
 * is read in the reverse order with a small offset (the indexes serve both directions). The total
 * comes from the count cache, checked against the asset version read with the page.
 */
export async function listPatrimonios(
  ctx: Pick<AppContext, 'db'>,
  scope: Scope,
  query: PatrimonioListQuery & { cf?: Record<string, string> },
): Promise<PatrimonioList> {
  const { page, pageSize, sort, order, ...filters } = query;
  const m = scope.municipalityId;
  const where = await filterWhere(ctx.db, scope, filters);
  const col = SORT_COLUMNS[sort];
  const offset = (page - 1) * pageSize;
  // Custom-field filters also depend on the field definitions: those totals are never cached.
  const cacheable = !filters.cf || Object.keys(filters.cf).length === 0;
  const total = (version: number | undefined) =>
    cachedTotal(cacheable ? totalKey(m, version, scope.sectorIds, filters) : null, () =>
      countPatrimonios(ctx.db, where),
    );
  // Deferred join: the offset is walked over the ids alone (an index-only scan of the composite
  // (municipality_id[, filter], sort column, id) indexes when one fits), and only the page's rows are read.
  // id is the tiebreaker so the order is total and pages never overlap.
  const currentVersion = async () => (await ctx.db.select({ v: versionOf(m) }).from(sql`(select 1) as one`))[0].v;
  const ordered = (desc_: boolean) => (desc_ ? [desc(col), desc(patrimonios.id)] : [asc(col), asc(patrimonios.id)]);
  /** Every ANCHOR_EVERY-th row's sort key, in the requested order (see seek.ts). */
  const buildAnchors = async (): Promise<Anchor[]> => {
    const got = (await ctx.db.execute(sql`select s.v, s.id, s.pos from (
        select ${col} as v, ${patrimonios.id} as id, row_number() over (order by ${sql.join(ordered(order === 'desc'), sql`, `)}) - 1 as pos
        from ${patrimonios} where ${where}) s
      where s.pos > 0 and s.pos % ${ANCHOR_EVERY} = 0 order by s.pos`)) as unknown as {
      rows: Array<{ v: unknown; id: number; pos: number | string }>;
    };
    return got.rows.map((r) => ({ position: Number(r.pos), value: r.v, id: Number(r.id) }));
  };
  // A scope of several sectors (a `usuario`) is read sector by sector, each from its (sector, sort)
  // index, and merged: one scan of the municipality's index filtered by sector reads the other
  // sectors' rows too, and cannot be ordered by a (sector, sort) index across an IN list.
  // (An IN list in the same condition would turn each range into an unordered scan: each part gets its own WHERE.)
  const sectorWheres =
    !filters.sectorId &&
    scope.sectorIds &&
    scope.sectorIds.length > 1 &&
    scope.sectorIds.length <= MAX_SECTORS_APART &&
    SECTOR_SORTED.has(sort)
      ? await Promise.all(scope.sectorIds.map((id) => filterWhere(ctx.db, { ...scope, sectorIds: [id] }, filters)))
      : undefined;
  /**
   * The ids of `limit` rows after `skip`, in that direction, over the ordered ranges `segments` (one,
   * or two after an anchor of a column with empty values) and, when apart, per sector: each part is
   * an index range cut at skip + limit rows, and the parts are merged in order.
   */
  const idsQuery = (segments: Array<SQL | undefined>, descending: boolean, limit: number, skip: number) => {
    const bases = sectorWheres && skip + limit <= MAX_ROWS_APART ? sectorWheres : [where];
    const parts = segments.flatMap((from, seg) => bases.map((base) => ({ seg, where: and(base, from)! })));
    if (parts.length === 1) {
      return ctx.db
        .select({ id: patrimonios.id })
        .from(patrimonios)
        .where(parts[0].where)
        .orderBy(...ordered(descending))
        .limit(limit)
        .offset(skip);
    }
    // With one segment the parts are merged as they come (Merge Append); a second segment comes after the first.
    const dir = sql.raw(descending ? 'desc' : 'asc');
    const seg = (n: number) => (segments.length > 1 ? sql.raw(`${n} as seg, `) : sql.raw(''));
    const selects = parts.map(
      (p) => sql`(select ${seg(p.seg)}${col} as v, ${patrimonios.id} as id from ${patrimonios}
      where ${p.where} order by ${col} ${dir}, ${patrimonios.id} ${dir} limit ${skip + limit})`,
    );
    return sql`select u.id from (${sql.join(selects, sql` union all `)}) u
      order by ${segments.length > 1 ? sql.raw('u.seg, ') : sql.raw('')}u.v ${dir}, u.id ${dir} limit ${limit} offset ${skip}`;
  };
  /** The page given total n and the version the caches are keyed on, and the asset version its rows were read at. */
  const pageQuery = async (
    n: number,
    version: number | undefined,
  ): Promise<{ rows: Row[]; version: number; seek: boolean }> => {
    if (offset > 0 && offset >= n) return { rows: [], version: await currentVersion(), seek: false };
    const anchor =
      cacheable && version !== undefined && offset >= ANCHOR_EVERY
        ? anchorBefore(
            await anchorsFor(JSON.stringify([m, version, scope.sectorIds, filters, sort, order]), buildAnchors),
            offset,
          )
        : undefined;
    let ids;
    let reverse = false;
    if (anchor) {
      ids = idsQuery(seekSegments(col, order, anchor), order === 'desc', pageSize, offset - anchor.position);
    } else {
      reverse = offset > 0 && offset + pageSize / 2 > n / 2;
      const limit = reverse ? Math.min(pageSize, n - offset) : pageSize;
      ids = idsQuery(
        [undefined],
        (order === 'desc') !== reverse,
        limit,
        reverse ? Math.max(0, n - offset - pageSize) : offset,
      );
    }
    const dir = sql.raw((order === 'desc') !== reverse ? 'desc' : 'asc');
    const got = (await ctx.db.execute(sql`select ${ROW_SELECT}, ${versionOf(m)} as "__version" from ${patrimonios}
      where ${patrimonios.id} in (${ids}) order by ${col} ${dir}, ${patrimonios.id} ${dir}`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    const rows = got.rows.map(fromDriver);
    return {
      rows: reverse ? rows.reverse() : rows,
      version: got.rows.length ? Number(got.rows[0].__version) : await currentVersion(),
      seek: !!anchor,
    };
  };
  const hint = versionHint(m);
  let n = 0;
  let result: { rows: Row[]; version: number; seek: boolean };
  if (offset === 0) {
    // The first page does not depend on the total: both at once when the version is probably known.
    if (hint !== undefined) [result, n] = await Promise.all([pageQuery(0, hint), total(hint)]);
    else result = await pageQuery(0, hint);
    if (result.version !== hint) n = await total(result.version);
  } else {
    n = await total(hint);
    result = await pageQuery(n, hint);
    if (result.version !== hint) {
      // The assets changed since this node last looked: the total, anchors and bounds may too.
      const fresh = await total(result.version);
      if (fresh !== n || result.seek) result = await pageQuery(fresh, result.version);
      n = fresh;
    }
  }
  noteVersion(m, result.version);
  return { patrimonios: result.rows.map(toListItem), total: n, page, pageSize };
}

/** Sync (spec §7): everything the user may see, by id, a cursor page at a time. */
export async function syncPatrimonios(
  ctx: Pick<AppContext, 'db'>,
  scope: Scope,
  after: number,
  limit: number,
): Promise<{ patrimonios: PatrimonioListItem[]; nextAfter: number | null }> {
  const where = and(await filterWhere(ctx.db, scope, {}), gt(patrimonios.id, after));
  const rows = await ctx.db.select().from(patrimonios).where(where).orderBy(asc(patrimonios.id)).limit(limit);
  return { patrimonios: rows.map(toListItem), nextAfter: rows.length === limit ? rows[rows.length - 1].id : null };
}
