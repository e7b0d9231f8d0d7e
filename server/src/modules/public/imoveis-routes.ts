import { access } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { idFromText, publicImovelQuery, publicMunicipioQuery } from '@tombo/shared';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { fileFolder, sendStoredFile } from '../../uploads';
import { imovelRef, readPublic } from './access';
import { cacheable, publicLimit } from './limits';
import { getPublicImovel, listPublicImoveis, publicImovelFoto } from './imoveis-queries';

/** Property files live under DATA_DIR/files/imoveis (the register's uploads); only a photo is ever served here. */
const imovelFiles = fileFolder(path.join('files', 'imoveis'));
const fotoParams = z.strictObject({
  id: idFromText(),
  fotoId: z.uuid({ error: 'Identificador inválido.' }),
});

/** Public consultation of properties (no sign-in): only while the municipality's public search is on (404 off). */
export const publicImovelRoutes = [
  route({
    method: 'get',
    path: '/public/imoveis',
    audience: 'public',
    query: publicImovelQuery,
    handler: async (c) => {
      await publicLimit(c);
      const list = await readPublic(c.ctx, c.query, (tx, scope, m) => listPublicImoveis(tx, scope, m, c.query));
      cacheable(c.res);
      return list;
    },
  }),
  route({
    method: 'get',
    path: '/public/imoveis/:id',
    audience: 'public',
    params: z.strictObject({ id: idFromText() }),
    query: publicMunicipioQuery,
    handler: async (c) => {
      await publicLimit(c);
      const ref = await imovelRef(c.ctx, c.query, c.params.id);
      const imovel = await readPublic(c.ctx, ref, (tx, scope, m) => getPublicImovel(tx, scope, m, c.params.id));
      cacheable(c.res);
      return { imovel };
    },
  }),
  route({
    method: 'get',
    path: '/public/imoveis/:id/foto/:fotoId',
    audience: 'public',
    params: fotoParams,
    query: publicMunicipioQuery,
    handler: async (c) => {
      await publicLimit(c);
      const f = await readPublic(c.ctx, c.query, (tx, scope) =>
        publicImovelFoto(tx, scope, c.params.id, c.params.fotoId),
      );
      const abs = imovelFiles.resolve(c.ctx.config, f.storedPath);
      if (
        !abs ||
        !(await access(abs).then(
          () => true,
          () => false,
        ))
      )
        throw notFound('Foto não encontrada.');
      return sendStoredFile(c.res, abs, { fileName: f.fileName, mimeType: f.mimeType, inline: true });
    },
  }),
];
