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
import { assetParts, imovelParts, localPart, sectorPart, userPart, type SearchRow } from './queries';

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

/**
 * A register's group (assets, properties): rows deduplicated, number matches first. The list's quick
 * search takes `q` as one phrase (number prefix or text substring): "more" is offered only when it
 * finds these rows too (words in another order would open an empty list).
 */
const numberedGroup =
  (kind: BuscaKind, listPath: string, item: (r: SearchRow) => BuscaItem) =>
  (rows: SearchRow[], { q, limit }: SearchInput): BuscaGroup => {
    const seen = new Set<number>();
    const unique = rows.sort(byBranchThenLabel).filter((r) => !seen.has(r.id) && seen.add(r.id));
    const phrase = foldText(q);
    const listFinds = unique.every((r) => r.branch < 2 || foldText(r.a ?? '').includes(phrase));
    const more = unique.length > limit && listFinds ? `${listPath}?q=${encodeURIComponent(q)}` : null;
    return presentGroup(kind, unique.slice(0, limit).map(item), more);
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
