import { eq } from 'drizzle-orm';
import { HISTORICO_ACTIONS, PATRIMONIO_MSG } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { patrimonios } from '../../../db/schema';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { HttpError } from '../../../http/errors';
import { inScope, type TenantScope } from '../../../tenancy/scope';
import { shown } from '../format';
import { addHistory, type HistoryLine } from '../history';
import type { Row } from '../presenters';
import { findOwn } from '../queries';
import { resolveRefs } from '../refs';
import { assetChanged } from '../rooms';

export interface MoveAsset {
  id: number;
  sectorId: number;
  localId: number | null;
  /** Why (a transfer's reason); the history lines say it. */
  motivo?: string;
}

/** 403 naming the sector: a usuario may only place assets in their own sectors. */
export const notYourSector = () =>
  new HttpError(403, 'FORBIDDEN', PATRIMONIO_MSG.notYourSector, { sectorId: PATRIMONIO_MSG.notYourSector });

/**
 * Why an edit may not move the asset from where it is to `to` now, or null: a pending transfer keeps its
 * sector and location, and a hold (a loan: `moveHold`, its reason) keeps its sector. The single and the
 * bulk edit ask it; `moveAsset` does not (a transfer's approval moves the asset it flagged).
 */
export function moveRefusal(
  asset: Pick<Row, 'sectorId' | 'localId' | 'transferenciaPendente'>,
  to: { sectorId: number; localId: number | null },
  moveHold: string | null,
): string | null {
  const otherSector = to.sectorId !== asset.sectorId;
  if (asset.transferenciaPendente && (otherSector || to.localId !== asset.localId))
    return PATRIMONIO_MSG.pendingTransferMove;
  return otherSector ? moveHold : null;
}

/**
 * Moves an asset to another sector and/or location of its municipality, in the caller's transaction:
 * history lines, audit row, and live events (its list item to the rooms that see it now,
 * `{ id, removed: true }` to a sector room that lost it). Nothing is written when nothing moves.
 */
export async function moveAsset(tx: Db, out: Outbox, scope: TenantScope, input: MoveAsset): Promise<Row> {
  const old = await findOwn(tx, scope, input.id, true);
  if (old.sectorId === input.sectorId && old.localId === input.localId) return old;
  const refs = await resolveRefs(
    tx,
    old.municipalityId,
    { sectorId: input.sectorId, localId: input.localId, tipoId: null, formaAquisicaoId: null },
    { tipo: false, forma: false },
  );
  if (!inScope(scope, refs.sectorId)) throw notYourSector();
  const [row] = await tx
    .update(patrimonios)
    .set({
      sectorId: refs.sectorId,
      setorNome: refs.setorNome,
      localId: refs.localId,
      localNome: refs.localNome,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(eq(patrimonios.id, old.id))
    .returning();
  const why = input.motivo ? ` Motivo: ${input.motivo}` : '';
  const lines: HistoryLine[] = [];
  const line = (label: string, a: string | null, b: string | null) =>
    lines.push({
      patrimonioId: old.id,
      action: HISTORICO_ACTIONS.moved,
      details: `${label}: ${shown(a)} → ${shown(b)}${why}`,
    });
  if (old.sectorId !== row.sectorId)
    line(
      'Setor',
      old.setorNome === row.setorNome ? `#${old.sectorId}` : old.setorNome,
      old.setorNome === row.setorNome ? `#${row.sectorId}` : row.setorNome,
    );
  if (old.localId !== row.localId) line('Local', old.localNome, row.localNome);
  await addHistory(tx, out, lines, old.municipalityId);
  await record(
    tx,
    out,
    {
      action: 'PATRIMONIO_MOVE',
      entityType: 'Patrimonio',
      entityId: old.id,
      label: old.numeroPatrimonio,
      sectorId: row.sectorId,
      details: {
        old_value: { numero_patrimonio: old.numeroPatrimonio, setor: old.setorNome, local: old.localNome },
        new_value: { setor: row.setorNome, local: row.localNome, ...(input.motivo ? { motivo: input.motivo } : {}) },
      },
    },
    ...assetChanged(row, old.sectorId),
  );
  return row;
}
