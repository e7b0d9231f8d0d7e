import { TABELA_STN_TIPOS_BENS } from '@tombo/shared';
import type { Db } from '../../db/client';
import { tiposBens } from '../../db/schema';

/**
 * The asset types of a new municipality: the federal table of useful lives and residual values
 * (STN Macrofunção 02.03.30). Idempotent (a name already there is kept as it is).
 */
export async function seedTiposBensPadrao(tx: Db, municipalityId: number): Promise<void> {
  await tx
    .insert(tiposBens)
    .values(
      TABELA_STN_TIPOS_BENS.map((x) => ({
        municipalityId,
        name: x.name,
        usefulLifeMonths: x.anos == null ? null : x.anos * 12,
        residualValuePct: x.residualPct,
        depreciable: x.depreciavel,
      })),
    )
    .onConflictDoNothing();
}
