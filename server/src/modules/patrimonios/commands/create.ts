import {
  HISTORICO_ACTIONS,
  PATRIMONIO_MSG,
  type Patrimonio,
  type PatrimonioCreate,
  type PatrimonioListItem,
  type PatrimonioLote,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { patrimonios } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { autorDe, lancarIncorporacao } from '../../contabilidade';
import { badRequest } from '../../../http/errors';
import { inScope, type TenantScope } from '../../../tenancy/scope';
import { allocateNumbers, getPattern } from '../../numbering';
import { fieldRules } from '../../form-fields';
import { addHistory } from '../history';
import { toListItem } from '../presenters';
import { loadPatrimonio } from '../queries';
import { checkCustom, resolveRefs, unprocessable, type Refs } from '../refs';
import { assetRooms } from '../rooms';
import { notYourSector } from './move';
import { checkEntrada } from './depreciacao-fields';
import { standardOnCreate } from '../standard';

interface Prepared {
  values: Omit<typeof patrimonios.$inferInsert, 'numeroPatrimonio'>;
  refs: Refs;
}

async function prepareCreate(tx: Db, out: Outbox, scope: TenantScope, input: PatrimonioCreate): Promise<Prepared> {
  if (input.numero_patrimonio !== undefined) throw unprocessable('numero_patrimonio', PATRIMONIO_MSG.numeroReadOnly);
  const rules = await fieldRules(tx, scope);
  if (rules.tipoRequired && input.tipoId == null)
    throw badRequest(PATRIMONIO_MSG.tipoRequired, { tipoId: PATRIMONIO_MSG.tipoRequired });
  const customFields = checkCustom(rules, input.customFields ?? {}, true);
  const refs = await resolveRefs(
    tx,
    scope.municipalityId,
    {
      sectorId: input.sectorId,
      localId: input.localId ?? null,
      tipoId: input.tipoId ?? null,
      formaAquisicaoId: input.formaAquisicaoId ?? null,
    },
    { tipo: true, forma: true },
  );
  if (!inScope(scope, refs.sectorId)) throw notYourSector();
  checkEntrada(input.data_aquisicao ?? null, input.dataEntradaServico ?? null);
  return {
    refs,
    values: {
      municipalityId: scope.municipalityId,
      descricaoBem: input.descricao_bem,
      tipoId: refs.tipoId,
      tipoNome: refs.tipoNome,
      sectorId: refs.sectorId,
      setorNome: refs.setorNome,
      localId: refs.localId,
      localNome: refs.localNome,
      formaAquisicaoId: refs.formaAquisicaoId,
      formaNome: refs.formaNome,
      valorAquisicao: input.valor_aquisicao,
      quantidade: input.quantidade ?? 1,
      dataAquisicao: input.data_aquisicao ?? null,
      status: input.status ?? 'ativo',
      estadoConservacao: input.estado_conservacao ?? null,
      observacoes: input.observacoes ?? null,
      customFields,
      dataEntradaServico: input.dataEntradaServico ?? null,
      vidaUtilMeses: input.vidaUtilMeses ?? null,
      residualPct: input.residualPct ?? null,
      ...standardOnCreate(input),
      createdById: out.actor?.id ?? null,
      createdByName: out.actor?.name ?? null,
    },
  };
}

/** Creates one asset with the next number of its sector, in the caller's transaction. */
export async function createPatrimonio(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: PatrimonioCreate,
): Promise<Patrimonio> {
  const { values, refs } = await prepareCreate(tx, out, scope, input);
  const pattern = await getPattern(tx, scope);
  const [numero] = await allocateNumbers(tx, scope, pattern, refs.sectorCode, 1);
  const [row] = await tx
    .insert(patrimonios)
    .values({ ...values, numeroPatrimonio: numero })
    .returning();
  await lancarIncorporacao(tx, scope, autorDe(out), [row.id], 'cadastro');
  await addHistory(
    tx,
    out,
    [
      {
        patrimonioId: row.id,
        action: HISTORICO_ACTIONS.created,
        details: `Bem ${numero} cadastrado no setor '${row.setorNome}'.`,
      },
    ],
    scope.municipalityId,
  );
  await record(
    tx,
    out,
    {
      action: 'PATRIMONIO_CREATE',
      entityType: 'Patrimonio',
      entityId: row.id,
      label: numero,
      sectorId: row.sectorId,
      details: {
        new_value: {
          numero_patrimonio: numero,
          descricao_bem: row.descricaoBem,
          setor: row.setorNome,
          valor_aquisicao: row.valorAquisicao,
        },
      },
    },
    liveEvent(assetRooms(scope.municipalityId, row.sectorId), 'patrimonio.created', toListItem(row)),
  );
  return loadPatrimonio(tx, row);
}

/** N identical assets with N consecutive numbers, in one transaction. */
export async function createLote(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: PatrimonioLote,
): Promise<{ patrimonios: PatrimonioListItem[]; count: number; first: string; last: string }> {
  const { quantity, ...one } = input;
  const { values, refs } = await prepareCreate(tx, out, scope, one);
  const pattern = await getPattern(tx, scope);
  const numeros = await allocateNumbers(tx, scope, pattern, refs.sectorCode, quantity);
  const rows = await tx
    .insert(patrimonios)
    .values(numeros.map((numeroPatrimonio) => ({ ...values, numeroPatrimonio })))
    .returning();
  rows.sort((a, b) => a.id - b.id);
  await lancarIncorporacao(
    tx,
    scope,
    autorDe(out),
    rows.map((r) => r.id),
    'cadastro',
  );
  await addHistory(
    tx,
    out,
    rows.map((r, i) => ({
      patrimonioId: r.id,
      action: HISTORICO_ACTIONS.created,
      details: `Bem ${r.numeroPatrimonio} cadastrado em lote (${i + 1} de ${quantity}) no setor '${r.setorNome}'.`,
    })),
    scope.municipalityId,
  );
  const first = numeros[0];
  const last = numeros[numeros.length - 1];
  await record(
    tx,
    out,
    {
      action: 'PATRIMONIO_BULK_CREATE',
      entityType: 'Patrimonio',
      entityId: null,
      label: `${first} a ${last}`,
      sectorId: refs.sectorId,
      details: {
        new_value: {
          quantidade: quantity,
          de: first,
          ate: last,
          descricao_bem: values.descricaoBem,
          setor: refs.setorNome,
        },
      },
    },
    liveEvent(assetRooms(scope.municipalityId, refs.sectorId), 'patrimonio.bulk_created', {
      count: quantity,
      source: 'lote',
      first,
      last,
      sectorIds: [refs.sectorId],
    }),
  );
  return { patrimonios: rows.map(toListItem), count: quantity, first, last };
}
