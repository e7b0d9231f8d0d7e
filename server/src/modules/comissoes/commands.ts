import { and, eq, inArray } from 'drizzle-orm';
import { COMISSAO_MSG, room, type Comissao, type ComissaoCreate, type ComissaoUpdate } from '@tombo/shared';
import type { Db } from '../../db/client';
import { comissaoMembers, comissoes, users } from '../../db/schema';
import { lockOwned } from '../../db/owned';
import { liveEvent, type Outbox } from '../../db/tx';
import { HttpError } from '../../http/errors';
import { record } from '../audit';
import type { TenantScope } from '../../tenancy/scope';
import { presentComissao, type ComissaoMemberRow } from './presenters';

type Members = Pick<ComissaoCreate, 'membros' | 'presidenteId'>;

/** The members named, as users of this municipality (a 422 on `membros` for anyone else), in the act's order. */
async function membersOf(tx: Db, scope: TenantScope, comissaoId: number, input: Members) {
  const found = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, input.membros), eq(users.municipalityId, scope.municipalityId)));
  if (found.length !== input.membros.length)
    throw new HttpError(422, 'UNPROCESSABLE', COMISSAO_MSG.membroInvalido, { membros: COMISSAO_MSG.membroInvalido });
  const names = new Map(found.map((u) => [u.id, u.name]));
  return input.membros.map((userId, position) => ({
    municipalityId: scope.municipalityId,
    comissaoId,
    userId,
    userName: names.get(userId)!,
    isPresident: userId === input.presidenteId,
    position,
  }));
}

const summary = (c: Comissao) => ({
  tipo: c.tipo,
  ato: c.ato,
  dataAto: c.dataAto,
  validaAte: c.validaAte,
  presidente: c.membros.find((m) => m.presidente)?.nome ?? null,
  membros: c.membros.map((m) => m.nome).join(', '),
});

async function announce(tx: Db, out: Outbox, scope: TenantScope, c: Comissao, before: Comissao | null) {
  await record(
    tx,
    out,
    {
      action: before ? 'COMISSAO_UPDATE' : 'COMISSAO_CREATE',
      entityType: 'Comissao',
      entityId: c.id,
      label: c.ato,
      details: before ? { old_value: summary(before), new_value: summary(c) } : { new_value: summary(c) },
    },
    liveEvent(room.municipality(scope.municipalityId), 'comissao.changed', c),
  );
}

/** Names a standing commission by its act: kind, act, term, members and president. */
export async function createComissao(tx: Db, out: Outbox, scope: TenantScope, input: ComissaoCreate) {
  const [row] = await tx
    .insert(comissoes)
    .values({
      municipalityId: scope.municipalityId,
      kind: input.tipo,
      act: input.ato,
      actDate: input.dataAto,
      validUntil: input.validaAte,
    })
    .returning();
  const members: ComissaoMemberRow[] = await tx
    .insert(comissaoMembers)
    .values(await membersOf(tx, scope, row.id, input))
    .returning();
  const comissao = presentComissao(row, members);
  await announce(tx, out, scope, comissao, null);
  return comissao;
}

/**
 * A new act for the commission (renewed term, members replaced): the whole commission is named again, against
 * the version the user saw (409 when stale). A member who left keeps their place in what the commission already did.
 */
export async function updateComissao(tx: Db, out: Outbox, scope: TenantScope, id: number, input: ComissaoUpdate) {
  const old = await lockOwned(tx, comissoes, id, scope.municipalityId, input.version, COMISSAO_MSG.notFound);
  const oldMembers = await tx.select().from(comissaoMembers).where(eq(comissaoMembers.comissaoId, id));
  const next = await membersOf(tx, scope, id, input);
  const [row] = await tx
    .update(comissoes)
    .set({
      kind: input.tipo,
      act: input.ato,
      actDate: input.dataAto,
      validUntil: input.validaAte,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(eq(comissoes.id, id))
    .returning();
  await tx.delete(comissaoMembers).where(eq(comissaoMembers.comissaoId, id));
  const members: ComissaoMemberRow[] = await tx.insert(comissaoMembers).values(next).returning();
  const comissao = presentComissao(row, members);
  await announce(tx, out, scope, comissao, presentComissao(old, oldMembers));
  return comissao;
}
