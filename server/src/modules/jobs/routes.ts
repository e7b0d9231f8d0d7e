import { Router } from 'express';
import { z } from 'zod';
import { exportSectorsBody } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalActor, principal } from '../../auth/middleware';
import { body, params } from '../../http/validate';
import * as service from './service';

const jobIdParam = z.strictObject({ id: z.uuid({ error: 'Identificador inválido.' }) });

export function jobRoutes(ctx: AppContext): Router {
  const r = Router();

  r.post('/sectors/export', can('sectors:read'), async (req, res) => {
    const { format } = body(req, exportSectorsBody);
    const job = await service.requestJob(ctx, municipalActor(req), {
      name: 'export.sectors',
      title: `Setores (${format.toUpperCase()})`,
      payload: { format },
      audit: { action: 'EXPORT_REQUEST', entityType: 'Sector' },
    });
    res.status(202).json({ job });
  });

  r.get('/jobs', async (req, res) => {
    res.json(await service.listJobs(ctx, principal(req).id));
  });

  r.get('/jobs/:id', async (req, res) => {
    res.json({ job: await service.getJob(ctx, principal(req).id, params(req, jobIdParam).id) });
  });

  r.get('/jobs/:id/download', async (req, res) => {
    const file = await service.jobFile(ctx, principal(req).id, params(req, jobIdParam).id);
    res.setHeader('Content-Type', file.mimeType);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.attachment(file.fileName);
    await new Promise<void>((resolve, reject) =>
      res.sendFile(file.path, { dotfiles: 'allow' }, (err) => {
        // Once bytes went out (e.g. the client hung up), there is no error answer left to give.
        if (err && !res.headersSent) reject(err);
        else resolve();
      }),
    );
  });

  return r;
}
