import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  APP_TIME_ZONE,
  LOAN_MSG,
  loanToday,
  type EmprestimoBem,
  type EmprestimoBensQuery,
  type EmprestimoList,
  type EmprestimoListItem,
  type EmprestimoListQuery,
  type EmprestimoSortKey,
  type PatrimonioStatus,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { emprestimos, patrimonios, sectors } from '../../db/schema';
import { notFound } from '../../http/errors';
import { inScope, ofTenant, type TenantScope } from '../../tenancy/scope';
import { amongIds, filterWhere, fold, quickSearch } from '../patrimonios';
import { toLoanItem, type LoanRow } from './presenters';

/** The select of a loan with its asset's number, description and sector and its destination sector's name. */
export const selectLoans = (tx: Db) =>
  tx
    .select({
      loan: emprestimos,
      numeroPatrimonio: patrimonios.numeroPatrimonio,
      descricaoBem: patrimonios.descricaoBem,
      sectorId: patrimonios.sectorId,
      setorNome: patrimonios.setorNome,
      setorDestinoNome: sectors.name,
    })
    .from(emprestimos)
    .innerJoin(patrimonios, eq(patrimonios.id, emprestimos.patrimonioId))
    .leftJoin(sectors, eq(sectors.id, emprestimos.destinationSectorId));

/** The loans of the scope: its municipality and, for a usuario, the assets of their sectors. */
function scopeWhere(scope: TenantScope): SQL {
  const c = [ofTenant(emprestimos, scope)];
  if (scope.sectorIds)
    c.push(scope.sectorIds.length ? inArray(patrimonios.sectorId, [...scope.sectorIds]) : sql`false`);
  return and(...c)!;
}

/** One loan the scope may see (404 otherwise), joined, optionally locked (the loan row only). */
export async function findLoan(tx: Db, scope: TenantScope, id: number, lock = false): Promise<LoanRow> {
  const q = selectLoans(tx).where(and(eq(emprestimos.id, id), ofTenant(emprestimos, scope)));
  const [row] = lock ? await q.for('update', { of: emprestimos }) : await q;
  if (!row || !inScope(scope, row.sectorId)) throw notFound(LOAN_MSG.notFound);
  return row;
}

/** One loan as the API shows it. */
export async function getLoan(tx: Db, scope: TenantScope, id: number): Promise<EmprestimoListItem> {
  return toLoanItem(await findLoan(tx, scope, id), loanToday());
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const open = isNull(emprestimos.returnedAt);
/** Open and due before `today`. */
const overdue = (today: string) => and(open, lt(emprestimos.dueDate, today))!;

const SORT_COLUMNS = {
  dataEmprestimo: emprestimos.createdAt,
  dataPrevistaDevolucao: emprestimos.dueDate,
  dataDevolucao: emprestimos.returnedAt,
  numero_patrimonio: patrimonios.numeroPatrimonio,
  tomadorNome: emprestimos.borrowerName,
} satisfies Record<EmprestimoSortKey, unknown>;

/** A page of the scope's loans with the filters of the list (status, search, sectors, lending period). */
export async function listLoans(tx: Db, scope: TenantScope, q: EmprestimoListQuery): Promise<EmprestimoList> {
  const today = loanToday();
  const c: SQL[] = [scopeWhere(scope)];
  if (q.status === 'aberto') c.push(open);
  if (q.status === 'atrasado') c.push(overdue(today));
  if (q.status === 'devolvido') c.push(isNotNull(emprestimos.returnedAt));
  if (q.q) {
    const text = `%${escapeLike(fold(q.q))}%`;
    c.push(
      or(
        quickSearch(q.q),
        sql`immutable_unaccent(lower(${emprestimos.borrowerName})) like ${text}`,
        sql`lower(${emprestimos.borrowerDocument}) like ${`%${escapeLike(q.q.toLowerCase())}%`}`,
      )!,
    );
  }
  if (q.sectorId) c.push(eq(patrimonios.sectorId, q.sectorId));
  if (q.setorDestinoId) c.push(eq(emprestimos.destinationSectorId, q.setorDestinoId));
  const lentOn = sql`(${emprestimos.createdAt} at time zone ${APP_TIME_ZONE})::date`;
  if (q.dataDe) c.push(gte(lentOn, q.dataDe));
  if (q.dataAte) c.push(sql`${lentOn} <= ${q.dataAte}`);
  const where = and(...c)!;
  const col = SORT_COLUMNS[q.sort];
  const dir = q.order === 'asc' ? asc : desc;
  const nullsLast = q.sort === 'dataDevolucao' ? [sql`${emprestimos.returnedAt} is null`] : [];
  const rows = await selectLoans(tx)
    .where(where)
    .orderBy(...nullsLast, dir(col), dir(emprestimos.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const count = (w: SQL) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(emprestimos)
      .innerJoin(patrimonios, eq(patrimonios.id, emprestimos.patrimonioId))
      .where(w);
  const [[{ n: total }], [{ n: atrasados }]] = await Promise.all([
    count(where),
    count(and(scopeWhere(scope), overdue(today))!),
  ]);
  return { emprestimos: rows.map((r) => toLoanItem(r, today)), total, page: q.page, pageSize: q.pageSize, atrasados };
}

/** Why an asset cannot be lent now, or null. */
export function unavailableReason(
  a: { status: string; doado: boolean; transferenciaPendente: boolean },
  hasOpenLoan: boolean,
): string | null {
  if (a.status === 'baixado') return LOAN_MSG.writtenOff;
  if (a.doado) return LOAN_MSG.donated;
  if (a.status === 'extraviado') return LOAN_MSG.lost;
  if (a.transferenciaPendente) return LOAN_MSG.pendingTransfer;
  if (hasOpenLoan) return LOAN_MSG.alreadyOpen;
  return null;
}

/** The new-loan picker: up to 20 assets of the scope by number prefix or description, each saying if it can be lent. */
export async function lookupBens(
  tx: Db,
  scope: TenantScope,
  q: EmprestimoBensQuery,
): Promise<{ bens: EmprestimoBem[] }> {
  const rows = await tx
    .select({
      id: patrimonios.id,
      numero: patrimonios.numeroPatrimonio,
      descricao: patrimonios.descricaoBem,
      sectorId: patrimonios.sectorId,
      setorNome: patrimonios.setorNome,
      status: patrimonios.status,
      doado: patrimonios.doado,
      transferenciaPendente: patrimonios.transferenciaPendente,
      openLoan: emprestimos.id,
    })
    .from(patrimonios)
    .leftJoin(emprestimos, and(eq(emprestimos.patrimonioId, patrimonios.id), open))
    .where(await filterWhere(tx, scope, { q: q.q || undefined }))
    .orderBy(asc(patrimonios.numeroPatrimonio))
    .limit(20);
  return {
    bens: rows.map((r) => ({
      id: r.id,
      numero_patrimonio: r.numero,
      descricao_bem: r.descricao,
      sectorId: r.sectorId,
      setor_responsavel: r.setorNome,
      status: r.status as PatrimonioStatus,
      indisponivel: unavailableReason(r, r.openLoan != null),
    })),
  };
}

/** The assets of `ids` lent now (for areas that must refuse to move or write off a lent asset). */
export async function lentAmong(tx: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx
    .selectDistinct({ id: emprestimos.patrimonioId })
    .from(emprestimos)
    .where(and(amongIds(emprestimos.patrimonioId, ids), open));
  return rows.map((r) => r.id);
}

/** Whether the asset is lent now. */
export async function hasOpenLoan(tx: Db, patrimonioId: number): Promise<boolean> {
  return (await lentAmong(tx, [patrimonioId])).length > 0;
}
