import type { SQL } from 'drizzle-orm';
import {
  foldText,
  matchScreens,
  type BuscaGroup,
  type BuscaItem,
  type BuscaKind,
  type Permission,
} from '@tombo/shared';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';
import { assetItem, imovelItem, localItem, presentGroup, sectorItem, userItem } from './presenters';
import { COUNT_BRANCH, assetParts, imovelParts, localParts, sectorParts, userParts, type SearchRow } from './queries';

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
 * provider without SQL, nothing) into its group.
 */
export interface SearchProvider {
  kind: BuscaKind;
  permission?: Permission;
  parts?(input: SearchInput): Promise<SQL[]> | SQL[];
  present(rows: SearchRow[], input: SearchInput): BuscaGroup;
}

const byBranchThenLabel = (x: SearchRow, y: SearchRow) =>
  x.branch - y.branch || x.label.localeCompare(y.label, 'pt-BR');

/** A kind's rows split into its results and its count row (the capped count of every match). */
function split(rows: SearchRow[]): { results: SearchRow[]; counted: number } {
  const count = rows.find((r) => r.branch === COUNT_BRANCH);
  return {
    results: rows.filter((r) => r.branch !== COUNT_BRANCH).sort(byBranchThenLabel),
    counted: Number(count?.id ?? 0),
  };
}

/** A plain group (sectors, locations, users): its rows in order, with the count of every match. */
const plainGroup = (kind: BuscaKind, item: (r: SearchRow) => BuscaItem) => (rows: SearchRow[]) => {
  const { results, counted } = split(rows);
  return presentGroup(kind, results.map(item), null, counted);
};

/**
 * A register's group (assets, properties): rows deduplicated, number matches first. The list's quick
 * search takes `q` as one phrase (number prefix or text substring): "more" is offered only when it
 * finds these rows too (words in another order would open an empty list).
 */
const numberedGroup =
  (kind: BuscaKind, listPath: string, item: (r: SearchRow) => BuscaItem) =>
  (rows: SearchRow[], { q, limit }: SearchInput): BuscaGroup => {
    const seen = new Set<number>();
    const { results, counted } = split(rows);
    const unique = results.filter((r) => !seen.has(r.id) && seen.add(r.id));
    const phrase = foldText(q);
    const listFinds = unique.every((r) => r.branch < 2 || foldText(r.a ?? '').includes(phrase));
    const more = unique.length > limit && listFinds ? `${listPath}?q=${encodeURIComponent(q)}` : null;
    return presentGroup(kind, unique.slice(0, limit).map(item), more, counted);
  };

export const SEARCH_PROVIDERS: readonly SearchProvider[] = [
  {
    kind: 'patrimonios',
    permission: 'bens:read',
    parts: ({ tx, scope, q, limit }) => assetParts(tx, scope, q, limit),
    present: numberedGroup('patrimonios', '/bens-cadastrados', assetItem),
  },
  {
    kind: 'imoveis',
    permission: 'imoveis:read',
    parts: ({ scope, q, limit }) => imovelParts(scope, q, limit),
    present: numberedGroup('imoveis', '/imoveis', imovelItem),
  },
  {
    kind: 'setores',
    permission: 'sectors:read',
    parts: ({ scope, q, limit }) => sectorParts(scope, q, limit),
    present: plainGroup('setores', sectorItem),
  },
  {
    kind: 'locais',
    permission: 'locais:read',
    parts: ({ scope, q, limit }) => localParts(scope, q, limit),
    present: plainGroup('locais', localItem),
  },
  {
    kind: 'usuarios',
    permission: 'users:read',
    parts: ({ scope, q, limit }) => userParts(scope, q, limit),
    present: plainGroup('usuarios', userItem),
  },
  {
    kind: 'telas',
    present: (_rows, { principal, q, limit }) => {
      const all = matchScreens(principal.role, q, Infinity);
      return presentGroup('telas', all.slice(0, limit), null, all.length);
    },
  },
];
