import { eq, sql } from 'drizzle-orm';
import { CONTABILIDADE_MSG, type PatrimonioDeleteResult } from '@tombo/shared';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { partidas, patrimonioArquivos, patrimonioHistorico, patrimonios } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { conflict, isForeignKeyViolation } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { heldBy } from '../holds';
import { removeStoredFiles } from '../files';
import { findOwn, loadPatrimonio } from '../queries';
import { assetRooms } from '../rooms';
import { writeOffAsset } from './write-off';

/**
 * An asset with movements (any history entry beyond its creation) is written off, not deleted: the
 * register keeps it with status 'baixado'. Otherwise it is deleted, and its files after the commit.
 * Either way its number is never issued again (the counter only goes up).
 */
export async function deletePatrimonio(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  config: AppContext['config'],
): Promise<PatrimonioDeleteResult> {
  const old = await findOwn(tx, scope, id, true);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(patrimonioHistorico)
    .where(eq(patrimonioHistorico.patrimonioId, id));
  if (n > 1 || old.transferenciaPendente || old.doado) {
    const row = await writeOffAsset(tx, out, scope, { id });
    return { deleted: false, writtenOff: true, patrimonio: await loadPatrimonio(tx, row) };
  }
  // `writeOffAsset` refuses a lent asset itself; a deletion must too (its loan row would be orphaned).
  const held = await heldBy(tx, id);
  if (held) throw conflict(held);
  // Accounting entries are immutable and point at the asset (FK RESTRICT): it leaves by a write-off instead.
  const [lancado] = await tx.select({ id: partidas.id }).from(partidas).where(eq(partidas.patrimonioId, id)).limit(1);
  if (lancado) throw conflict(CONTABILIDADE_MSG.bemComLancamentos, 'IN_USE');
  const files = await tx
    .select({ p: patrimonioArquivos.storedPath })
    .from(patrimonioArquivos)
    .where(eq(patrimonioArquivos.patrimonioId, id));
  await tx
    .delete(patrimonios)
    .where(eq(patrimonios.id, id))
    .catch((err: unknown) => {
      throw isForeignKeyViolation(err) ? conflict(CONTABILIDADE_MSG.bemComLancamentos, 'IN_USE') : err;
    });
  await record(
    tx,
    out,
    {
      action: 'PATRIMONIO_DELETE',
      entityType: 'Patrimonio',
      entityId: id,
      label: old.numeroPatrimonio,
      sectorId: old.sectorId,
      details: {
        old_value: {
          numero_patrimonio: old.numeroPatrimonio,
          descricao_bem: old.descricaoBem,
          setor: old.setorNome,
          valor_aquisicao: old.valorAquisicao,
        },
      },
    },
    liveEvent(assetRooms(old.municipalityId, old.sectorId), 'patrimonio.deleted', { id, sectorId: old.sectorId }),
  );
  if (files.length)
    out.afterCommit(() =>
      removeStoredFiles(
        config,
        files.map((f) => f.p),
      ),
    );
  return { deleted: true, writtenOff: false, id };
}
