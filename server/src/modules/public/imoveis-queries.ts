import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PublicImovel, PublicImovelList, PublicMunicipio, publicImovelQuery } from '@tombo/shared';
import type { Db } from '../../db/client';
import { imovelArquivos, imoveis } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type AllMunicipalities, type TenantScope } from '../../tenancy/scope';
import { imovelQuickSearch } from '../imoveis-relatorios';
import { presentPublicImovel, publicImovelColumns } from './imoveis-presenters';

type Query = z.output<typeof publicImovelQuery>;
export const IMOVEL_NOT_FOUND = 'Imóvel não encontrado.';

/** The first photo of each property (oldest first): the one the public sees. */
async function firstFotos(tx: Db, scope: TenantScope, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .selectDistinctOn([imovelArquivos.imovelId], { imovelId: imovelArquivos.imovelId, id: imovelArquivos.id })
    .from(imovelArquivos)
    .where(
      and(
        ofTenant(imovelArquivos, scope),
        inArray(imovelArquivos.imovelId, ids),
        eq(imovelArquivos.kind, 'foto'),
        isNull(imovelArquivos.manutencaoId),
      ),
    )
    .orderBy(imovelArquivos.imovelId, asc(imovelArquivos.createdAt), asc(imovelArquivos.id));
  return new Map(rows.map((r) => [r.imovelId, r.id]));
}

/** A page of the municipality's properties, public fields only. */
export async function listPublicImoveis(
  tx: Db,
  scope: TenantScope,
  m: PublicMunicipio,
  q: Query,
): Promise<PublicImovelList> {
  const c: SQL[] = [ofTenant(imoveis, scope)];
  if (q.q) c.push(imovelQuickSearch(q.q));
  if (q.situacao) c.push(eq(imoveis.situacao, q.situacao));
  const where = and(...c)!;
  const col = publicImovelColumns[q.sort];
  const rows = await tx
    .select(publicImovelColumns)
    .from(imoveis)
    .where(where)
    .orderBy(...(q.order === 'desc' ? [desc(col), desc(imoveis.id)] : [asc(col), asc(imoveis.id)]))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(imoveis)
    .where(where);
  const fotos = await firstFotos(
    tx,
    scope,
    rows.map((r) => r.id),
  );
  return {
    imoveis: rows.map((r) => presentPublicImovel(r, fotos.get(r.id) ?? null, m)),
    total: n,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** One property of the municipality, public fields only (another municipality's or unknown: 404). */
export async function getPublicImovel(
  tx: Db,
  scope: TenantScope,
  m: PublicMunicipio,
  id: number,
): Promise<PublicImovel> {
  const [row] = await tx
    .select(publicImovelColumns)
    .from(imoveis)
    .where(and(ofTenant(imoveis, scope), eq(imoveis.id, id)));
  if (!row) throw notFound(IMOVEL_NOT_FOUND);
  const fotos = await firstFotos(tx, scope, [id]);
  return presentPublicImovel(row, fotos.get(id) ?? null, m);
}

/** The municipality of a property, among `open` ones only (a link without municipality); undefined otherwise. */
export async function imovelMunicipality(
  tx: Db,
  _all: AllMunicipalities,
  id: number,
  open: number[],
): Promise<number | undefined> {
  if (!open.length) return undefined;
  const [row] = await tx
    .select({ municipalityId: imoveis.municipalityId })
    .from(imoveis)
    .where(and(eq(imoveis.id, id), inArray(imoveis.municipalityId, open)));
  return row?.municipalityId;
}

/** The stored file of a property's public photo: only its first photo, else 404. */
export async function publicImovelFoto(tx: Db, scope: TenantScope, imovelId: number, fotoId: string) {
  const first = (await firstFotos(tx, scope, [imovelId])).get(imovelId);
  if (!first || first !== fotoId) throw notFound('Foto não encontrada.');
  const [f] = await tx
    .select({
      storedPath: imovelArquivos.storedPath,
      mimeType: imovelArquivos.mimeType,
      fileName: imovelArquivos.fileName,
    })
    .from(imovelArquivos)
    .where(and(ofTenant(imovelArquivos, scope), eq(imovelArquivos.id, fotoId)));
  if (!f) throw notFound('Foto não encontrada.');
  return f;
}
