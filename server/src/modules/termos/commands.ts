import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { TERMO_MSG, yearOf, type TermoGenerateBody, type TermoItem, type TermoVersao } from '@tombo/shared';
import type { Db } from '../../db/client';
import { locais, sectors, termoPending, termoVersions } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { notFound } from '../../http/errors';
import { requireAccess } from '../../tenancy/access';
import { ofTenant, scopeOfMunicipality, type TenantScope } from '../../tenancy/scope';
import { createJob, type JobRow } from '../jobs';
import { assetRooms } from '../patrimonios';
import { presentTermo, type TermoRow } from './presenters';
import { termoSnapshot } from './snapshot';

/** Numbers and versions of a municipality's terms are taken one transaction at a time. */
const TERMO_LOCK = 74_110;

/** The event of a recorded or rendered version: the rooms that see its sector refetch their list. */
export const termoChanged = (row: TermoRow, job?: { status: string | null; error: string | null }) =>
  liveEvent(assetRooms(row.municipalityId, row.sectorId), 'termo.changed', presentTermo(row, job), row.municipalityId);

interface Holder {
  sectorId: number;
  localId: number | null;
  /** Undefined: keep the holder named in the previous version. */
  responsavel?: string | null;
}

/**
 * Records the next version of a holder's term (a snapshot of the assets it keeps now), in the caller's
 * transaction: the term's `numero` stays, `versao` grows; a first version takes the municipality's
 * next number ('TR-2026/000123'). Rendering follows: by its job (manual) or by the sweep (automatic).
 */
async function nextVersion(tx: Db, out: Outbox, scope: TenantScope, holder: Holder, motivo: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${TERMO_LOCK}, ${scope.municipalityId})`);
  const [sector] = await tx
    .select({ name: sectors.name })
    .from(sectors)
    .where(and(eq(sectors.id, holder.sectorId), ofTenant(sectors, scope)));
  if (!sector) throw notFound(TERMO_MSG.setorNotFound);
  let localNome: string | null = null;
  if (holder.localId != null) {
    const [local] = await tx
      .select({ name: locais.name })
      .from(locais)
      .where(and(eq(locais.id, holder.localId), eq(locais.sectorId, holder.sectorId), ofTenant(locais, scope)));
    if (!local) throw notFound(TERMO_MSG.localNotFound);
    localNome = local.name;
  }
  const [last] = await tx
    .select()
    .from(termoVersions)
    .where(
      and(
        ofTenant(termoVersions, scope),
        eq(termoVersions.sectorId, holder.sectorId),
        holder.localId != null ? eq(termoVersions.localId, holder.localId) : isNull(termoVersions.localId),
      ),
    )
    .orderBy(desc(termoVersions.versionNumber))
    .limit(1);
  let numero = last?.number;
  if (!numero) {
    const [{ n }] = await tx
      .select({ n: sql<number>`count(distinct ${termoVersions.number})::int` })
      .from(termoVersions)
      .where(ofTenant(termoVersions, scope));
    numero = `TR-${yearOf(new Date())}/${String(n + 1).padStart(6, '0')}`;
  }
  const whole = scopeOfMunicipality(scope.municipalityId);
  const { itens, total } = await termoSnapshot(tx, whole, holder.sectorId, holder.localId);
  return {
    municipalityId: scope.municipalityId,
    sectorId: holder.sectorId,
    sectorName: sector.name,
    localId: holder.localId,
    localName: localNome,
    holderName: holder.responsavel === undefined ? (last?.holderName ?? null) : holder.responsavel,
    number: numero,
    versionNumber: (last?.versionNumber ?? 0) + 1,
    reason: motivo,
    items: itens,
    total,
    createdById: out.actor?.id ?? null,
    createdByName: out.actor?.name ?? null,
  };
}

/** Writes a version prepared by `nextVersion`, with the job that renders it (null: the sweep does). */
async function insertVersion(tx: Db, values: Awaited<ReturnType<typeof nextVersion>>, jobId: string | null) {
  const [row] = await tx
    .insert(termoVersions)
    .values({ ...values, jobId, automatic: jobId == null })
    .returning();
  return row;
}

/**
 * POST /api/termos: records a new version of the holder's term and queues its PDF (`termo.generate`,
 * owned by the requester). A sector the requester may not see (another municipality's, or not theirs
 * for a usuario) answers 404; a location must belong to the sector.
 */
export async function requestTermo(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  ownerId: number,
  body: TermoGenerateBody,
): Promise<{ job: JobRow; termo: TermoVersao }> {
  await requireAccess(tx, scope, 'termo.sector', [body.setorId], TERMO_MSG.setorNotFound);
  const values = await nextVersion(
    tx,
    out,
    scope,
    { sectorId: body.setorId, localId: body.localId ?? null, responsavel: body.responsavel ?? null },
    TERMO_MSG.motivoManual,
  );
  const holder = values.localName ? `${values.sectorName} — ${values.localName}` : values.sectorName;
  // The handler finds its version by the job's id (termo_versions.job_id).
  const job = await createJob(tx, out, scope, {
    ownerId,
    name: 'termo.generate',
    title: TERMO_MSG.jobTitle(values.number, values.versionNumber, holder),
    payload: { setorId: body.setorId },
    audit: {
      action: 'TERMO_REQUEST',
      entityType: 'Sector',
      entityId: body.setorId,
      label: `${values.number} v${values.versionNumber}`,
      sectorId: body.setorId,
    },
  });
  const row = await insertVersion(tx, values, job.id);
  await record(tx, out, null, termoChanged(row, { status: 'queued', error: null }));
  return { job, termo: presentTermo(row) };
}

/** Why a sector's term got a new version on its own. */
export type TermoTrigger =
  | { kind: 'transfer'; numero: string; fromSectorId: number; toSectorId: number | null }
  | { kind: 'loanReturn'; numero: string; sectorId: number };

/**
 * Marks the sector term(s) an approved transfer (both sectors; a donation: the giving one) or a loan
 * return touched as needing a new automatic version, in the caller's transaction: one small row per
 * sector (`termo_pending`), merged with the one already waiting (its reasons grow), so the approval
 * neither numbers nor snapshots anything and never waits for another approval's term. The
 * `termos.pending` sweep turns each into a version (`versionOfPendencia`) and renders it; the rows are
 * the queue, so a crash after the commit loses nothing.
 */
export async function recordAutomaticTermos(tx: Db, out: Outbox, scope: TenantScope, t: TermoTrigger): Promise<void> {
  const sectorIds =
    t.kind === 'transfer'
      ? [...new Set([t.fromSectorId, t.toSectorId].filter((id): id is number => id != null))]
      : [t.sectorId];
  const motivo =
    t.kind === 'loanReturn'
      ? TERMO_MSG.motivoLoanReturn(t.numero)
      : t.toSectorId == null
        ? TERMO_MSG.motivoDonation(t.numero)
        : TERMO_MSG.motivoTransfer(t.numero);
  for (const sectorId of sectorIds) {
    await tx
      .insert(termoPending)
      .values({
        municipalityId: scope.municipalityId,
        sectorId,
        reasons: [motivo],
        createdById: out.actor?.id ?? null,
        createdByName: out.actor?.name ?? null,
      })
      .onConflictDoUpdate({
        target: [termoPending.municipalityId, termoPending.sectorId],
        set: {
          reasons: sql`case when ${motivo}::text = any(${termoPending.reasons}) then ${termoPending.reasons}
                       else array_append(${termoPending.reasons}, ${motivo}::text) end`,
          createdById: sql`excluded.created_by_id`,
          createdByName: sql`excluded.created_by_name`,
        },
      });
  }
}

export type PendenciaRow = typeof termoPending.$inferSelect;

/** The locations of the sector that have a term of their own (issued at least once, the location still there). */
async function locationTermsOf(tx: Db, scope: TenantScope, sectorId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ localId: termoVersions.localId })
    .from(termoVersions)
    .innerJoin(locais, eq(locais.id, termoVersions.localId))
    .where(and(ofTenant(termoVersions, scope), eq(termoVersions.sectorId, sectorId), eq(locais.sectorId, sectorId)));
  return rows.map((r) => r.localId).filter((id): id is number => id != null);
}

const ITEM_FIELDS = ['numero', 'descricao', 'marcaModeloSerie', 'local', 'estado', 'valor'] as const;

/** Whether two versions list the same assets the same way (jsonb does not keep the keys' order). */
const sameItens = (a: TermoItem[], b: TermoItem[]) =>
  a.length === b.length && a.every((x, i) => ITEM_FIELDS.every((f) => (x[f] ?? null) === (b[i][f] ?? null)));

/** The assets listed by the holder's latest version, to tell whether a new one would say anything new. */
async function lastItens(tx: Db, scope: TenantScope, sectorId: number, localId: number) {
  const [last] = await tx
    .select({ itens: termoVersions.items, total: termoVersions.total })
    .from(termoVersions)
    .where(
      and(ofTenant(termoVersions, scope), eq(termoVersions.sectorId, sectorId), eq(termoVersions.localId, localId)),
    )
    .orderBy(desc(termoVersions.versionNumber))
    .limit(1);
  return last;
}

/**
 * The automatic versions a claimed pendencia stands for (the sweep, in the transaction that deleted it):
 * the sector's term, and the term of each of its locations that has one and whose assets changed since
 * its latest version (a location term that would list the same assets gets no new version). Numbered and
 * snapshotted now, written pending for the sweep's rendering, each with its audit row and live event
 * under the name of whoever caused the latest change. Returns the versions (none when the sector is gone).
 */
export async function versionOfPendencia(tx: Db, out: Outbox, p: PendenciaRow): Promise<TermoRow[]> {
  const scope = scopeOfMunicipality(p.municipalityId);
  const [sector] = await tx
    .select({ id: sectors.id })
    .from(sectors)
    .where(and(eq(sectors.id, p.sectorId), ofTenant(sectors, scope)));
  if (!sector) return [];
  const motivo = TERMO_MSG.motivos(p.reasons);
  const rows = [await automaticVersion(tx, out, p, { sectorId: p.sectorId, localId: null }, motivo)];
  for (const localId of await locationTermsOf(tx, scope, p.sectorId)) {
    const values = await nextVersion(tx, out, scope, { sectorId: p.sectorId, localId }, motivo);
    const last = await lastItens(tx, scope, p.sectorId, localId);
    if (last && sameItens(last.itens, values.items)) continue;
    rows.push(await insertAutomatic(tx, out, p, values, motivo));
  }
  return rows;
}

/** Records the next automatic version of one holder's term (see `versionOfPendencia`). */
async function automaticVersion(tx: Db, out: Outbox, p: PendenciaRow, holder: Holder, motivo: string) {
  const values = await nextVersion(tx, out, scopeOfMunicipality(p.municipalityId), holder, motivo);
  return insertAutomatic(tx, out, p, values, motivo);
}

async function insertAutomatic(
  tx: Db,
  out: Outbox,
  p: PendenciaRow,
  values: Awaited<ReturnType<typeof nextVersion>>,
  motivo: string,
): Promise<TermoRow> {
  const row = await insertVersion(tx, { ...values, createdById: p.createdById, createdByName: p.createdByName }, null);
  await record(
    tx,
    out,
    {
      action: 'TERMO_VERSION_AUTO',
      entityType: 'Sector',
      entityId: p.sectorId,
      label: `${row.number} v${row.versionNumber}`,
      sectorId: p.sectorId,
      municipalityId: p.municipalityId,
      details: {
        new_value: {
          numero: row.number,
          versao: row.versionNumber,
          motivo,
          ...(row.localName ? { local: row.localName } : {}),
        },
      },
    },
    termoChanged(row),
  );
  return row;
}
