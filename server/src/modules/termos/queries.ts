import fs from 'node:fs';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { TERMO_MSG, type TermoVersaoList } from '@tombo/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { jobs, termoVersions } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentTermo } from './presenters';
import { termoFiles } from './files';

/** At most this many versions per list (newest first). */
const LIST_MAX = 500;

/**
 * The term versions the scope sees, newest first: of one sector, or of every sector it may see (a
 * usuario: their own). A sector out of sight answers an empty list, like a filter that matches nothing.
 */
export async function listTermos(tx: Db, scope: TenantScope, setorId?: number): Promise<TermoVersaoList> {
  const conds: SQL[] = [ofTenant(termoVersions, scope)];
  if (setorId != null) conds.push(eq(termoVersions.sectorId, setorId));
  if (scope.sectorIds) conds.push(inArray(termoVersions.sectorId, scope.sectorIds.length ? [...scope.sectorIds] : [0]));
  const rows = await tx
    .select({ t: termoVersions, jobStatus: jobs.status, jobError: jobs.error })
    .from(termoVersions)
    .leftJoin(jobs, eq(jobs.id, termoVersions.jobId))
    .where(and(...conds))
    .orderBy(desc(termoVersions.createdAt), desc(termoVersions.id))
    .limit(LIST_MAX);
  const termos = rows.map((r) => presentTermo(r.t, { status: r.jobStatus, error: r.jobError }));
  return { termos, total: termos.length };
}

/** The kept PDF of a version (access checked by the route): 409 while it is rendered, 404 if gone. */
export async function termoFile(
  tx: Db,
  scope: TenantScope,
  id: number,
  config: Pick<Config, 'dataDir'>,
): Promise<{ path: string; fileName: string; mimeType: string }> {
  const [row] = await tx
    .select()
    .from(termoVersions)
    .where(and(eq(termoVersions.id, id), ofTenant(termoVersions, scope)));
  if (!row) throw notFound(TERMO_MSG.notFound);
  if (row.status !== 'ready' || !row.filePath)
    throw conflict(row.status === 'failed' ? TERMO_MSG.failed : TERMO_MSG.notReady);
  const abs = termoFiles.resolve(config, row.filePath);
  if (!abs || !fs.existsSync(abs)) throw notFound(TERMO_MSG.fileMissing);
  const safe = row.number.replace(/[^A-Za-z0-9-]+/g, '-');
  return { path: abs, fileName: `termo-${safe}-v${row.versionNumber}.pdf`, mimeType: 'application/pdf' };
}
