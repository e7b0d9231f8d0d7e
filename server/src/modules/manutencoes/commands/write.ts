import { eq } from 'drizzle-orm';
import {
  MANUTENCAO_HISTORY_ACTIONS as H,
  formatDate,
  manutencaoToday,
  nextOccurrence,
  type Manutencao,
  type ManutencaoCreate,
  type ManutencaoUpdate,
  type RecorrenciaManutencao,
} from '@tombo/shared';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { imovelArquivos, manutencoes } from '../../../db/schema';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { conflict } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { removeAnexoFiles } from '../files';
import { addImovelHistory } from '../history';
import { findImovel, findManutencao, presentOne } from '../queries';
import type { ImovelRef, ManutencaoRow } from '../presenters';
import { manutencaoDeleted, manutencaoEvent } from '../rooms';

const describe = (r: Pick<ManutencaoRow, 'title' | 'dueDate'>) =>
  `'${r.title}', prevista para ${formatDate(r.dueDate)}`;

/** What the audit keeps of a task. */
const auditShape = (r: ManutencaoRow, imovel: ImovelRef) => ({
  imovel: imovel.numero_patrimonio,
  titulo: r.title,
  tipo: r.kind,
  dataPrevista: r.dueDate,
  status: r.status,
  responsavel: r.assignee,
  custoEstimado: r.estimatedCost,
  custoReal: r.actualCost,
  recorrencia: r.recurrence,
});

/** The API's task fields (`ManutencaoCreate`/`ManutencaoUpdate`) as the row's columns; absent ones stay absent. */
function columnsOf(input: Partial<Omit<ManutencaoCreate, 'imovelId'>>) {
  const c: Partial<typeof manutencoes.$inferInsert> = {};
  if (input.titulo !== undefined) c.title = input.titulo;
  if (input.tipo !== undefined) c.kind = input.tipo;
  if (input.dataPrevista !== undefined) c.dueDate = input.dataPrevista;
  if (input.status !== undefined) c.status = input.status;
  if (input.responsavel !== undefined) c.assignee = input.responsavel;
  if (input.custoEstimado !== undefined) c.estimatedCost = input.custoEstimado;
  if (input.custoReal !== undefined) c.actualCost = input.custoReal;
  if (input.observacoes !== undefined) c.notes = input.observacoes;
  if (input.recorrencia !== undefined) c.recurrence = input.recorrencia;
  return c;
}

/** Creates a task for a property of the scope's municipality (404 for any other). */
export async function createManutencao(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: ManutencaoCreate,
): Promise<Manutencao> {
  const imovel = await findImovel(tx, scope, input.imovelId);
  const [row] = await tx
    .insert(manutencoes)
    .values({
      municipalityId: scope.municipalityId,
      imovelId: imovel.id,
      title: input.titulo,
      kind: input.tipo,
      dueDate: input.dataPrevista,
      status: input.status,
      assignee: input.responsavel,
      estimatedCost: input.custoEstimado,
      actualCost: input.custoReal,
      notes: input.observacoes,
      recurrence: input.recorrencia,
      completedDate: input.status === 'concluida' ? manutencaoToday() : null,
      createdById: out.actor?.id ?? null,
      createdByName: out.actor?.name ?? null,
    })
    .returning();
  await addImovelHistory(tx, out, scope.municipalityId, imovel.id, H.created, describe(row));
  const item = await presentOne(tx, row, imovel);
  await record(
    tx,
    out,
    {
      action: 'MANUTENCAO_CREATE',
      entityType: 'Manutencao',
      entityId: row.id,
      label: row.title,
      details: { new_value: auditShape(row, imovel) },
    },
    manutencaoEvent(scope.municipalityId, 'manutencao.created', item),
  );
  if (row.status === 'concluida') await scheduleNext(tx, out, scope, row, imovel);
  return item;
}

/**
 * The next occurrence of a recurring task just completed: same fields, due 1/3/12 months later, pending.
 * The unique index on `origin_id` makes it once only, even when two requests complete it together.
 */
async function scheduleNext(tx: Db, out: Outbox, scope: TenantScope, done: ManutencaoRow, imovel: ImovelRef) {
  if (!done.recurrence) return;
  const [next] = await tx
    .insert(manutencoes)
    .values({
      municipalityId: done.municipalityId,
      imovelId: done.imovelId,
      title: done.title,
      kind: done.kind,
      dueDate: nextOccurrence(done.dueDate, done.recurrence as RecorrenciaManutencao),
      status: 'pendente',
      assignee: done.assignee,
      estimatedCost: done.estimatedCost,
      notes: done.notes,
      recurrence: done.recurrence,
      originId: done.id,
      createdById: out.actor?.id ?? null,
      createdByName: out.actor?.name ?? null,
    })
    .onConflictDoNothing({ target: manutencoes.originId })
    .returning();
  if (!next) return;
  await addImovelHistory(tx, out, scope.municipalityId, imovel.id, H.next, describe(next));
  await record(
    tx,
    out,
    {
      action: 'MANUTENCAO_CREATE',
      entityType: 'Manutencao',
      entityId: next.id,
      label: next.title,
      details: { new_value: { ...auditShape(next, imovel), origemId: done.id } },
    },
    manutencaoEvent(scope.municipalityId, 'manutencao.created', await presentOne(tx, next, imovel)),
  );
}

const HISTORY_OF_STATUS: Record<string, string> = { concluida: H.completed, cancelada: H.cancelled };

/**
 * Changes a task (409 on a stale version; a property of another municipality → 404). Completing it
 * stamps the day and, for a recurring task, creates its next occurrence in the same transaction.
 */
export async function updateManutencao(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: ManutencaoUpdate,
): Promise<Manutencao> {
  const { row: old, imovel: oldImovel } = await findManutencao(tx, scope, id, true);
  if (old.version !== input.version) throw conflict();
  const imovel =
    input.imovelId && input.imovelId !== old.imovelId ? await findImovel(tx, scope, input.imovelId) : oldImovel;
  const { version: _v, imovelId: _i, ...changes } = input;
  const status = changes.status ?? old.status;
  const completing = status === 'concluida' && old.status !== 'concluida';
  const [row] = await tx
    .update(manutencoes)
    .set({
      ...columnsOf(changes),
      imovelId: imovel.id,
      completedDate: completing ? manutencaoToday() : status === 'concluida' ? old.completedDate : null,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(eq(manutencoes.id, id))
    .returning();
  const statusChanged = row.status !== old.status ? HISTORY_OF_STATUS[row.status] : undefined;
  await addImovelHistory(tx, out, scope.municipalityId, imovel.id, statusChanged ?? H.updated, describe(row));
  const item = await presentOne(tx, row, imovel);
  await record(
    tx,
    out,
    {
      action: completing ? 'MANUTENCAO_COMPLETE' : 'MANUTENCAO_UPDATE',
      entityType: 'Manutencao',
      entityId: row.id,
      label: row.title,
      details: { old_value: auditShape(old, oldImovel), new_value: auditShape(row, imovel) },
    },
    manutencaoEvent(scope.municipalityId, 'manutencao.updated', item),
  );
  if (completing) await scheduleNext(tx, out, scope, row, imovel);
  return item;
}

/** Deletes a task and its attachments (the files go after the commit). */
export async function deleteManutencao(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  config: AppContext['config'],
): Promise<void> {
  const { row, imovel } = await findManutencao(tx, scope, id, true);
  const files = await tx
    .select({ storedPath: imovelArquivos.storedPath })
    .from(imovelArquivos)
    .where(eq(imovelArquivos.manutencaoId, id));
  await tx.delete(manutencoes).where(eq(manutencoes.id, id));
  await addImovelHistory(tx, out, scope.municipalityId, imovel.id, H.deleted, describe(row));
  await record(
    tx,
    out,
    {
      action: 'MANUTENCAO_DELETE',
      entityType: 'Manutencao',
      entityId: row.id,
      label: row.title,
      details: { old_value: auditShape(row, imovel) },
    },
    manutencaoDeleted(scope.municipalityId, row.id, row.imovelId),
  );
  out.afterCommit(() =>
    removeAnexoFiles(
      config,
      files.map((f) => f.storedPath),
    ),
  );
}
