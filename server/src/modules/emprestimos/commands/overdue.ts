import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { LOAN_MSG, addDaysISO } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { emprestimos } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { ofTenant, type TenantScope } from '../../../tenancy/scope';
import { assetRooms } from '../../patrimonios';
import { notify, usersWithRoles } from '../../notifications';
import { toLoanItem } from '../presenters';
import { selectLoans } from '../queries';

const LINK = '/bens/emprestimos';

/**
 * The daily work of one municipality on day `today` ('yyyy-MM-dd', Brasília): loans found past due
 * are marked and their lender and the admins notified; loans due tomorrow remind their lender (the
 * admins when the lender is gone). Only rows this run marks are announced, and every notification
 * has a dedupe key, so running twice (or on two nodes at once) notifies once.
 */
export async function sweepLoans(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  today: string,
): Promise<{ overdue: number; reminders: number }> {
  const now = new Date();
  const openLoans = and(ofTenant(emprestimos, scope), isNull(emprestimos.returnedAt));
  const overdue = await tx
    .update(emprestimos)
    .set({ overdueNotifiedAt: now })
    .where(and(openLoans, lt(emprestimos.dueDate, today), isNull(emprestimos.overdueNotifiedAt)))
    .returning({ id: emprestimos.id });
  const tomorrow = addDaysISO(today, 1);
  const reminders = await tx
    .update(emprestimos)
    .set({ reminderSentAt: now })
    .where(and(openLoans, eq(emprestimos.dueDate, tomorrow), isNull(emprestimos.reminderSentAt)))
    .returning({ id: emprestimos.id });
  if (!overdue.length && !reminders.length) return { overdue: 0, reminders: 0 };

  const admins = await usersWithRoles(tx, scope, ['admin']);
  const load = (ids: number[]) => (ids.length ? selectLoans(tx).where(inArray(emprestimos.id, ids)) : []);
  const m = scope.municipalityId;
  for (const r of await load(overdue.map((x) => x.id))) {
    const { loan } = r;
    await notify(tx, out, scope, [...(loan.createdById ? [loan.createdById] : []), ...admins], {
      title: LOAN_MSG.overdueTitle,
      description: LOAN_MSG.overdueDescription(r.numeroPatrimonio, loan.borrowerName, loan.dueDate),
      type: 'loan',
      link: LINK,
      dedupeKey: `loan:${loan.id}:overdue`,
    });
    await record(
      tx,
      out,
      {
        action: 'EMPRESTIMO_OVERDUE',
        entityType: 'Emprestimo',
        entityId: loan.id,
        municipalityId: m,
        details: {
          new_value: {
            numero_patrimonio: r.numeroPatrimonio,
            tomadorNome: loan.borrowerName,
            dataPrevistaDevolucao: loan.dueDate,
          },
        },
      },
      liveEvent(assetRooms(m, r.sectorId), 'emprestimo.updated', toLoanItem(r, today), m),
    );
  }
  for (const r of await load(reminders.map((x) => x.id))) {
    const { loan } = r;
    await notify(tx, out, scope, loan.createdById ? [loan.createdById] : admins, {
      title: LOAN_MSG.dueTomorrowTitle,
      description: LOAN_MSG.dueTomorrowDescription(r.numeroPatrimonio, loan.borrowerName, loan.dueDate),
      type: 'loan',
      link: LINK,
      dedupeKey: `loan:${loan.id}:due-tomorrow`,
    });
  }
  return { overdue: overdue.length, reminders: reminders.length };
}
