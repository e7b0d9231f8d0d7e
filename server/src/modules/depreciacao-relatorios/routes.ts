import { DEPRECIACAO_RELATORIO_TITULOS, depreciacaoRelatorioBody, depreciacaoRelatorioQuery } from '@tombo/shared';
import { route } from '../../http/route';
import { createJob, enqueueJob } from '../jobs';
import { relatorioDepreciacao } from './data';

const FORMATO = { pdf: 'PDF', xlsx: 'XLSX' } as const;

/**
 * Depreciation reports (spec §2.3 /relatorios/depreciacao; docs/depreciation.md): the data as JSON (what the
 * screen previews) and the PDF or XLSX as a job, both with `reports:generate`; a `usuario` sees their sectors.
 */
export const depreciacaoRelatorioRoutes = [
  route({
    method: 'get',
    path: '/depreciacao/relatorios/dados',
    audience: 'municipal',
    permission: 'reports:generate',
    query: depreciacaoRelatorioQuery,
    handler: (c) => c.read((tx) => relatorioDepreciacao(tx, c.scope, c.query)),
  }),
  route({
    method: 'post',
    path: '/depreciacao/relatorios',
    audience: 'municipal',
    permission: 'reports:generate',
    body: depreciacaoRelatorioBody,
    status: 202,
    handler: async (c) => {
      const { formato, ...filtros } = c.body;
      const titulo = DEPRECIACAO_RELATORIO_TITULOS[filtros.tipo];
      const row = await c.command((tx, out) =>
        createJob(tx, out, c.scope, {
          ownerId: c.principal.id,
          name: 'depreciacao-relatorio.generate',
          title: `${titulo} (${FORMATO[formato]})`,
          // The requester's sectors come from the principal, never from the client.
          payload: { formato, filtros, sectorIds: c.scope.sectorIds ? [...c.scope.sectorIds] : null },
          audit: { action: 'DEPRECIACAO_REPORT_GENERATE', entityType: 'DepreciacaoRelatorio', label: titulo },
        }),
      );
      return { job: await enqueueJob(c.ctx, c.scope, row, c.requestId) };
    },
  }),
];
