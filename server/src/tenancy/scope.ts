import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SECTOR_RESTRICTED_ROLES } from '@tombo/shared';
import type { Principal } from '../auth/principal';
import { forbidden } from '../http/errors';

declare const tenantBrand: unique symbol;
declare const allBrand: unique symbol;

/**
 * The one municipality (and, for a `usuario`, the sectors) a piece of work may see. Made only by
 * `scopeOfPrincipal` (a request) or `scopeOfMunicipality` (a job or sweep acting for a row's municipality).
 */
export interface TenantScope {
  readonly municipalityId: number;
  /** null = every sector of the municipality. */
  readonly sectorIds: readonly number[] | null;
  readonly [tenantBrand]: true;
}

/** Every municipality at once: only superuser code and installation-wide sweeps ask for it, explicitly. */
export interface AllMunicipalities {
  readonly all: true;
  readonly [allBrand]: true;
}

/** Whose rows a transaction may touch: one municipality, or all of them (see `allMunicipalities`). */
export type Tenancy = TenantScope | AllMunicipalities;

/** The scope of a signed-in municipal user; the superuser (no municipality) is refused with 403. */
export function scopeOfPrincipal(p: Principal): TenantScope {
  if (p.municipalityId == null) throw forbidden();
  const sectorIds = SECTOR_RESTRICTED_ROLES.includes(p.role) ? [...p.sectorIds] : null;
  return { municipalityId: p.municipalityId, sectorIds } as unknown as TenantScope;
}

/** The scope of work done for a row's municipality (jobs, sweeps), limited to `sectorIds` when given. */
export function scopeOfMunicipality(municipalityId: number, sectorIds: readonly number[] | null = null): TenantScope {
  return { municipalityId, sectorIds: sectorIds ? [...sectorIds] : null } as unknown as TenantScope;
}

/** All municipalities: for the superuser module and installation-wide sweeps only. */
export const allMunicipalities = (): AllMunicipalities => ({ all: true }) as unknown as AllMunicipalities;

export const isAll = (t: Tenancy): t is AllMunicipalities => 'all' in t;

/** The municipality filter of a tenant table, written in one place. */
export const ofTenant = (table: { municipalityId: PgColumn }, scope: TenantScope): SQL =>
  eq(table.municipalityId, scope.municipalityId);

/** Whether a sector is within the scope (a `usuario` sees only their own sectors). */
export const inScope = (scope: Pick<TenantScope, 'sectorIds'>, sectorId: number) =>
  scope.sectorIds == null || scope.sectorIds.includes(sectorId);
