import { eq } from 'drizzle-orm';
import { PATRIMONIO_MSG, PATRIMONIO_RELATION_FIELDS, type Patrimonio, type PatrimonioUpdate } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { patrimonios } from '../../../db/schema';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { acompanharEdicao, autorDe, estornarBaixa, lancarBaixa } from '../../contabilidade';
import { badRequest, conflict } from '../../../http/errors';
import { inScope, type TenantScope } from '../../../tenancy/scope';
import { fieldRules } from '../../form-fields';
import { heldBy } from '../holds';
import { addHistory, describeChanges } from '../history';
import { findOwn, loadPatrimonio } from '../queries';
import { checkCustom, resolveRefs, unprocessable } from '../refs';
import { assetChanged } from '../rooms';
import { moveAsset, moveRefusal, notYourSector } from './move';
import { checkEntrada } from './depreciacao-fields';
import { standardOnUpdate } from '../standard';

/**
 * Edits an asset (409 on a stale version): each changed field becomes a history line; a new sector
 * or location goes through `moveAsset`, the same command a transfer approval uses. A status changed to or
 * from 'baixado' posts the write-off or reverses it in the ledger (docs/decisions/accounting.md).
 */
export async function updatePatrimonio(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  raw: PatrimonioUpdate,
): Promise<Patrimonio> {
  const input = { ...raw } as Record<string, unknown>;
  for (const k of PATRIMONIO_RELATION_FIELDS) delete input[k]; // spec §3: accepted and dropped
  const body = input as PatrimonioUpdate;
  const old = await findOwn(tx, scope, id, true);
  if (body.version !== old.version) throw conflict(PATRIMONIO_MSG.stale);
  if (body.numero_patrimonio !== undefined && body.numero_patrimonio !== old.numeroPatrimonio)
    throw unprocessable('numero_patrimonio', PATRIMONIO_MSG.numeroReadOnly);
  const to = {
    sectorId: body.sectorId ?? old.sectorId,
    localId: body.localId === undefined ? old.localId : body.localId,
  };
  const moveHold = to.sectorId !== old.sectorId ? await heldBy(tx, id, 'move') : null;
  const refusal = moveRefusal(old, to, moveHold);
  if (refusal) throw conflict(refusal);
  const held = body.status === 'baixado' && old.status !== 'baixado' ? await heldBy(tx, id) : null;
  if (held) throw conflict(held);

  const rules = await fieldRules(tx, scope);
  const tipoId = body.tipoId === undefined ? old.tipoId : body.tipoId;
  if (rules.tipoRequired && tipoId == null)
    throw badRequest(PATRIMONIO_MSG.tipoRequired, { tipoId: PATRIMONIO_MSG.tipoRequired });
  const customIn = body.customFields === undefined ? null : checkCustom(rules, body.customFields, false);
  const ids = {
    sectorId: body.sectorId ?? old.sectorId,
    localId: body.localId === undefined ? old.localId : body.localId,
    tipoId,
    formaAquisicaoId: body.formaAquisicaoId === undefined ? old.formaAquisicaoId : body.formaAquisicaoId,
  };
  // Every reference is checked (422/403) before anything is written, the new place included.
  const refs = await resolveRefs(tx, scope.municipalityId, ids, {
    tipo: ids.tipoId !== old.tipoId,
    forma: ids.formaAquisicaoId !== old.formaAquisicaoId,
  });
  if (!inScope(scope, refs.sectorId)) throw notYourSector();
  const moves = refs.sectorId !== old.sectorId || refs.localId !== old.localId;

  const next = {
    descricaoBem: body.descricao_bem ?? old.descricaoBem,
    tipoId: refs.tipoId,
    tipoNome: refs.tipoNome,
    sectorId: old.sectorId,
    setorNome: old.setorNome,
    localId: old.localId,
    localNome: old.localNome,
    formaAquisicaoId: refs.formaAquisicaoId,
    formaNome: refs.formaNome,
    valorAquisicao: body.valor_aquisicao ?? old.valorAquisicao,
    quantidade: body.quantidade ?? old.quantidade,
    dataAquisicao: body.data_aquisicao === undefined ? old.dataAquisicao : body.data_aquisicao,
    status: body.status ?? old.status,
    estadoConservacao: body.estado_conservacao === undefined ? old.estadoConservacao : body.estado_conservacao,
    observacoes: body.observacoes === undefined ? old.observacoes : body.observacoes,
    customFields: customIn ? { ...(old.customFields ?? {}), ...customIn } : old.customFields,
    dataEntradaServico: body.dataEntradaServico === undefined ? old.dataEntradaServico : body.dataEntradaServico,
    vidaUtilMeses: body.vidaUtilMeses === undefined ? old.vidaUtilMeses : body.vidaUtilMeses,
    residualPct: body.residualPct === undefined ? old.residualPct : body.residualPct,
    ...standardOnUpdate(old, body),
  };
  checkEntrada(next.dataAquisicao, next.dataEntradaServico);
  const changes = describeChanges(id, old, next, customIn, rules);
  let row = old;
  // Status 'baixado' set or lifted here is a write-off or its undoing: posted or reversed in the ledger first
  // (409 in a locked month, and nothing is written).
  const autor = autorDe(out);
  if (next.status === 'baixado' && old.status !== 'baixado')
    await lancarBaixa(tx, scope, autor, id, {
      data: next.dataBaixa,
      doacao: old.doado,
      motivo: 'status alterado para Baixado na edição do bem',
    });
  if (old.status === 'baixado' && next.status !== 'baixado')
    await estornarBaixa(tx, scope, autor, id, 'bem reativado (baixa desfeita)');
  if (changes.history.length) {
    [row] = await tx
      .update(patrimonios)
      .set({ ...next, updatedAt: new Date(), version: old.version + 1 })
      .where(eq(patrimonios.id, id))
      .returning();
    await addHistory(tx, out, changes.history, scope.municipalityId);
    await acompanharEdicao(tx, scope, autor, id, old, row);
    await record(
      tx,
      out,
      {
        action: 'PATRIMONIO_UPDATE',
        entityType: 'Patrimonio',
        entityId: id,
        label: old.numeroPatrimonio,
        sectorId: row.sectorId,
        details: {
          old_value: { numero_patrimonio: old.numeroPatrimonio, ...changes.oldValues },
          new_value: changes.newValues,
        },
      },
      ...assetChanged(row),
    );
  }
  if (moves) row = await moveAsset(tx, out, scope, { id, sectorId: refs.sectorId, localId: refs.localId });
  return loadPatrimonio(tx, row);
}
