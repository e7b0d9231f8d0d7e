import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  MANUTENCAO_MSG,
  manutencaoToday,
  type Manutencao,
  type ManutencaoList,
  type ManutencaoListQuery,
  type ManutencaoImoveisQuery,
  type ManutencaoImovelOption,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { imoveis, imovelArquivos, manutencoes } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { fold } from '../patrimonios';
import { toManutencao, type AnexoRow, type ImovelRef, type ManutencaoRow } from './presenters';

const imovelRef = {
  id: imoveis.id,
  numero_patrimonio: imoveis.numeroPatrimonio,
  denominacao: imoveis.denominacao,
  sectorId: imoveis.sectorId,
};

/** A property of the scope's municipality (404 otherwise): what a task shows of it. */
export async function findImovel(tx: Db, scope: TenantScope, id: number): Promise<ImovelRef> {
  const [row] = await tx
    .select(imovelRef)
    .from(imoveis)
    .where(and(eq(imoveis.id, id), ofTenant(imoveis, scope)));
  if (!row) throw notFound(MANUTENCAO_MSG.imovelNotFound);
  return row;
}

/** One task of the scope's municipality (404 otherwise), optionally locked, with its property. */
export async function findManutencao(
  tx: Db,
  scope: TenantScope,
  id: number,
  lock = false,
): Promise<{ row: ManutencaoRow; imovel: ImovelRef }> {
  const q = tx
    .select({ row: manutencoes, imovel: imovelRef })
    .from(manutencoes)
    .innerJoin(imoveis, eq(imoveis.id, manutencoes.imovelId))
    .where(and(eq(manutencoes.id, id), ofTenant(manutencoes, scope)));
  const [found] = lock ? await q.for('update', { of: manutencoes }) : await q;
  if (!found) throw notFound(MANUTENCAO_MSG.notFound);
  return found;
}

/** The attachments of some tasks, oldest first, by task id. */
export async function anexosOf(tx: Db, ids: number[]): Promise<Map<number, AnexoRow[]>> {
  const byTask = new Map<number, AnexoRow[]>();
  if (!ids.length) return byTask;
  const rows = await tx
    .select()
    .from(imovelArquivos)
    .where(inArray(imovelArquivos.manutencaoId, ids))
    .orderBy(asc(imovelArquivos.createdAt), asc(imovelArquivos.id));
  for (const r of rows) byTask.set(r.manutencaoId!, [...(byTask.get(r.manutencaoId!) ?? []), r]);
  return byTask;
}

/** A task as the API shows it (with its attachments). */
export async function presentOne(tx: Db, row: ManutencaoRow, imovel: ImovelRef): Promise<Manutencao> {
  const anexos = await anexosOf(tx, [row.id]);
  return toManutencao(row, imovel, anexos.get(row.id) ?? [], manutencaoToday());
}

/** GET /api/manutencoes/:id. */
export async function getManutencao(tx: Db, scope: TenantScope, id: number): Promise<Manutencao> {
  const { row, imovel } = await findManutencao(tx, scope, id);
  return presentOne(tx, row, imovel);
}

const open = inArray(manutencoes.status, ['pendente', 'em_andamento']);
/** Pending or in progress, due before `today`. */
export const overdueWhere = (today: string) => and(open, lt(manutencoes.dueDate, today))!;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the scope's tasks, by due date, with the filters of the list and of the calendar's month. */
export async function listManutencoes(tx: Db, scope: TenantScope, q: ManutencaoListQuery): Promise<ManutencaoList> {
  const today = manutencaoToday();
  const base: SQL[] = [ofTenant(manutencoes, scope)];
  if (q.imovelId) base.push(eq(manutencoes.imovelId, q.imovelId));
  const c = [...base];
  if (q.status === 'atrasada') c.push(overdueWhere(today));
  else if (q.status) c.push(eq(manutencoes.status, q.status));
  if (q.tipo) c.push(eq(manutencoes.kind, q.tipo));
  if (q.de) c.push(gte(manutencoes.dueDate, q.de));
  if (q.ate) c.push(lte(manutencoes.dueDate, q.ate));
  if (q.q) {
    const text = `%${escapeLike(fold(q.q))}%`;
    c.push(
      or(
        sql`immutable_unaccent(lower(${manutencoes.title})) like ${text}`,
        sql`${imoveis.denominacaoBusca} like ${text}`,
        sql`lower(${imoveis.numeroPatrimonio}) like ${`%${escapeLike(q.q.toLowerCase())}%`}`,
      )!,
    );
  }
  const dir = q.order === 'desc' ? desc : asc;
  const rows = await tx
    .select({ row: manutencoes, imovel: imovelRef })
    .from(manutencoes)
    .innerJoin(imoveis, eq(imoveis.id, manutencoes.imovelId))
    .where(and(...c))
    .orderBy(dir(manutencoes.dueDate), dir(manutencoes.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const count = (w: SQL) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(manutencoes)
      .innerJoin(imoveis, eq(imoveis.id, manutencoes.imovelId))
      .where(w);
  const [[{ n: total }], [{ n: atrasadas }], anexos] = await Promise.all([
    count(and(...c)!),
    count(and(...base, overdueWhere(today))!),
    anexosOf(
      tx,
      rows.map((r) => r.row.id),
    ),
  ]);
  return {
    manutencoes: rows.map((r) => toManutencao(r.row, r.imovel, anexos.get(r.row.id) ?? [], today)),
    total,
    page: q.page,
    pageSize: q.pageSize,
    atrasadas,
  };
}

/** The picker of the task form: up to 20 properties of the municipality by number prefix or denominação. */
export async function lookupImoveis(
  tx: Db,
  scope: TenantScope,
  q: ManutencaoImoveisQuery,
): Promise<{ imoveis: ManutencaoImovelOption[]; total: number }> {
  const c: SQL[] = [ofTenant(imoveis, scope)];
  if (q.id) c.push(eq(imoveis.id, q.id));
  if (q.q)
    c.push(
      or(
        sql`${imoveis.denominacaoBusca} like ${`%${escapeLike(fold(q.q))}%`}`,
        sql`lower(${imoveis.numeroPatrimonio}) like ${`${escapeLike(q.q.toLowerCase())}%`}`,
      )!,
    );
  const rows = await tx
    .select({ id: imoveis.id, numero_patrimonio: imoveis.numeroPatrimonio, denominacao: imoveis.denominacao })
    .from(imoveis)
    .where(and(...c))
    .orderBy(asc(imoveis.denominacao), asc(imoveis.id))
    .limit(20);
  return { imoveis: rows, total: rows.length };
}

/** How many tasks of the scope's municipality are overdue (the dashboard's 'Pendências e Alertas'). */
export async function countOverdueManutencoes(tx: Db, scope: TenantScope): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(manutencoes)
    .where(and(ofTenant(manutencoes, scope), overdueWhere(manutencaoToday())));
  return n;
}
