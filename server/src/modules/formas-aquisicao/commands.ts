import { and, eq } from 'drizzle-orm';
import {
  CATALOG_MSG,
  formaAquisicaoAuditText as text,
  room,
  type FormaAquisicao,
  type FormaAquisicaoCreate,
  type FormaAquisicaoUpdate,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { formasAquisicao } from '../../db/schema';
import { lockOwned } from '../../db/owned';
import { liveEvent, type Outbox } from '../../db/tx';
import { record, type AuditEntry } from '../audit';
import { conflict, isForeignKeyViolation, isUniqueViolation } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentFormaAquisicao } from './presenters';

const M = CATALOG_MSG.formas;

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'formas_aquisicao_name_uq')) throw conflict(M.nameTaken, 'DUPLICATE');
  throw err;
}

const thisRow = (scope: TenantScope, id: number) => and(eq(formasAquisicao.id, id), ofTenant(formasAquisicao, scope));

/** The audit row (spec §7 texts) and the live event of a change: clients refetch the catalogue. */
const recordChange = (
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  action: string,
  row: { id: number; name: string },
  details: string,
) => {
  const entry: AuditEntry = {
    action: `FORMA_AQUISICAO_${action}`,
    entityType: 'FormaAquisicao',
    entityId: row.id,
    label: row.name,
    details,
  };
  const event = liveEvent(room.municipality(scope.municipalityId), 'catalog.changed', { catalog: 'formas-aquisicao' });
  return record(tx, out, entry, event);
};

/** Creates an acquisition form of the scope's municipality (409 for a taken name). */
export async function createFormaAquisicao(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: FormaAquisicaoCreate,
): Promise<FormaAquisicao> {
  const [row] = await tx
    .insert(formasAquisicao)
    .values({ municipalityId: scope.municipalityId, name: input.nome, active: input.ativo ?? true })
    .returning()
    .catch(duplicate);
  await recordChange(tx, out, scope, 'CREATE', row, text.created(row.name));
  return presentFormaAquisicao(row);
}

/** Renames or (de)activates an acquisition form (409 on a stale version or a taken name). */
export async function updateFormaAquisicao(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: FormaAquisicaoUpdate,
): Promise<FormaAquisicao> {
  const old = await lockOwned(tx, formasAquisicao, id, scope.municipalityId, input.version, M.notFound);
  const [row] = await tx
    .update(formasAquisicao)
    .set({
      name: input.nome ?? old.name,
      active: input.ativo ?? old.active,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(thisRow(scope, id))
    .returning()
    .catch(duplicate);
  await recordChange(tx, out, scope, 'UPDATE', row, text.updated(row.name));
  return presentFormaAquisicao(row);
}

/** Activates an inactive acquisition form or deactivates an active one (409 on a stale version). */
export async function toggleFormaAquisicao(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: { version: number },
): Promise<FormaAquisicao> {
  const old = await lockOwned(tx, formasAquisicao, id, scope.municipalityId, input.version, M.notFound);
  const [row] = await tx
    .update(formasAquisicao)
    .set({ active: !old.active, updatedAt: new Date(), version: old.version + 1 })
    .where(thisRow(scope, id))
    .returning();
  const [action, details] = row.active
    ? ['ACTIVATE', text.activated(row.name)]
    : ['DEACTIVATE', text.deactivated(row.name)];
  await recordChange(tx, out, scope, action, row, details);
  return presentFormaAquisicao(row);
}

/** Deletes an acquisition form no asset uses (409 IN_USE otherwise: deactivate it instead). */
export async function deleteFormaAquisicao(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(tx, formasAquisicao, id, scope.municipalityId, undefined, M.notFound);
  try {
    await tx.delete(formasAquisicao).where(thisRow(scope, id));
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(M.inUse, 'IN_USE');
    throw err;
  }
  await recordChange(tx, out, scope, 'DELETE', old, text.deleted(old.name));
}
