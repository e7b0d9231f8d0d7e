import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PRIMEIROS_PASSOS, type PrimeirosPassos } from '@tombo/shared';
import type { Db } from '../../db/client';
import { jobs, locais, numberingPatterns, patrimonios, sectors, tiposBens, users } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';

/**
 * The new municipality's checklist, read from its data in one query: a step is done once what it asks for
 * exists (numbering: the pattern saved once; colleagues: a second user; labels: a label job finished).
 */
export async function primeirosPassos(tx: Db, scope: TenantScope): Promise<PrimeirosPassos> {
  const has = (table: PgTable & { municipalityId: PgColumn }, where?: SQL) =>
    sql<boolean>`exists (${tx
      .select({ one: sql`1` })
      .from(table)
      .where(and(ofTenant(table, scope), where))
      .limit(1)})`;
  const [done] = await tx
    .select({
      setores: has(sectors),
      locais: has(locais),
      tipos: has(tiposBens),
      numeracao: has(numberingPatterns),
      bens: has(patrimonios),
      usuarios: sql<boolean>`(${tx
        .select({ n: sql`count(*)` })
        .from(users)
        .where(ofTenant(users, scope))}) > 1`,
      etiquetas: has(jobs, and(eq(jobs.name, 'labels.generate'), eq(jobs.status, 'completed'))),
    })
    .from(sql`(select 1) as one`);
  return { passos: PRIMEIROS_PASSOS.map((p) => ({ key: p.key, feito: done[p.key] === true })) };
}
