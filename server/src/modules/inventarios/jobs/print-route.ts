import { idParam, INVENTARIO_MSG } from '@tombo/shared';
import { route } from '../../../http/route';
import { requestJob } from '../../jobs';
import { listItemById } from '../queries';

/**
 * POST /api/inventarios/:id/impressao → 202 `{ job }`: the report PDF as a user job (Downloads,
 * `job.progress` / `job.completed`). Anyone who may read the inventory may print it.
 */
export const printRoutes = [
  route({
    method: 'post',
    path: '/inventarios/:id/impressao',
    audience: 'municipal',
    permission: 'inventarios:read',
    params: idParam,
    access: { param: 'id', rule: 'inventario.read', message: INVENTARIO_MSG.notFound },
    status: 202,
    handler: async (c) => {
      const { title } = await c.read((tx) => listItemById(tx, c.params.id));
      const job = await requestJob(
        c.ctx,
        { ...c.actor, municipalityId: c.scope.municipalityId },
        {
          name: 'print.inventario',
          title: `Inventário — ${title} (PDF)`,
          // The requester's id and sectors come from the principal, never from the client.
          payload: {
            inventarioId: c.params.id,
            viewerId: c.principal.id,
            sectorIds: c.scope.sectorIds ? [...c.scope.sectorIds] : null,
          },
          audit: { action: 'EXPORT_REQUEST', entityType: 'Inventario', entityId: c.params.id, label: title },
        },
        c.requestId,
      );
      return { job };
    },
  }),
];
