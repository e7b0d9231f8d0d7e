import fs from 'node:fs';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_MSG, type DocumentListQuery, type GeneralDocumentList } from '@tombo/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { documentFiles } from './files';
import { presentDocument, type DocumentRow } from './presenters';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the municipality's documents, newest first; `search` finds words of the name, accents and case aside. */
export async function listDocuments(tx: Db, scope: TenantScope, q: DocumentListQuery): Promise<GeneralDocumentList> {
  const where: SQL[] = [ofTenant(documents, scope)];
  if (q.search)
    where.push(
      sql`immutable_unaccent(lower(${documents.fileName})) like immutable_unaccent(lower(${`%${likeEscape(q.search)}%`}))`,
    );
  const rows = await tx
    .select()
    .from(documents)
    .where(and(...where))
    .orderBy(desc(documents.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(documents)
    .where(and(...where));
  return { documents: rows.map(presentDocument), total: n, page: q.page, pageSize: q.pageSize };
}

/** A document of the scope's municipality with its file on disk (404 when either is missing). */
export async function findDocumentFile(
  tx: Db,
  scope: TenantScope,
  config: Pick<Config, 'dataDir'>,
  id: number,
): Promise<{ row: DocumentRow; path: string }> {
  const [row] = await tx
    .select()
    .from(documents)
    .where(and(ofTenant(documents, scope), eq(documents.id, id)));
  if (!row) throw notFound(DOCUMENT_MSG.notFound);
  const abs = documentFiles.resolve(config, row.storedPath);
  if (!abs || !fs.existsSync(abs)) throw notFound(DOCUMENT_MSG.fileGone);
  return { row, path: abs };
}
