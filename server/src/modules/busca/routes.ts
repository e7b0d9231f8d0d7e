import { BUSCA_KINDS, buscaQuery, buscaResponse, type BuscaResponse } from '@tombo/shared';
import { route } from '../../http/route';
import { SEARCH_PROVIDERS } from './providers';

const ORDER = new Map(BUSCA_KINDS.map((k, i) => [k, i]));

/** The global search panel (spec §2.4): one text, grouped results the caller may see. */
export const buscaRoutes = [
  route({
    method: 'get',
    path: '/busca',
    audience: 'municipal',
    query: buscaQuery,
    response: buscaResponse,
    handler: (c) =>
      c.read(async (tx): Promise<BuscaResponse> => {
        const { q, limit } = c.query;
        const groups = [];
        // One after the other: a transaction has one connection.
        for (const p of SEARCH_PROVIDERS) {
          if (p.permission && !c.principal.permissions.includes(p.permission)) continue;
          const g = await p.search({ tx, scope: c.scope, principal: c.principal, q, limit });
          if (g.items.length) groups.push(g);
        }
        groups.sort((a, b) => ORDER.get(a.kind)! - ORDER.get(b.kind)!);
        return { q, groups };
      }),
  }),
];
