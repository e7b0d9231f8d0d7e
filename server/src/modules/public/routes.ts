import { Router } from 'express';
import { z } from 'zod';
import { asc, eq, sql } from 'drizzle-orm';
import { idNumber, publicMunicipioQuery, publicPatrimonioQuery, type PublicMunicipioList } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, principal } from '../../auth/middleware';
import { municipalities, publicSearchSettings } from '../../db/schema';
import { actorOf, audit, mutate, read } from '../../db/tx';
import { notFound } from '../../http/errors';
import { body } from '../../http/validate';
import { route } from '../../http/route';
import { allMunicipalities } from '../../tenancy/scope';
import { readPublic } from './access';
import { getPublic, listPublic, publicFiltros, publicMunicipalities } from './queries';

const numeroParam = z.strictObject({ numero: z.string().trim().min(1).max(40) });
const settingsBody = z.strictObject({
  municipalityId: idNumber('Informe o município.'),
  isPublicSearchEnabled: z.boolean({ error: 'Informe se a consulta pública está ativa.' }),
});

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
];

/** Superuser switch of the public search, per municipality (enabled by default). Mounted after authentication. */
export function publicSearchSettingsRoutes(ctx: AppContext): Router {
  const r = Router();
  const list = () =>
    ctx.db
      .select({
        municipalityId: municipalities.id,
        name: municipalities.name,
        slug: municipalities.slug,
        isPublicSearchEnabled: sql<boolean>`coalesce(${publicSearchSettings.isPublicSearchEnabled}, true)`,
      })
      .from(municipalities)
      .leftJoin(publicSearchSettings, eq(publicSearchSettings.municipalityId, municipalities.id))
      .orderBy(asc(municipalities.name));

  r.get('/superuser/public-search', can('superuser:access'), async (_req, res) => {
    const settings = await list();
    res.json({ settings, total: settings.length });
  });
  r.put('/superuser/public-search', can('superuser:access'), async (req, res) => {
    const { municipalityId, isPublicSearchEnabled } = body(req, settingsBody);
    await mutate(ctx, actorOf(principal(req)), async (tx, out) => {
      const [m] = await tx
        .select({ id: municipalities.id })
        .from(municipalities)
        .where(eq(municipalities.id, municipalityId));
      if (!m) throw notFound('Município não encontrado.');
      await tx
        .insert(publicSearchSettings)
        .values({ municipalityId, isPublicSearchEnabled })
        .onConflictDoUpdate({
          target: publicSearchSettings.municipalityId,
          set: { isPublicSearchEnabled, updatedAt: new Date(), version: sql`${publicSearchSettings.version} + 1` },
        });
      await audit(tx, out, {
        action: 'PUBLIC_SEARCH_UPDATE',
        entityType: 'PublicSearchSettings',
        entityId: municipalityId,
        details: { new_value: { isPublicSearchEnabled } },
      });
    });
    const setting = (await list()).find((x) => x.municipalityId === municipalityId);
    res.json({ setting });
  });
  return r;
}
