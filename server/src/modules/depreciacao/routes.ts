import { depreciacaoPatrimonioQuery, idParam } from '@tombo/shared';
import { route } from '../../http/route';
import { depreciacaoDoPatrimonio } from './queries';

/** Depreciation (issue 14; docs/depreciation.md). */
export const depreciacaoRoutes = [
  route({
    method: 'get',
    path: '/depreciacao/patrimonios/:id',
    audience: 'municipal',
    permission: 'bens:read',
    params: idParam,
    query: depreciacaoPatrimonioQuery,
    access: { param: 'id', rule: 'patrimonio.read' },
    handler: (c) => c.read((tx) => depreciacaoDoPatrimonio(tx, c.scope, c.params.id, c.query.data)),
  }),
];
