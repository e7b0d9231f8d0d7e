import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  COMISSAO_MSG,
  COMISSAO_TIPO_LABELS,
  formatDate,
  isoDayOf,
  type Comissao,
  type ComissaoListQuery,
  type ComissaoMembroPossivel,
  type ComissaoTipo,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { HttpError, notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { comissaoMembers, comissoes } from './schema';
import { mayAct, presentComissao, type ComissaoRow } from './presenters';

/** Who may sit on a commission: the municipality's users, by name (the pickers show no e-mail or role). */
export async function listMembrosPossiveis(tx: Db, scope: TenantScope): Promise<{ membros: ComissaoMembroPossivel[] }> {
  const membros = rowsOf<ComissaoMembroPossivel>(
    await tx.execute(
      sql`select id, name from users where municipality_id = ${scope.municipalityId} order by lower(name), id`,
    ),
  );
  return { membros };
}

async function withMembers(tx: Db, scope: TenantScope, rows: ComissaoRow[]): Promise<Comissao[]> {
  if (!rows.length) return [];
  const members = await tx
    .select()
    .from(comissaoMembers)
    .where(
      and(
        ofTenant(comissaoMembers, scope),
        inArray(
          comissaoMembers.comissaoId,
          rows.map((r) => r.id),
        ),
      ),
    );
  return rows.map((r) =>
    presentComissao(
      r,
      members.filter((m) => m.comissaoId === r.id),
    ),
  );
}

/** The municipality's commissions, those in force first, the newest act first; by kind, term or member. */
export async function listComissoes(tx: Db, scope: TenantScope, q: ComissaoListQuery): Promise<Comissao[]> {
  const today = isoDayOf(new Date());
  const rows = await tx
    .select()
    .from(comissoes)
    .where(
      and(
        ofTenant(comissoes, scope),
        q.tipo ? eq(comissoes.kind, q.tipo) : undefined,
        q.situacao === 'vigentes' ? and(lte(comissoes.actDate, today), gte(comissoes.validUntil, today)) : undefined,
        q.userId
          ? sql`exists (select 1 from ${comissaoMembers} m where m.comissao_id = ${comissoes.id} and m.user_id = ${q.userId})`
          : undefined,
      ),
    )
    .orderBy(desc(sql`${comissoes.validUntil} >= ${today}`), desc(comissoes.actDate), asc(comissoes.id));
  const list = await withMembers(tx, scope, rows);
  return q.situacao === 'vigentes' ? list.filter((c) => c.vigente) : list;
}

export async function getComissao(tx: Db, scope: TenantScope, id: number): Promise<Comissao> {
  const rows = await tx
    .select()
    .from(comissoes)
    .where(and(eq(comissoes.id, id), ofTenant(comissoes, scope)));
  if (!rows.length) throw notFound(COMISSAO_MSG.notFound);
  return (await withMembers(tx, scope, rows))[0];
}

/**
 * The commission that is to act (an inventory, an evaluation, a write-off) on `day`: of this municipality (404),
 * of the kind the act needs, in its term and complete (409 with the reason), locked until the act commits.
 */
export async function comissaoQueAtua(
  tx: Db,
  scope: TenantScope,
  id: number,
  tipo: ComissaoTipo,
  day = isoDayOf(new Date()),
): Promise<Comissao> {
  const [row] = await tx
    .select()
    .from(comissoes)
    .where(and(eq(comissoes.id, id), ofTenant(comissoes, scope)))
    .for('share');
  if (!row) throw notFound(COMISSAO_MSG.notFound);
  const fields = (message: string) => new HttpError(409, 'CONFLICT', message, { comissaoId: message });
  if (row.kind !== tipo) throw fields(COMISSAO_MSG.tipoErrado(COMISSAO_TIPO_LABELS[tipo].toLowerCase()));
  const members = await tx
    .select()
    .from(comissaoMembers)
    .where(and(eq(comissaoMembers.comissaoId, id), ofTenant(comissaoMembers, scope)));
  if (day > row.validUntil) throw fields(COMISSAO_MSG.vencida(formatDate(row.validUntil)));
  if (day < row.actDate) throw fields(COMISSAO_MSG.naoVigente(formatDate(row.actDate)));
  if (!mayAct(row, members, day)) throw fields(COMISSAO_MSG.incompleta);
  return presentComissao(row, members);
}
