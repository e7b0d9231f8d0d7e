import { and, eq } from 'drizzle-orm';
import { DOCUMENT_MSG, room, type GeneralDocument } from '@tombo/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { forbidden, notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { everyoneBut, notify } from '../notifications';
import { documentFiles, type StoredDocument } from './files';
import { presentDocument } from './presenters';

const ENTITY = 'Documento';

/**
 * Records an already checked and stored upload: the row, the audit line, the live event to the whole
 * municipality and the notification to everyone of it but the uploader (spec §6).
 */
export async function createDocument(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  file: StoredDocument,
): Promise<GeneralDocument> {
  const actor = out.actor;
  if (!actor) throw forbidden();
  const [row] = await tx
    .insert(documents)
    .values({
      municipalityId: scope.municipalityId,
      fileName: file.fileName,
      storedPath: file.stored,
      mimeType: file.mimeType,
      size: file.size,
      uploadedById: actor.id,
      uploadedByName: actor.name,
    })
    .returning();
  const doc = presentDocument(row);
  await record(
    tx,
    out,
    {
      action: 'DOCUMENT_CREATE',
      entityType: ENTITY,
      entityId: row.id,
      details: { new_value: { fileName: doc.fileName, fileSize: doc.fileSize, fileType: doc.fileType } },
    },
    liveEvent(room.municipality(scope.municipalityId), 'document.created', doc),
  );
  await notify(tx, out, scope, await everyoneBut(tx, scope, actor.id), {
    title: DOCUMENT_MSG.notificationTitle,
    description: DOCUMENT_MSG.notificationDescription(actor.name, doc.fileName),
    type: 'document',
    link: '/ferramentas/documentos',
  });
  return doc;
}

/** Deletes a document of the scope's municipality (404 otherwise); its file goes after the commit. */
export async function deleteDocument(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  config: Pick<Config, 'dataDir'>,
  id: number,
): Promise<void> {
  const [row] = await tx
    .delete(documents)
    .where(and(ofTenant(documents, scope), eq(documents.id, id)))
    .returning();
  if (!row) throw notFound(DOCUMENT_MSG.notFound);
  await record(
    tx,
    out,
    {
      action: 'DOCUMENT_DELETE',
      entityType: ENTITY,
      entityId: id,
      details: { old_value: { fileName: row.fileName, fileSize: row.size, uploadedBy: row.uploadedByName } },
    },
    liveEvent(room.municipality(scope.municipalityId), 'document.deleted', { id }),
  );
  out.afterCommit(() => documentFiles.remove(config, [row.storedPath]));
}
