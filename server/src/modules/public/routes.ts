import { z } from 'zod';
import {
  DADOS_ABERTOS_CAMPOS,
  PUBLIC_MSG,
  dadosAbertosPaths,
  publicMunicipioQuery,
  publicMunicipioRefParam,
  publicPatrimonioQuery,
  type PublicBemMunicipios,
  type PublicMunicipioList,
  type PublicMunicipioPagina,
} from '@tombo/shared';
import { read } from '../../db/tx';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { allMunicipalities } from '../../tenancy/scope';
import { readPublic } from './access';
import { cacheable, publicAnswer, publicLimit } from './limits';
import { streamOpenData } from './open-data';
import { getPublic, municipalitiesWithNumero, publicFiltros, publicMunicipalities, publicPagina } from './queries';
import { publicImovelRoutes } from './imoveis-routes';
import { searchPublic } from './search';

const numeroParam = z.strictObject({
  numero: z.string().trim().min(1, { error: 'Número inválido.' }).max(40, { error: 'Número inválido.' }),
});
const openDataParam = z.strictObject({
  ref: publicMunicipioRefParam.shape.ref,
  format: z.enum(['csv', 'json'], { error: 'Formato inválido (csv ou json).' }),
});

// Every route: the per-IP budget first (limits.ts); cache headers only on success (a 404 or 429 is not kept).

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
      const municipios = await publicAnswer(c, 60, () => read(c.ctx, all, (tx) => publicMunicipalities(tx, all)));
      return { municipios, total: municipios.length } satisfies PublicMunicipioList;
    },
  }),
  /** The municipality's public page (id or slug): branding, totals by type and sector, open-data links. */
  route({
    method: 'get',
    path: '/public/municipios/:ref',
    audience: 'public',
    params: publicMunicipioRefParam,
    handler: async (c) => {
      const pagina = await publicAnswer(c, 60, (keep) =>
        readPublic(c.ctx, { municipio: c.params.ref }, (tx, scope, m) => publicPagina(tx, scope, m), keep),
      );
      return { ...pagina, dadosAbertos: dadosAbertosPaths(pagina.municipio.slug) } satisfies PublicMunicipioPagina;
    },
  }),
  /** Open data (LAI art. 8), streamed: `dados-abertos.csv` or `dados-abertos.json`, public fields only. */
  route({
    method: 'get',
    path: '/public/municipios/:ref/dados-abertos.:format',
    audience: 'public',
    params: openDataParam,
    handler: async (c) => {
      await publicLimit(c);
      const { scope, m } = await readPublic(c.ctx, { municipio: c.params.ref }, async (_tx, scope, m) => ({
        scope,
        m,
      }));
      try {
        await streamOpenData(c.ctx, c.res, scope, m, c.params.format);
      } catch (err) {
        if (!c.res.headersSent) throw err;
        c.res.destroy(); // mid-file: the download is cut, never a half file that looks whole
      }
      return undefined;
    },
  }),
  route({
    method: 'get',
    path: '/public/dados-abertos/dicionario',
    audience: 'public',
    handler: async (c) => {
      await publicLimit(c);
      cacheable(c.res, 3600);
      return { campos: DADOS_ABERTOS_CAMPOS };
    },
  }),
  route({
    method: 'get',
    path: '/public/patrimonios',
    audience: 'public',
    query: publicPatrimonioQuery,
    handler: async (c) => {
      return publicAnswer(c, 30, (keep) =>
        readPublic(c.ctx, c.query, (tx, scope, m) => searchPublic(tx, scope, m, c.query), keep),
      );
    },
  }),
  route({
    method: 'get',
    path: '/public/patrimonios/:numero',
    audience: 'public',
    params: numeroParam,
    query: publicMunicipioQuery,
    handler: async (c) => {
      const patrimonio = await publicAnswer(c, 30, (keep) =>
        readPublic(c.ctx, c.query, (tx, scope, m) => getPublic(tx, scope, m, c.params.numero), keep),
      );
      return { patrimonio };
    },
  }),
  /** A number without its municipality (an old label, a typed link): where it exists, among the open ones. */
  route({
    method: 'get',
    path: '/public/bens/:numero',
    audience: 'public',
    params: numeroParam,
    handler: async (c) => {
      await publicLimit(c);
      const all = allMunicipalities();
      const municipios = await read(c.ctx, all, (tx) => municipalitiesWithNumero(tx, all, c.params.numero));
      if (!municipios.length) throw notFound(PUBLIC_MSG.bemNotFound);
      cacheable(c.res);
      return { numero: c.params.numero.toUpperCase(), municipios } satisfies PublicBemMunicipios;
    },
  }),
  /** Options of the advanced filter (sectors, active asset types) of one municipality. */
  route({
    method: 'get',
    path: '/public/filtros',
    audience: 'public',
    query: publicMunicipioQuery,
    handler: async (c) => {
      return publicAnswer(c, 60, (keep) =>
        readPublic(c.ctx, c.query, (tx, scope, m) => publicFiltros(tx, scope, m), keep),
      );
    },
  }),
  ...publicImovelRoutes,
];
