import { documentListQuery, idParam } from '@tombo/shared';
import { route } from '../../http/route';
import { sendStoredFile, withUpload } from '../../uploads';
import { createDocument, deleteDocument } from './commands';
import { receiveDocument, storeDocument } from './files';
import { findDocumentFile, listDocuments } from './queries';

/** General documents (spec §3, /ferramentas/documentos): every role reads, admin and supervisor manage. */
export const documentRoutes = [
  route({
    method: 'get',
    path: '/documentos',
    audience: 'municipal',
    permission: 'documents:read',
    query: documentListQuery,
    handler: (c) => c.read((tx) => listDocuments(tx, c.scope, c.query)),
  }),
  route({
    method: 'post',
    path: '/documentos',
    audience: 'municipal',
    permission: 'documents:manage',
    body: 'upload',
    status: 201,
    handler: async (c) => {
      const file = await receiveDocument(c.ctx.config, c.req, c.res);
      // A refused or failed upload leaves nothing: the temp file always goes, the placed one unless committed.
      return withUpload(file, async (placed) => {
        const stored = await storeDocument(c.ctx.config, c.scope, file, placed);
        return c.command((tx, out) => createDocument(tx, out, c.scope, stored));
      });
    },
  }),
  route({
    method: 'get',
    path: '/documentos/:id/arquivo',
    audience: 'municipal',
    permission: 'documents:read',
    params: idParam,
    access: { param: 'id', rule: 'document.read' },
    handler: async (c) => {
      const { row, path } = await c.read((tx) => findDocumentFile(tx, c.scope, c.ctx.config, c.params.id));
      return sendStoredFile(c.res, path, row);
    },
  }),
  route({
    method: 'delete',
    path: '/documentos/:id',
    audience: 'municipal',
    permission: 'documents:manage',
    params: idParam,
    access: { param: 'id', rule: 'document.manage' },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteDocument(tx, out, c.scope, c.ctx.config, c.params.id)),
  }),
];
