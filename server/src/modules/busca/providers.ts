import type { SQL } from 'drizzle-orm';
import { foldText, matchScreens, type BuscaGroup, type BuscaKind, type Permission } from '@tombo/shared';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';
import { assetItem, localItem, presentGroup, sectorItem, userItem } from './presenters';
import { assetParts, localPart, sectorPart, userPart, type SearchRow } from './queries';

/** What a provider gets: the caller, their scope, the trimmed text and the per-group limit. */
export interface SearchInput {
  tx: Db;
  scope: TenantScope;
  principal: Principal;
  q: string;
  limit: number;
}

/**
 * One kind of result, for callers with its permission. `parts` are parenthesised SELECTs of the
 * SearchRow shape (all providers' run as one statement); `present` turns the kind's rows (or, for a
 * provider without SQL, nothing) into its group. The property register (issue 13) adds kind 'imoveis' here.
 */
export interface SearchProvider {
  kind: BuscaKind;
  permission?: Permission;
  parts?(input: SearchInput): Promise<SQL[]> | SQL[];
  present(rows: SearchRow[], input: SearchInput): BuscaGroup;
}

const byBranchThenLabel = (x: SearchRow, y: SearchRow) =>
  x.branch - y.branch || x.label.localeCompare(y.label, 'pt-BR');

export const SEARCH_PROVIDERS: readonly SearchProvider[] = [
  {
    kind: 'patrimonios',
    permission: 'bens:read',
    parts: ({ tx, scope, q, limit }) => assetParts(tx, scope, q, limit),
    present(rows, { q, limit }) {
      const seen = new Set<number>();
      const unique = rows.sort(byBranchThenLabel).filter((r) => !seen.has(r.id) && seen.add(r.id));
      // The list's quick search takes `q` as one phrase (number prefix or description substring): offer
      // it only when it finds these rows too (words in another order would open an empty list).
      const phrase = foldText(q);
      const listFinds = unique.every((r) => r.branch < 2 || foldText(r.a ?? '').includes(phrase));
      const more = unique.length > limit && listFinds ? `/bens-cadastrados?q=${encodeURIComponent(q)}` : null;
      return presentGroup('patrimonios', unique.slice(0, limit).map(assetItem), more);
    },
  },
  {
    kind: 'setores',
    permission: 'sectors:read',
    parts: ({ scope, q, limit }) => [sectorPart(scope, q, limit)],
    present: (rows) => presentGroup('setores', rows.sort(byBranchThenLabel).map(sectorItem)),
  },
  {
    kind: 'locais',
    permission: 'locais:read',
    parts: ({ scope, q, limit }) => [localPart(scope, q, limit)],
    present: (rows) => presentGroup('locais', rows.sort(byBranchThenLabel).map(localItem)),
  },
  {
    kind: 'usuarios',
    permission: 'users:read',
    parts: ({ scope, q, limit }) => [userPart(scope, q, limit)],
    present: (rows) => presentGroup('usuarios', rows.sort(byBranchThenLabel).map(userItem)),
  },
  {
    kind: 'telas',
    present: (_rows, { principal, q, limit }) => presentGroup('telas', matchScreens(principal.role, q, limit)),
  },
];
