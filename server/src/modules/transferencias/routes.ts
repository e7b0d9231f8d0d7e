import {
  idParam,
  transferCreateBody,
  transferDecisionBody,
  transferExportBody,
  transferFilters,
  transferListQuery,
} from '@tombo/shared';
import { route } from '../../http/route';
import { requestJob } from '../jobs';
import { decideTransfer, requestTransfer } from './commands';
import { getTransferencia, listTransferencias, transferReport } from './queries';

/** Transfer and donation requests with approval (spec §3/§4), and their report (spec §2.3). */
export const transferRoutes = [
  route({
    method: 'get',
    path: '/transferencias',
    audience: 'municipal',
    permission: 'bens:read',
    query: transferListQuery,
    handler: (c) => c.read((tx) => listTransferencias(tx, c.scope, c.principal.id, c.query)),
  }),
  route({
    method: 'post',
    path: '/transferencias',
    audience: 'municipal',
    permission: 'transfers:request',
    body: transferCreateBody,
    status: 201,
    handler: (c) => c.command((tx, out) => requestTransfer(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'get',
    path: '/transferencias/:id',
    audience: 'municipal',
    permission: 'bens:read',
    params: idParam,
    access: { param: 'id', rule: 'transferencia.read' },
    handler: async (c) => ({
      transferencia: await c.read((tx) => getTransferencia(tx, c.scope, c.principal.id, c.params.id)),
    }),
  }),
  route({
    method: 'post',
    path: '/transferencias/:id/decisao',
    audience: 'municipal',
    permission: 'transfers:decide',
    params: idParam,
    access: { param: 'id', rule: 'transferencia.decide' },
    body: transferDecisionBody,
    handler: (c) => c.command((tx, out) => decideTransfer(tx, out, c.scope, { ...c.body, id: c.params.id })),
  }),
  route({
    method: 'get',
    path: '/relatorios/transferencias',
    audience: 'municipal',
    permission: 'reports:generate',
    query: transferFilters,
    handler: (c) => c.read((tx) => transferReport(tx, c.scope, c.principal.id, c.query)),
  }),
  route({
    method: 'post',
    path: '/relatorios/transferencias/export',
    audience: 'municipal',
    permission: 'reports:generate',
    body: transferExportBody,
    status: 202,
    handler: async (c) => {
      const { format: _format, status, ...filters } = c.body;
      const job = await requestJob(
        c.ctx,
        { ...c.actor, municipalityId: c.scope.municipalityId },
        {
          name: 'export.transferencias',
          title: 'Transferências e doações (XLSX)',
          // The viewer's sectors and id come from the principal, never from the client.
          payload: {
            ...filters,
            ...(status ? { status: status.join(',') } : {}),
            viewerId: c.principal.id,
            sectorIds: c.scope.sectorIds ? [...c.scope.sectorIds] : null,
          },
          audit: { action: 'EXPORT_REQUEST', entityType: 'Transferencia' },
        },
        c.requestId,
      );
      return { job };
    },
  }),
];
