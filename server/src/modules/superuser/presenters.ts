import type { Municipality } from '@tombo/shared';
import type { municipalities, rolePermissions } from '../../db/schema';

/** Row → API shape of a municipality (the superuser's list, its events). */
export const presentMunicipality = (r: typeof municipalities.$inferSelect): Municipality => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  uf: r.uf,
  codigoIbge: r.ibgeCode,
  cnpj: r.cnpj,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

/** Row → API shape of a role's permissions. */
export const presentRolePermissions = (r: typeof rolePermissions.$inferSelect) => ({
  role: r.role,
  permissions: r.permissions,
});

/** A municipality with its public-search switch (on unless switched off). */
export interface PublicSearchSetting {
  municipalityId: number;
  name: string;
  slug: string;
  active: boolean;
  isPublicSearchEnabled: boolean;
}
