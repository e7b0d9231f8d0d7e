import {
  ROLE_LABELS,
  auditChanges,
  auditRefIds,
  isRole,
  parseAuditDetails,
  type AuditLog,
  type AuditNames,
  type AuditRefKind,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import type { auditLogs } from '../../db/schema';
import { NAMED_ENTITIES, REF_ENTITIES, lookUp } from './names';

export type AuditRow = typeof auditLogs.$inferSelect;

const numericId = (id: string | null) => (id && /^\d{1,10}$/.test(id) ? Number(id) : null);

/** The record's name its own details give (a deleted record: `old_value.name`, the asset's number…). */
function labelFromDetails(details: string | null): string | null {
  const parsed = parseAuditDetails(details);
  for (const side of [parsed?.old, parsed?.new]) {
    if (!side || typeof side !== 'object' || Array.isArray(side)) continue;
    const o = side as Record<string, unknown>;
    const v = o.numero_patrimonio ?? o.name ?? o.nome ?? o.label;
    if (typeof v === 'string' && v) return v;
  }
  return null;
}

/** Records named by their id itself (a role) or by where they apply (the installation's customization). */
function fixedLabel(r: AuditRow): string | null {
  if (r.entityType === 'Role' && isRole(r.entityId)) return ROLE_LABELS[r.entityId];
  if (r.entityType === 'Customization' && r.entityId === 'global') return 'Instalação';
  return null;
}

/**
 * The only row → API mapping of audit entries, for a page or a just-written entry (the live event gets
 * the same shape). Looks up, one query per entity type: the names of records the entries were written
 * without a label for, every asset (its link needs it to still exist), the ids in the details, and the
 * asset form's labels. `municipalityId` limits the lookups to one municipality (null: the superuser's).
 */
export async function presentLogs(tx: Db, rows: AuditRow[], municipalityId: number | null): Promise<AuditLog[]> {
  if (!rows.length) return [];
  const wanted = new Map<string, Set<number>>();
  for (const r of rows) {
    const id = numericId(r.entityId);
    if (id == null || !NAMED_ENTITIES[r.entityType]) continue;
    if (r.entityLabel != null && r.entityType !== 'Patrimonio') continue;
    if (!wanted.has(r.entityType)) wanted.set(r.entityType, new Set());
    wanted.get(r.entityType)!.add(id);
  }
  const refIds = auditRefIds(rows.map((r) => r.details));
  for (const [kind, ids] of refIds) {
    const type = REF_ENTITIES[kind];
    if (!wanted.has(type)) wanted.set(type, new Set());
    for (const id of ids) wanted.get(type)!.add(id);
  }
  const assetDetails = rows.some((r) => r.entityType === 'Patrimonio' && parseAuditDetails(r.details));
  const found = await lookUp(tx, { ids: wanted, fields: assetDetails }, municipalityId);
  const names: AuditNames = {
    refs: Object.fromEntries(
      (Object.keys(REF_ENTITIES) as AuditRefKind[]).map((k) => [k, found.names.get(REF_ENTITIES[k]) ?? new Map()]),
    ),
    fields: found.fields,
  };
  return rows.map((r) => {
    const id = numericId(r.entityId);
    const current = id == null ? undefined : found.names.get(r.entityType)?.get(id);
    const asset = r.entityType === 'Patrimonio';
    return {
      id: r.id,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      entityLabel: r.entityLabel ?? current ?? fixedLabel(r) ?? labelFromDetails(r.details),
      link: asset && current !== undefined ? `/bens-cadastrados/ver/${id}` : null,
      sectorId: r.sectorId,
      details: r.details,
      changes: auditChanges(r.action, r.details, asset ? names : { ...names, fields: new Map() }),
      userId: r.userId,
      userName: r.userName,
      municipalityId: r.municipalityId,
      createdAt: r.createdAt.toISOString(),
    };
  });
}
