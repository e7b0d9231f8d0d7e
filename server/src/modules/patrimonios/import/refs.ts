import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { formasAquisicao, locais, sectors, tiposBens } from '../../../db/schema';
import type { Actor } from '../../../db/tx';
import { fieldRules, type FieldRules } from '../../form-fields';
import type { TenantScope as Scope } from '../../../tenancy/scope';

/**
 * Everything the check of an import compares rows against, as plain data: loaded from the database
 * on the calling thread, then handed to the checking thread (which has no database).
 */
export interface ImportRefs {
  actor: Actor & { municipalityId: number };
  /** Plain data: the refs cross into a worker thread. */
  scope: Pick<Scope, 'municipalityId' | 'sectorIds'>;
  rules: FieldRules;
  sectors: Array<{ id: number; name: string; code: string }>;
  locais: Array<{ id: number; sectorId: number; name: string }>;
  tipos: Array<{ id: number; name: string }>;
  formas: Array<{ id: number; nome: string }>;
}

/** Loads the municipality's field rules, sectors, places, asset types and acquisition forms. */
export async function loadImportRefs(
  db: Db,
  actor: Actor & { municipalityId: number },
  scope: Scope,
): Promise<ImportRefs> {
  const m = actor.municipalityId;
  const [rules, sRows, lRows, tRows, fRows] = await Promise.all([
    fieldRules(db, scope),
    db
      .select({ id: sectors.id, name: sectors.name, code: sectors.code })
      .from(sectors)
      .where(eq(sectors.municipalityId, m)),
    db
      .select({ id: locais.id, sectorId: locais.sectorId, name: locais.name })
      .from(locais)
      .where(eq(locais.municipalityId, m)),
    db.select({ id: tiposBens.id, name: tiposBens.name }).from(tiposBens).where(eq(tiposBens.municipalityId, m)),
    db
      .select({ id: formasAquisicao.id, nome: formasAquisicao.nome })
      .from(formasAquisicao)
      .where(eq(formasAquisicao.municipalityId, m)),
  ]);
  return {
    actor: { id: actor.id, name: actor.name, municipalityId: m },
    scope: { municipalityId: scope.municipalityId, sectorIds: scope.sectorIds },
    rules,
    sectors: sRows,
    locais: lRows,
    tipos: tRows,
    formas: fRows,
  };
}
