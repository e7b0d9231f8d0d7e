import type { Permission } from '@tombo/shared';
import type { TenantScope } from '../../tenancy/scope';

/**
 * Who uses the wizard and what they may do. An admin (settings:update) uses every upload of the
 * municipality and may create sectors, places, types and forms from the file; any other user with
 * bens:create uses only their own uploads and imports into the catalogs as they are, into the
 * sectors they see (a `usuario`: theirs). The jobs carry it in their payloads.
 */
export interface Importer {
  /** Only this user's uploads (null: every upload of the municipality). */
  ownerId: number | null;
  createCatalogs: boolean;
  /** The sectors assets may go to (null: every sector). */
  sectorIds: number[] | null;
}

/** The importer a request's caller is. */
export function importerOf(
  principal: { id: number; permissions: readonly Permission[] },
  scope: TenantScope,
): Importer {
  const admin = principal.permissions.includes('settings:update');
  return {
    ownerId: admin ? null : principal.id,
    createCatalogs: admin,
    sectorIds: scope.sectorIds ? [...scope.sectorIds] : null,
  };
}
