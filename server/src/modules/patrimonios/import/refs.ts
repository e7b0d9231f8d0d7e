import type { Db } from '../../../db/client';
import { formasAquisicao, locais, sectors, tiposBens } from '../../../db/schema';
import type { Actor } from '../../../db/tx';
import { fieldRules, type FieldRules } from '../../form-fields';
import { ofTenant, type TenantScope as Scope } from '../../../tenancy/scope';

/** The municipality's catalogs the values of an imported sheet are matched against (every import's). */
export interface Catalogs {
  sectors: Array<{ id: number; name: string; code: string }>;
  locais: Array<{ id: number; sectorId: number; name: string }>;
  tipos: Array<{ id: number; name: string }>;
  formas: Array<{ id: number; name: string }>;
}

/** Loads the scope's sectors, places, asset types and acquisition forms. */
export async function loadCatalogs(tx: Db, scope: Scope): Promise<Catalogs> {
  // One after the other: a transaction's connection runs one statement at a time anyway.
  const s = await tx
    .select({ id: sectors.id, name: sectors.name, code: sectors.code })
    .from(sectors)
    .where(ofTenant(sectors, scope));
  const l = await tx
    .select({ id: locais.id, sectorId: locais.sectorId, name: locais.name })
    .from(locais)
    .where(ofTenant(locais, scope));
  const t = await tx
    .select({ id: tiposBens.id, name: tiposBens.name })
    .from(tiposBens)
    .where(ofTenant(tiposBens, scope));
  const f = await tx
    .select({ id: formasAquisicao.id, name: formasAquisicao.name })
    .from(formasAquisicao)
    .where(ofTenant(formasAquisicao, scope));
  return { sectors: s, locais: l, tipos: t, formas: f };
}

/**
 * Everything the check of an import compares rows against, as plain data: loaded from the database
 * on the calling thread, then handed to the checking thread (which has no database).
 */
export interface ImportRefs extends Catalogs {
  actor: Actor & { municipalityId: number };
  /** Plain data: the refs cross into a worker thread. */
  scope: Pick<Scope, 'municipalityId' | 'sectorIds'>;
  rules: FieldRules;
}

/** Loads the municipality's field rules, sectors, places, asset types and acquisition forms. */
export async function loadImportRefs(
  db: Db,
  actor: Actor & { municipalityId: number },
  scope: Scope,
): Promise<ImportRefs> {
  return {
    actor: { id: actor.id, name: actor.name, municipalityId: actor.municipalityId },
    scope: { municipalityId: scope.municipalityId, sectorIds: scope.sectorIds },
    rules: await fieldRules(db, scope),
    ...(await loadCatalogs(db, scope)),
  };
}
