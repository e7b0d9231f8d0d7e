import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import {
  MANUTENCAO_HISTORY_ACTIONS as H,
  MANUTENCAO_MAX_ANEXOS,
  MANUTENCAO_MSG,
  PATRIMONIO_MSG,
  type Manutencao,
} from '@tombo/shared';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { imovelArquivos } from '../../../db/schema';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { conflict, notFound } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { removeAnexoFiles, resolveAnexo, type StoredAnexo } from '../files';
import { addImovelHistory } from '../history';
import type { AnexoRow } from '../presenters';
import { findManutencao, presentOne } from '../queries';
import { manutencaoEvent } from '../rooms';

/** Records a checked and stored attachment of a task (409 past 20); files do not bump `version`. */
export async function attachAnexo(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  p: StoredAnexo,
): Promise<Manutencao> {
  const { row: task, imovel } = await findManutencao(tx, scope, id, true);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(imovelArquivos)
    .where(eq(imovelArquivos.manutencaoId, id));
  if (n >= MANUTENCAO_MAX_ANEXOS) throw conflict(MANUTENCAO_MSG.tooManyAnexos);
  const [row] = await tx
    .insert(imovelArquivos)
    .values({
      imovelId: task.imovelId,
      manutencaoId: id,
      municipalityId: scope.municipalityId,
      kind: 'anexo',
      fileName: p.fileName,
      storedPath: p.stored,
      mimeType: p.mimeType,
      size: p.size,
      uploadedById: out.actor?.id ?? null,
      uploadedByName: out.actor?.name ?? null,
    })
    .returning();
  await addImovelHistory(
    tx,
    out,
    scope.municipalityId,
    task.imovelId,
    H.anexoAdded,
    `'${p.fileName}' em '${task.title}'`,
  );
  const item = await presentOne(tx, task, imovel);
  await record(
    tx,
    out,
    {
      action: 'MANUTENCAO_FILE_ADD',
      entityType: 'Manutencao',
      entityId: id,
      label: task.title,
      details: { new_value: { fileId: row.id, fileName: p.fileName, size: p.size } },
    },
    manutencaoEvent(scope.municipalityId, 'manutencao.updated', item),
  );
  return item;
}

/** Removes an attachment of a task; the stored file goes after the commit. */
export async function removeAnexo(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  fileId: string,
  config: AppContext['config'],
): Promise<Manutencao> {
  const { row: task, imovel } = await findManutencao(tx, scope, id, true);
  const [row] = await tx
    .delete(imovelArquivos)
    .where(and(eq(imovelArquivos.id, fileId), eq(imovelArquivos.manutencaoId, id)))
    .returning();
  if (!row) throw notFound(PATRIMONIO_MSG.fileNotFound);
  await addImovelHistory(
    tx,
    out,
    scope.municipalityId,
    task.imovelId,
    H.anexoRemoved,
    `'${row.fileName}' de '${task.title}'`,
  );
  const item = await presentOne(tx, task, imovel);
  await record(
    tx,
    out,
    {
      action: 'MANUTENCAO_FILE_REMOVE',
      entityType: 'Manutencao',
      entityId: id,
      label: task.title,
      details: { old_value: { fileId: row.id, fileName: row.fileName } },
    },
    manutencaoEvent(scope.municipalityId, 'manutencao.updated', item),
  );
  out.afterCommit(() => removeAnexoFiles(config, [row.storedPath]));
  return item;
}

/** An attachment of a task of the scope, with its path on disk (404 otherwise). */
export async function findAnexo(
  tx: Db,
  scope: TenantScope,
  config: AppContext['config'],
  id: number,
  fileId: string,
): Promise<{ row: AnexoRow; path: string }> {
  await findManutencao(tx, scope, id);
  const [row] = await tx
    .select()
    .from(imovelArquivos)
    .where(and(eq(imovelArquivos.id, fileId), eq(imovelArquivos.manutencaoId, id)));
  const abs = row ? resolveAnexo(config, row.storedPath) : null;
  if (!row || !abs || !fs.existsSync(abs)) throw notFound(PATRIMONIO_MSG.fileNotFound);
  return { row, path: abs };
}
