import fsp from 'node:fs/promises';
import path from 'node:path';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import {
  PATRIMONIO_MSG,
  exportPatrimoniosBody,
  idParam,
  importModeQuery,
  patrimonioCreateBody,
  patrimonioListQuery,
  patrimonioLoteBody,
  patrimonioSyncQuery,
  patrimonioUpdateBody,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalActor, principal } from '../../auth/middleware';
import { patrimonios } from '../../db/schema';
import { notFound } from '../../http/errors';
import { body, params, parse, query } from '../../http/validate';
import * as service from './service';
import { addArquivo, receiveFile, removeArquivo, sendArquivo } from './files';
import { importPatrimonios } from './import';
import { requestJob } from '../jobs/service';
import { inScope, scopeOf } from './scope';

const fileParams = z.strictObject({
  id: z.coerce.number().int().positive({ error: 'Identificador inválido.' }),
  fileId: z.uuid({ error: 'Identificador inválido.' }),
});
const numeroParam = z.strictObject({ numero: z.string().trim().min(1).max(40) });

/** `cf.<key>=<value>` custom-field filters are taken apart from the strict list query. */
function listQuery(req: Request) {
  const cf: Record<string, string> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(req.query)) {
    if (k.startsWith('cf.')) {
      if (typeof v === 'string' && v !== '') cf[k.slice(3)] = v;
    } else rest[k] = v;
  }
  return { ...parse(patrimonioListQuery, rest), cf };
}

const deps = {
  ownRow: (db: AppContext['db'], scope: Parameters<typeof service.findOwn>[1], id: number, lock?: boolean) =>
    service.findOwn(db, scope, id, lock),
  assemble: async (db: AppContext['db'], id: number) => {
    const [row] = await db.select().from(patrimonios).where(eq(patrimonios.id, id));
    return service.assemble(db, row);
  },
};

/** The asset register (spec §7 Assets). */
export function patrimonioRoutes(ctx: AppContext): Router {
  const r = Router();
  const scope = (req: Request) => scopeOf(principal(req));

  r.get('/patrimonios', can('bens:read'), async (req, res) => {
    res.json(await service.listPatrimonios(ctx, scope(req), listQuery(req)));
  });
  r.get('/patrimonios/sync', can('bens:read'), async (req, res) => {
    const { after, limit } = query(req, patrimonioSyncQuery);
    res.json(await service.syncPatrimonios(ctx, scope(req), after, limit));
  });
  r.get('/patrimonios/numero/:numero', can('bens:read'), async (req, res) => {
    const { numero } = params(req, numeroParam);
    const sc = scope(req);
    const [row] = await ctx.db
      .select()
      .from(patrimonios)
      .where(
        and(eq(patrimonios.municipalityId, sc.municipalityId), eq(patrimonios.numeroPatrimonio, numero.toUpperCase())),
      );
    if (!row || !inScope(sc, row.sectorId)) throw notFound(PATRIMONIO_MSG.notFound);
    res.json({ patrimonio: await service.assemble(ctx.db, row) });
  });
  r.post('/patrimonios/lote', can('bens:create'), async (req, res) => {
    res.status(201).json(await service.createLote(ctx, municipalActor(req), scope(req), body(req, patrimonioLoteBody)));
  });
  r.post('/patrimonios/import', can('bens:create'), async (req, res) => {
    const { mode } = query(req, importModeQuery);
    const actor = municipalActor(req);
    const sc = scope(req);
    const file = await receiveFile(ctx, req, res, 'import');
    if (mode === 'commit') {
      // The commit runs as a job (progress via job.progress, the ImportReport as its JSON result
      // file); the job deletes the upload when it is over. The scope comes from the principal.
      try {
        const job = await requestJob(ctx, actor, {
          name: 'import.patrimonios',
          title: `Importação de bens (${file.originalname})`.slice(0, 200),
          payload: {
            uploadPath: path.relative(ctx.config.dataDir, file.path),
            fileName: file.originalname.slice(0, 255),
            actorName: actor.name,
            sectorIds: sc.sectorIds,
          },
          audit: { action: 'IMPORT_REQUEST', entityType: 'Patrimonio' },
        });
        res.status(202).json({ job });
      } catch (err) {
        await fsp.rm(file.path, { force: true }).catch(() => undefined);
        throw err;
      }
      return;
    }
    try {
      res.json(await importPatrimonios(ctx, actor, sc, file.path, mode));
    } finally {
      await fsp.rm(file.path, { force: true }).catch(() => undefined);
    }
  });
  r.post('/patrimonios/export', can('bens:read'), async (req, res) => {
    const { status, ...filters } = body(req, exportPatrimoniosBody);
    const sc = scope(req);
    const job = await requestJob(ctx, municipalActor(req), {
      name: 'export.patrimonios',
      title: 'Bens (XLSX)',
      // `status` goes back to its query form: the processor parses the payload with the same schema.
      payload: { ...filters, ...(status ? { status: status.join(',') } : {}), sectorIds: sc.sectorIds },
      audit: { action: 'EXPORT_REQUEST', entityType: 'Patrimonio' },
    });
    res.status(202).json({ job });
  });
  r.get('/patrimonios/:id', can('bens:read'), async (req, res) => {
    res.json({ patrimonio: await service.getPatrimonio(ctx, scope(req), params(req, idParam).id) });
  });
  r.post('/patrimonios', can('bens:create'), async (req, res) => {
    res.status(201).json({
      patrimonio: await service.createPatrimonio(ctx, municipalActor(req), scope(req), body(req, patrimonioCreateBody)),
    });
  });
  r.put('/patrimonios/:id', can('bens:update'), async (req, res) => {
    const { id } = params(req, idParam);
    res.json({
      patrimonio: await service.updatePatrimonio(
        ctx,
        municipalActor(req),
        scope(req),
        id,
        body(req, patrimonioUpdateBody),
      ),
    });
  });
  r.delete('/patrimonios/:id', can('bens:delete'), async (req, res) => {
    res.json(await service.deletePatrimonio(ctx, municipalActor(req), scope(req), params(req, idParam).id));
  });

  for (const [segment, kind] of [
    ['fotos', 'foto'],
    ['documentos', 'documento'],
  ] as const) {
    r.post(`/patrimonios/:id/${segment}`, can('bens:update'), async (req, res) => {
      const { id } = params(req, idParam);
      const actor = municipalActor(req);
      const sc = scope(req);
      await service.findOwn(ctx.db, sc, id); // 404 before reading the upload
      const file = await receiveFile(ctx, req, res, kind);
      res.status(201).json({ patrimonio: await addArquivo(ctx, actor, sc, id, kind, file, deps) });
    });
  }
  r.get('/patrimonios/:id/arquivos/:fileId', can('bens:read'), async (req, res) => {
    const { id, fileId } = params(req, fileParams);
    await sendArquivo(ctx, scope(req), id, fileId, res, deps.ownRow);
  });
  r.delete('/patrimonios/:id/arquivos/:fileId', can('bens:update'), async (req, res) => {
    const { id, fileId } = params(req, fileParams);
    res.json({ patrimonio: await removeArquivo(ctx, municipalActor(req), scope(req), id, fileId, deps) });
  });
  return r;
}
