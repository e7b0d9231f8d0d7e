import { z } from 'zod';
import { publicMunicipioQuery, publicPatrimonioQuery, type PublicMunicipioList } from '@tombo/shared';
import { read } from '../../db/tx';
import { route } from '../../http/route';
import { allMunicipalities } from '../../tenancy/scope';
import { readPublic } from './access';
import { getPublic, listPublic, publicFiltros, publicMunicipalities } from './queries';
import { publicImovelRoutes } from './imoveis-routes';

const numeroParam = z.strictObject({ numero: z.string().trim().min(1).max(40) });

// Cache headers only on success: a 403 (public search off) or 404 must not be kept by the browser.

/** Public consultation (no sign-in): one municipality's public data, under that municipality's scope. */
export const publicRoutes = [
  route({
    method: 'get',
    path: '/public/municipios',
    audience: 'public',
    handler: async (c) => {
      // Which municipalities are open is every municipality's switch: read over all of them, explicitly
      // (names and slugs only).
      const all = allMunicipalities();
      const municipios = await read(c.ctx, all, (tx) => publicMunicipalities(tx, all));
      return { municipios, total: municipios.length } satisfies PublicMunicipioList;
    },
  }),
  route({
    method: 'get',
    path: '/public/patrimonios',
    audience: 'public',
    query: publicPatrimonioQuery,
    handler: async (c) => {
      const list = await readPublic(c.ctx, c.query, (tx, scope, m) => listPublic(tx, scope, m, c.query));
      c.res.setHeader('Cache-Control', 'public, max-age=30');
      return list;
    },
  }),
  route({
    method: 'get',
    path: '/public/patrimonios/:numero',
    audience: 'public',
    params: numeroParam,
    query: publicMunicipioQuery,
    handler: async (c) => {
      const patrimonio = await readPublic(c.ctx, c.query, (tx, scope, m) => getPublic(tx, scope, m, c.params.numero));
      c.res.setHeader('Cache-Control', 'public, max-age=30');
      return { patrimonio };
    },
  }),
  /** Options of the advanced filter (sectors, active asset types) of one municipality. */
  route({
    method: 'get',
    path: '/public/filtros',
    audience: 'public',
    query: publicMunicipioQuery,
    handler: async (c) => {
      const filtros = await readPublic(c.ctx, c.query, (tx, scope, m) => publicFiltros(tx, scope, m));
      c.res.setHeader('Cache-Control', 'public, max-age=60');
      return filtros;
    },
  }),
  ...publicImovelRoutes,
];
