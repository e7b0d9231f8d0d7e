import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import { MANUTENCAO_AVISO_DIAS, MANUTENCAO_MSG, addDaysISO, formatDate } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { imoveis, manutencoes, userSectors, users } from '../../../db/schema';
import type { Outbox } from '../../../db/tx';
import { ofTenant, type TenantScope } from '../../../tenancy/scope';
import { notify, usersWithRoles } from '../../notifications';
import { overdueWhere } from '../queries';

const open = inArray(manutencoes.status, ['pendente', 'em_andamento']);

/** The users linked to a sector of the scope's municipality. */
async function sectorUsers(tx: Db, scope: TenantScope, sectorId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(userSectors)
    .innerJoin(users, eq(users.id, userSectors.userId))
    .where(and(ofTenant(users, scope), eq(userSectors.sectorId, sectorId)));
  return rows.map((r) => r.id);
}

/**
 * The daily reminders of one municipality on `today` ('yyyy-MM-dd', Brasília): tasks due within 7 days and
 * overdue ones notify the users of the property's sector (its admins and supervisors when the property has
 * no sector or the sector nobody). Each notice is claimed by a compare-and-set on its column and carries a
 * dedupe key, so a second run (or two nodes at once) notifies once.
 */
export async function sweepManutencoes(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  today: string,
): Promise<{ proximas: number; atrasadas: number }> {
  const now = new Date();
  const mine = and(ofTenant(manutencoes, scope), open);
  const atrasadas = await tx
    .update(manutencoes)
    .set({ overdueNotifiedAt: now })
    .where(and(mine, overdueWhere(today), isNull(manutencoes.overdueNotifiedAt)))
    .returning();
  const proximas = await tx
    .update(manutencoes)
    .set({ dueSoonNotifiedAt: now })
    .where(
      and(
        mine,
        gte(manutencoes.dueDate, today),
        lte(manutencoes.dueDate, addDaysISO(today, MANUTENCAO_AVISO_DIAS)),
        isNull(manutencoes.dueSoonNotifiedAt),
      ),
    )
    .returning();
  const all = [...atrasadas, ...proximas];
  if (!all.length) return { proximas: 0, atrasadas: 0 };

  const props = await tx
    .select({ id: imoveis.id, numero: imoveis.numeroPatrimonio, nome: imoveis.denominacao, sectorId: imoveis.sectorId })
    .from(imoveis)
    .where(inArray(imoveis.id, [...new Set(all.map((t) => t.imovelId))]));
  const byId = new Map(props.map((p) => [p.id, p]));
  const recipients = new Map<number | null, number[]>();
  const whoFor = async (sectorId: number | null) => {
    if (!recipients.has(sectorId)) {
      const list = sectorId != null ? await sectorUsers(tx, scope, sectorId) : [];
      recipients.set(sectorId, list.length ? list : await usersWithRoles(tx, scope, ['admin', 'supervisor']));
    }
    return recipients.get(sectorId)!;
  };
  const send = async (t: (typeof all)[number], late: boolean) => {
    const p = byId.get(t.imovelId)!;
    const imovel = `${p.numero} — ${p.nome}`;
    await notify(tx, out, scope, await whoFor(p.sectorId), {
      title: late ? MANUTENCAO_MSG.overdueTitle : MANUTENCAO_MSG.dueSoonTitle,
      description: (late ? MANUTENCAO_MSG.overdueDescription : MANUTENCAO_MSG.dueSoonDescription)(
        t.title,
        imovel,
        formatDate(t.dueDate),
      ),
      type: 'system',
      link: `/imoveis/manutencao?imovelId=${p.id}`,
      dedupeKey: `manutencao:${t.id}:${late ? 'atraso' : 'proxima'}`,
    });
  };
  for (const t of atrasadas) await send(t, true);
  for (const t of proximas) await send(t, false);
  return { proximas: proximas.length, atrasadas: atrasadas.length };
}
