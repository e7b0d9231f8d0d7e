import { matchScreens, type BuscaGroup, type BuscaKind, type Permission } from '@tombo/shared';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';
import { assetItem, localItem, presentGroup, sectorItem, userItem } from './presenters';
import { searchAssets, searchLocais, searchSectors, searchUsers } from './queries';

/** What a provider gets: the caller, their scope, the trimmed text and the per-group limit. */
export interface SearchInput {
  tx: Db;
  scope: TenantScope;
  principal: Principal;
  q: string;
  limit: number;
}

/**
 * One kind of result. A provider runs only for callers with its permission; a new area (the property
 * register, issue 13) adds its own entry here with kind 'imoveis', and the panel shows its group.
 */
export interface SearchProvider {
  kind: BuscaKind;
  permission?: Permission;
  search(input: SearchInput): Promise<BuscaGroup>;
}

export const SEARCH_PROVIDERS: readonly SearchProvider[] = [
  {
    kind: 'patrimonios',
    permission: 'bens:read',
    async search({ tx, scope, q, limit }) {
      const rows = await searchAssets(tx, scope, q, limit);
      const more = rows.length > limit ? `/bens-cadastrados?q=${encodeURIComponent(q)}` : null;
      return presentGroup('patrimonios', rows.slice(0, limit).map(assetItem), more);
    },
  },
  {
    kind: 'setores',
    permission: 'sectors:read',
    search: async ({ tx, scope, q, limit }) =>
      presentGroup('setores', (await searchSectors(tx, scope, q, limit)).map(sectorItem)),
  },
  {
    kind: 'locais',
    permission: 'locais:read',
    search: async ({ tx, scope, q, limit }) =>
      presentGroup('locais', (await searchLocais(tx, scope, q, limit)).map(localItem)),
  },
  {
    kind: 'usuarios',
    permission: 'users:read',
    search: async ({ tx, scope, q, limit }) =>
      presentGroup('usuarios', (await searchUsers(tx, scope, q, limit)).map(userItem)),
  },
  {
    kind: 'telas',
    search: async ({ principal, q, limit }) => presentGroup('telas', matchScreens(principal.role, q, limit)),
  },
];
