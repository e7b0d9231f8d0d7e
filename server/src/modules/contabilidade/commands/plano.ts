import { and, eq } from 'drizzle-orm';
import {
  CONTABILIDADE_MSG as M,
  PAPEL_CONTA_LABELS,
  type ContaContabil,
  type ContaCreate,
  type ContaUpdate,
  type ContasMapeamento,
  type PapelConta,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { contasContabeis } from '../../../db/schema';
import { lockOwned } from '../../../db/owned';
import type { Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { badRequest, conflict, isUniqueViolation } from '../../../http/errors';
import { ofTenant, type TenantScope } from '../../../tenancy/scope';
import { presentConta } from '../presenters';

const duplicate = (err: unknown): never => {
  if (isUniqueViolation(err, 'contas_contabeis_code_uq')) throw conflict(M.codigoEmUso, 'DUPLICATE');
  throw err;
};

/** POST /api/contabilidade/plano: a new account of the municipality's chart (409 for a taken code). */
export async function criarConta(tx: Db, out: Outbox, scope: TenantScope, input: ContaCreate): Promise<ContaContabil> {
  const [row] = await tx
    .insert(contasContabeis)
    .values({ municipalityId: scope.municipalityId, code: input.codigo, name: input.nome, role: input.papel })
    .returning()
    .catch(duplicate);
  await record(tx, out, {
    action: 'CONTA_CONTABIL_CREATE',
    entityType: 'ContaContabil',
    entityId: row.id,
    label: `${row.code} ${row.name}`,
    details: { new_value: presentConta(row) },
  });
  return presentConta(row);
}

/** PUT /api/contabilidade/plano/:id: code, name or role (409 on a stale version or a taken code). */
export async function atualizarConta(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: ContaUpdate,
): Promise<ContaContabil> {
  const old = await lockOwned(tx, contasContabeis, id, scope.municipalityId, input.version, M.contaNaoEncontrada);
  const [row] = await tx
    .update(contasContabeis)
    .set({
      code: input.codigo ?? old.code,
      name: input.nome ?? old.name,
      role: input.papel ?? old.role,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(and(eq(contasContabeis.id, id), ofTenant(contasContabeis, scope)))
    .returning()
    .catch(duplicate);
  await record(tx, out, {
    action: 'CONTA_CONTABIL_UPDATE',
    entityType: 'ContaContabil',
    entityId: id,
    label: `${row.code} ${row.name}`,
    details: { old_value: presentConta(old), new_value: presentConta(row) },
  });
  return presentConta(row);
}

const PAPEL_DO_CAMPO: Record<keyof ContasMapeamento, [PapelConta, string]> = {
  ativo: ['ativo', 'Conta do ativo'],
  depreciacaoAcumulada: ['depreciacao_acumulada', 'Depreciação acumulada'],
  reducaoValorRecuperavel: ['reducao_valor_recuperavel', 'Redução ao valor recuperável'],
  vpdDepreciacao: ['vpd_depreciacao', 'VPD de depreciação'],
};

/** Checks an asset type's or tenure's accounts: the municipality's, each with the role of its field (400). */
export async function validarMapeamento(tx: Db, scope: TenantScope, contas: ContasMapeamento): Promise<void> {
  const rows = await tx.select().from(contasContabeis).where(ofTenant(contasContabeis, scope));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [campo, [papel, rotulo]] of Object.entries(PAPEL_DO_CAMPO) as Array<
    [keyof ContasMapeamento, [PapelConta, string]]
  >) {
    const id = contas[campo];
    if (id == null) continue;
    const conta = byId.get(id);
    if (!conta) throw badRequest(M.contaNaoEncontrada, { [`contas.${campo}`]: M.contaNaoEncontrada });
    if (conta.role !== papel) {
      const msg = M.contaDeOutroPapel(rotulo, PAPEL_CONTA_LABELS[papel]);
      throw badRequest(msg, { [`contas.${campo}`]: msg });
    }
  }
}
