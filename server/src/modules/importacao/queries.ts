import { and, eq } from 'drizzle-orm';
import { IMPORTACAO_MSG, type Importacao } from '@tombo/shared';
import type { Db } from '../../db/client';
import { formasAquisicao, importacoes, locais, sectors, tiposBens } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentImportacao, type ImportacaoRow } from './presenters';

/** The scope's municipality's upload (404 for any other: another municipality's id is unknown here). */
export async function getImportacaoRow(tx: Db, scope: TenantScope, id: string, lock = false): Promise<ImportacaoRow> {
  const q = tx
    .select()
    .from(importacoes)
    .where(and(eq(importacoes.id, id), ofTenant(importacoes, scope)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound(IMPORTACAO_MSG.notFound);
  return row;
}

/** GET /api/importacoes/:id */
export async function getImportacao(tx: Db, scope: TenantScope, id: string): Promise<Importacao> {
  return presentImportacao(await getImportacaoRow(tx, scope, id));
}

/** The municipality's catalogs the values of a register are matched against. */
export interface Catalogs {
  sectors: Array<{ id: number; name: string; code: string }>;
  locais: Array<{ id: number; sectorId: number; name: string }>;
  tipos: Array<{ id: number; name: string }>;
  formas: Array<{ id: number; name: string }>;
}

/** Loads the scope's sectors, places, asset types and acquisition forms. */
export async function loadCatalogs(tx: Db, scope: TenantScope): Promise<Catalogs> {
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
    .select({ id: formasAquisicao.id, name: formasAquisicao.nome })
    .from(formasAquisicao)
    .where(ofTenant(formasAquisicao, scope));
  return { sectors: s, locais: l, tipos: t, formas: f };
}
