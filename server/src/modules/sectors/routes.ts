import { idParam, sectorCreateBody, sectorUpdateBody } from '@tombo/shared';
import { route } from '../../http/route';
import { createSector, deleteSector, updateSector } from './commands';
import { listSectors } from './queries';

/** Sectors (spec §7 Sectors). */
export const sectorRoutes = [
  route({
    method: 'get',
    path: '/sectors',
    audience: 'municipal',
    permission: 'sectors:read',
    // The same for every reader of the municipality: kept on this node until a sector or location changes.
    handler: (c) =>
      c.ctx.sectorAnswers.answer(`sectors:${c.scope.municipalityId}`, async (keep) => {
        keep(c.scope.municipalityId);
        const sectors = await c.read((tx) => listSectors(tx, c.scope));
        return { sectors, total: sectors.length };
      }),
  }),
  route({
    method: 'post',
    path: '/sectors',
    audience: 'municipal',
    permission: 'sectors:manage',
    body: sectorCreateBody,
    status: 201,
    handler: (c) => c.command((tx, out) => createSector(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'put',
    path: '/sectors/:id',
    audience: 'municipal',
    permission: 'sectors:manage',
    params: idParam,
    access: { param: 'id', rule: 'sector.manage' },
    body: sectorUpdateBody,
    handler: (c) => c.command((tx, out) => updateSector(tx, out, c.scope, c.params.id, c.body)),
  }),
  route({
    method: 'delete',
    path: '/sectors/:id',
    audience: 'municipal',
    permission: 'sectors:manage',
    params: idParam,
    access: { param: 'id', rule: 'sector.manage' },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteSector(tx, out, c.scope, c.params.id)),
  }),
];
