import { Router } from 'express';
import { z } from 'zod';
import { asc, eq, sql } from 'drizzle-orm';
import { idNumber, publicMunicipioQuery, publicPatrimonioQuery, type PublicMunicipioList } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, principal } from '../../auth/middleware';
import { municipalities, publicSearchSettings } from '../../db/schema';
import { actorOf, audit, mutate } from '../../db/tx';
import { notFound } from '../../http/errors';
import { body, params, query } from '../../http/validate';
import * as service from './service';

const numeroParam = z.strictObject({ numero: z.string().trim().min(1).max(40) });
const settingsBody = z.strictObject({
  municipalityId: idNumber('Informe o município.'),
  isPublicSearchEnabled: z.boolean({ error: 'Informe se a consulta pública está ativa.' }),
});

/** Public consultation (no sign-in): mounted before authentication. */
export function publicRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/public/municipios', async (_req, res) => {
    const municipios = await service.publicMunicipalities(ctx);
    res.json({ municipios, total: municipios.length } satisfies PublicMunicipioList);
  });
  // Cache headers only on success: a 403 (public search off) or 404 must not be kept by the browser.
  r.get('/public/patrimonios', async (req, res) => {
    const list = await service.listPublic(ctx, query(req, publicPatrimonioQuery));
    res.setHeader('Cache-Control', 'public, max-age=30').json(list);
  });
  r.get('/public/patrimonios/:numero', async (req, res) => {
    const patrimonio = await service.getPublic(ctx, params(req, numeroParam).numero, query(req, publicMunicipioQuery));
    res.setHeader('Cache-Control', 'public, max-age=30').json({ patrimonio });
  });
  /** Options of the advanced filter (sectors, active asset types) of one municipality. */
  r.get('/public/filtros', async (req, res) => {
    const filtros = await service.publicFiltros(ctx, query(req, publicMunicipioQuery));
    res.setHeader('Cache-Control', 'public, max-age=60').json(filtros);
  });
  return r;
}

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
