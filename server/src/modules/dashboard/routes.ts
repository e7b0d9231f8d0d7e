import { route } from '../../http/route';
import { assetStats } from './queries';

/** Figures for the dashboard widgets; a usuario's figures cover only its own sectors. */
export const dashboardRoutes = [
  route({
    method: 'get',
    path: '/dashboard/bens',
    audience: 'municipal',
    permission: 'bens:read',
    handler: (c) => c.read((tx) => assetStats(tx, c.scope)),
  }),
];
