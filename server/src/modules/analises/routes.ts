import { analiseGrupoQuery, analiseTemporalQuery, isoDayOf } from '@tombo/shared';
import { route } from '../../http/route';
import { analisePorGrupo, analiseTemporal } from './queries';
import { grupoSheet, sendSheet, temporalSheet } from './sheet';

const stamp = () => isoDayOf(new Date());

/**
 * The analyses (issue 14): figures by sector, by type and over time, over the assets the caller sees
 * (`bens:read`; a `usuario` only its sectors). Each has its XLSX beside it, with the same query.
 */
export const analiseRoutes = [
  ...(['setor', 'tipo'] as const).flatMap((por) => [
    route({
      method: 'get',
      path: `/analises/${por}`,
      audience: 'municipal',
      permission: 'bens:read',
      query: analiseGrupoQuery,
      handler: (c) => c.read((tx) => analisePorGrupo(tx, c.scope, por, c.query)),
    }),
    route({
      method: 'get',
      path: `/analises/${por}/xlsx`,
      audience: 'municipal',
      permission: 'bens:read',
      query: analiseGrupoQuery,
      handler: async (c) => {
        const r = await c.read((tx) => analisePorGrupo(tx, c.scope, por, c.query));
        return sendSheet(c.res, `analise-por-${por}-${stamp()}.xlsx`, grupoSheet(por, r));
      },
    }),
  ]),
  route({
    method: 'get',
    path: '/analises/temporal',
    audience: 'municipal',
    permission: 'bens:read',
    query: analiseTemporalQuery,
    handler: (c) => c.read((tx) => analiseTemporal(tx, c.scope, c.query)),
  }),
  route({
    method: 'get',
    path: '/analises/temporal/xlsx',
    audience: 'municipal',
    permission: 'bens:read',
    query: analiseTemporalQuery,
    handler: async (c) => {
      const r = await c.read((tx) => analiseTemporal(tx, c.scope, c.query));
      return sendSheet(c.res, `analise-temporal-${stamp()}.xlsx`, temporalSheet(r));
    },
  }),
];
