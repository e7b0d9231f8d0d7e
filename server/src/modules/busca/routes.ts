import { BUSCA_KINDS, buscaQuery, buscaResponse, type BuscaGroup } from '@tombo/shared';
import { route } from '../../http/route';
import { SEARCH_PROVIDERS, type SearchInput } from './providers';
import { runSearch, type SearchRow } from './queries';

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
      c.read(async (tx) => {
        const input: SearchInput = { tx, scope: c.scope, principal: c.principal, ...c.query };
        const providers = SEARCH_PROVIDERS.filter(
          (p) => !p.permission || c.principal.permissions.includes(p.permission),
        );
        const parts = (await Promise.all(providers.map((p) => p.parts?.(input) ?? []))).flat();
        const rows = new Map<string, SearchRow[]>();
        for (const r of await runSearch(tx, parts)) rows.set(r.kind, [...(rows.get(r.kind) ?? []), r]);
        const groups: BuscaGroup[] = providers
          .map((p) => p.present(rows.get(p.kind) ?? [], input))
          .filter((g) => g.items.length > 0)
          .sort((a, b) => ORDER.get(a.kind)! - ORDER.get(b.kind)!);
        return { q: c.query.q, groups };
      }),
  }),
];
