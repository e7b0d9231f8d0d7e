import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { HISTORICO_ACTIONS, PATRIMONIO_LIMITS, PATRIMONIO_MSG, type Patrimonio } from '@tombo/shared';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { patrimonioArquivos } from '../../../db/schema';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { conflict, notFound } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { removeStoredFiles, resolveStored, type Processed } from '../files';
import { addHistory } from '../history';
import type { FileRow } from '../presenters';
import { findOwn, loadPatrimonio } from '../queries';
import { assetChanged } from '../rooms';

/**
 * Records an already checked and stored photo or document of an asset (409 when the asset has no
 * room left). Files do not bump `version`: an open edit form stays valid while photos are added.
 */
export async function attachArquivo(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  patrimonioId: number,
  kind: 'foto' | 'documento',
  p: Processed,
): Promise<Patrimonio> {
  const asset = await findOwn(tx, scope, patrimonioId, true);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(patrimonioArquivos)
    .where(and(eq(patrimonioArquivos.patrimonioId, patrimonioId), eq(patrimonioArquivos.kind, kind)));
  if (kind === 'foto' && n >= PATRIMONIO_LIMITS.maxFotos) throw conflict(PATRIMONIO_MSG.tooManyFotos);
  if (kind === 'documento' && n >= PATRIMONIO_LIMITS.maxDocumentos) throw conflict(PATRIMONIO_MSG.tooManyDocumentos);
  const [row] = await tx
    .insert(patrimonioArquivos)
    .values({
      patrimonioId,
      municipalityId: scope.municipalityId,
      kind,
      fileName: p.fileName,
      storedPath: p.stored,
      mimeType: p.mimeType,
      size: p.size,
      uploadedById: out.actor?.id ?? null,
      uploadedByName: out.actor?.name ?? null,
    })
    .returning();
  const action = kind === 'foto' ? HISTORICO_ACTIONS.fotoAdded : HISTORICO_ACTIONS.documentoAdded;
  await addHistory(tx, out, [{ patrimonioId, action, details: `'${p.fileName}'` }], scope.municipalityId);
  await record(
    tx,
    out,
    {
      action: 'PATRIMONIO_FILE_ADD',
      entityType: 'Patrimonio',
      entityId: patrimonioId,
      label: asset.numeroPatrimonio,
      sectorId: asset.sectorId,
      details: { new_value: { kind, fileId: row.id, fileName: p.fileName, size: p.size } },
    },
    ...assetChanged(asset),
  );
  return loadPatrimonio(tx, asset);
}

/** Removes a photo or document of an asset; the stored file goes after the commit. */
export async function removeArquivo(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  patrimonioId: number,
  fileId: string,
  config: AppContext['config'],
): Promise<Patrimonio> {
  const asset = await findOwn(tx, scope, patrimonioId, true);
  const [row] = await tx
    .delete(patrimonioArquivos)
    .where(and(eq(patrimonioArquivos.id, fileId), eq(patrimonioArquivos.patrimonioId, patrimonioId)))
    .returning();
  if (!row) throw notFound(PATRIMONIO_MSG.fileNotFound);
  const action = row.kind === 'foto' ? HISTORICO_ACTIONS.fotoRemoved : HISTORICO_ACTIONS.documentoRemoved;
  await addHistory(tx, out, [{ patrimonioId, action, details: `'${row.fileName}'` }], scope.municipalityId);
  await record(
    tx,
    out,
    {
      action: 'PATRIMONIO_FILE_REMOVE',
      entityType: 'Patrimonio',
      entityId: patrimonioId,
      label: asset.numeroPatrimonio,
      sectorId: asset.sectorId,
      details: { old_value: { kind: row.kind, fileId: row.id, fileName: row.fileName } },
    },
    ...assetChanged(asset),
  );
  out.afterCommit(() => removeStoredFiles(config, [row.storedPath]));
  return loadPatrimonio(tx, asset);
}

/** A file of an asset the scope may see, with its path on disk (404 otherwise). */
export async function findArquivo(
  tx: Db,
  scope: TenantScope,
  config: AppContext['config'],
  patrimonioId: number,
  fileId: string,
): Promise<{ row: FileRow; path: string }> {
  await findOwn(tx, scope, patrimonioId);
  const [row] = await tx
    .select()
    .from(patrimonioArquivos)
    .where(and(eq(patrimonioArquivos.id, fileId), eq(patrimonioArquivos.patrimonioId, patrimonioId)));
  const abs = row ? resolveStored(config, row.storedPath) : null;
  if (!row || !abs || !fs.existsSync(abs)) throw notFound(PATRIMONIO_MSG.fileNotFound);
  return { row, path: abs };
}
