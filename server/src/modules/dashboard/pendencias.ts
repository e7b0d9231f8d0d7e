import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  AdministracaoResumo,
  AprovacoesPendentes,
  EmprestimosResumo,
  InventariosEmAndamento,
  PendenciasStats,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { jobs, users } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { listInventarios } from '../inventarios';
import { listLoans } from '../emprestimos';
import { countOverdueManutencoes } from '../manutencoes';
import { countPatrimonios, filterWhere } from '../patrimonios';
import { listTransferencias } from '../transferencias';
import { listUsers } from '../users';

// Every figure here is read through its area's own list query (same visibility rules as the area's
// screens: a usuario's cover its sectors), asking for one short page and its total.
const SHORT = 5;
const pendentes = { status: ['pendente' as const], page: 1, pageSize: SHORT };
const loanQuery = { page: 1, pageSize: SHORT, sort: 'dataPrevistaDevolucao' as const, order: 'asc' as const };

/** 'Pendências e Alertas' (spec §2.5 and issue 14): what needs attention, over what the user sees. */
export async function pendencias(tx: Db, scope: TenantScope, viewerId: number): Promise<PendenciasStats> {
  const emManutencao = await countPatrimonios(tx, await filterWhere(tx, scope, { status: ['em_manutencao'] }));
  const inv = await listInventarios(tx, scope, viewerId, { status: 'in_progress', page: 1, pageSize: 1 });
  const transf = await listTransferencias(tx, scope, viewerId, { ...pendentes, pageSize: 1 });
  const loans = await listLoans(tx, scope, { ...loanQuery, status: 'atrasado', pageSize: 1 });
  return {
    emManutencao,
    inventariosEmAndamento: inv.total,
    transferenciasPendentes: transf.total,
    emprestimosAtrasados: loans.atrasados,
    manutencoesAtrasadas: await countOverdueManutencoes(tx, scope),
  };
}

/** Transfer and donation requests awaiting a decision, oldest first among the newest few. */
export async function aprovacoesPendentes(tx: Db, scope: TenantScope, viewerId: number): Promise<AprovacoesPendentes> {
  const r = await listTransferencias(tx, scope, viewerId, pendentes);
  return { total: r.total, items: r.transferencias };
}

/** Inventories in progress the user sees (a usuario: its sectors' and those whose commission it is in). */
export async function inventariosEmAndamento(
  tx: Db,
  scope: TenantScope,
  viewerId: number,
): Promise<InventariosEmAndamento> {
  const r = await listInventarios(tx, scope, viewerId, { status: 'in_progress', page: 1, pageSize: SHORT });
  return { total: r.total, items: r.inventarios };
}

/** Loans of the scope: `atrasado` (the overdue ones, soonest due first) or `aberto` (all open ones). */
export async function emprestimosResumo(
  tx: Db,
  scope: TenantScope,
  status: 'atrasado' | 'aberto',
): Promise<EmprestimosResumo> {
  const r = await listLoans(tx, scope, { ...loanQuery, status });
  return { total: r.total, items: r.emprestimos, atrasados: r.atrasados };
}

/** The admin's figures: users locked out now and the municipality's failed jobs (the newest few). */
export async function administracaoResumo(tx: Db, scope: TenantScope): Promise<AdministracaoResumo> {
  const now = Date.now();
  const usuariosBloqueados = (await listUsers(tx, scope))
    .filter((u) => u.lockoutUntil && Date.parse(u.lockoutUntil) > now)
    .map((u) => ({ id: u.id, name: u.name, email: u.email, lockoutUntil: u.lockoutUntil! }));
  // The jobs area lists a user's own jobs only; the municipality-wide failures are read here.
  const failed = and(ofTenant(jobs, scope), eq(jobs.status, 'failed'));
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(failed);
  const rows = await tx
    .select({
      id: jobs.id,
      title: jobs.title,
      error: jobs.error,
      ownerName: users.name,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.ownerId))
    .where(failed)
    .orderBy(desc(jobs.createdAt))
    .limit(SHORT);
  return {
    usuariosBloqueados,
    tarefasComFalha: n,
    falhas: rows.map((r) => ({ ...r, finishedAt: r.finishedAt?.toISOString() ?? null })),
  };
}
