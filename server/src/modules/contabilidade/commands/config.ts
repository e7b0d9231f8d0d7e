import { and, eq } from 'drizzle-orm';
import {
  CONTABILIDADE_MSG as M,
  type ContabilidadeConfig,
  type ContabilidadeConfigInput,
  type ContasImovel,
  type ContasMapeamento,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { contabilidadeConfig, contasImoveis } from '../../../db/schema';
import type { Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { ofTenant, type TenantScope } from '../../../tenancy/scope';
import { mapeamentoColumns, presentConfig, presentContasImovel } from '../presenters';
import { contaDoPlano } from '../queries';
import { validarMapeamento } from './plano';

/** PUT /api/contabilidade/config: deadline day, purchase posting and transitory account (409 when stale). */
export async function salvarConfigContabil(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: ContabilidadeConfigInput,
): Promise<{ config: ContabilidadeConfig }> {
  const [old] = await tx.select().from(contabilidadeConfig).where(ofTenant(contabilidadeConfig, scope)).for('update');
  if (!old) throw notFound();
  if (old.version !== input.version) throw conflict();
  const transit = input.contaTransitoriaId === undefined ? old.transitContaId : input.contaTransitoriaId;
  const posting = input.incorporacaoCompra ?? old.purchasePosting;
  if (transit != null)
    await contaDoPlano(tx, scope, transit).catch(() => {
      throw badRequest(M.contaNaoEncontrada, { contaTransitoriaId: M.contaNaoEncontrada });
    });
  if (posting === 'transitoria' && transit == null)
    throw badRequest(M.transitoriaObrigatoria, { contaTransitoriaId: M.transitoriaObrigatoria });
  const [row] = await tx
    .update(contabilidadeConfig)
    .set({
      deadlineDay: input.prazoDia ?? old.deadlineDay,
      purchasePosting: posting,
      transitContaId: transit,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(ofTenant(contabilidadeConfig, scope))
    .returning();
  await record(tx, out, {
    action: 'CONTABILIDADE_CONFIG_UPDATE',
    entityType: 'ContabilidadeConfig',
    entityId: scope.municipalityId,
    label: 'Configuração contábil',
    details: { old_value: presentConfig(old), new_value: presentConfig(row) },
  });
  return { config: presentConfig(row) };
}

/** PUT /api/contabilidade/contas-imoveis/:situacao: the accounts of a property tenure (409 when stale). */
export async function salvarContasImovel(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  situacao: string,
  input: { contas: ContasMapeamento; version: number },
): Promise<{ contasImovel: ContasImovel }> {
  const where = and(ofTenant(contasImoveis, scope), eq(contasImoveis.tenure, situacao));
  const [old] = await tx.select().from(contasImoveis).where(where).for('update');
  if (!old) throw notFound();
  if (old.version !== input.version) throw conflict();
  await validarMapeamento(tx, scope, input.contas);
  const [row] = await tx
    .update(contasImoveis)
    .set({ ...mapeamentoColumns(input.contas), updatedAt: new Date(), version: old.version + 1 })
    .where(where)
    .returning();
  await record(tx, out, {
    action: 'CONTAS_IMOVEL_UPDATE',
    entityType: 'ContasImovel',
    entityId: situacao,
    label: situacao,
    details: { old_value: presentContasImovel(old), new_value: presentContasImovel(row) },
  });
  return { contasImovel: presentContasImovel(row) };
}
