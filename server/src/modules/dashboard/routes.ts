import { route } from '../../http/route';
import { assetStats } from './queries';
import { countOverdueManutencoes } from '../manutencoes';
import { imovelResumo } from './imoveis';

/** Figures for the dashboard widgets; a usuario's figures cover only its own sectors. */
export const dashboardRoutes = [
  route({
    method: 'get',
    path: '/dashboard/bens',
    audience: 'municipal',
    permission: 'bens:read',
    handler: (c) => c.read((tx) => assetStats(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/dashboard/pendencias',
    audience: 'municipal',
    permission: 'imoveis:read',
    handler: async (c) => ({ manutencoesAtrasadas: await c.read((tx) => countOverdueManutencoes(tx, c.scope)) }),
  }),
  route({
    method: 'get',
    path: '/dashboard/imoveis',
    audience: 'municipal',
    permission: 'imoveis:read',
    handler: (c) => c.read((tx) => imovelResumo(tx, c.scope)),
  }),
];
