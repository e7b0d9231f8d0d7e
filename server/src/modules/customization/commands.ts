import { eq, sql } from 'drizzle-orm';
import { room, type Customization } from '@tombo/shared';
import type { Db } from '../../db/client';
import { customizations, municipalities } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record, type AuditEntry } from '../audit';
import { isAll, type Tenancy } from '../../tenancy/scope';
import { storedSettings } from './presenters';
import { rowOf } from './queries';

/**
 * The audit row and the live event of a change: a municipality's reaches its own room; the installation's
 * reaches the superusers, every municipality (their screens inherit it: footer, title, favicon) and the
 * anonymous login pages.
 */
async function recordChange(tx: Db, out: Outbox, target: Tenancy, entry: Omit<AuditEntry, 'entityType' | 'entityId'>) {
  const all = isAll(target);
  const rooms = all
    ? [
        room.superusers,
        room.publicCustomization,
        ...(await tx.select({ id: municipalities.id }).from(municipalities)).map((m) => room.municipality(m.id)),
      ]
    : room.municipality(target.municipalityId);
  return record(
    tx,
    out,
    { ...entry, entityType: 'Customization', entityId: all ? 'global' : target.municipalityId },
    liveEvent(rooms, 'customization.updated', { scope: all ? 'global' : 'municipality' }),
  );
}

/**
 * Merges a partial patch into the target's settings (the installation's or a municipality's; the
 * transaction runs under that tenancy). Returns the target's stored settings.
 */
export async function saveCustomization(
  tx: Db,
  out: Outbox,
  target: Tenancy,
  patch: Partial<Customization>,
): Promise<Partial<Customization>> {
  const [existing] = await tx.select().from(customizations).where(rowOf(target)).for('update');
  const old = existing ? storedSettings(existing.settings) : {};
  const settings = { ...old, ...patch };
  if (existing)
    await tx
      .update(customizations)
      .set({ settings, updatedAt: new Date(), version: sql`${customizations.version} + 1` })
      .where(eq(customizations.id, existing.id));
  else
    await tx.insert(customizations).values({ municipalityId: isAll(target) ? null : target.municipalityId, settings });
  await recordChange(tx, out, target, {
    action: 'CUSTOMIZATION_UPDATE',
    details: { old_value: old, new_value: settings },
  });
  return settings;
}

/** Drops the target's own settings: it falls back to the installation's (or the defaults). */
export async function resetCustomization(tx: Db, out: Outbox, target: Tenancy): Promise<void> {
  await tx.delete(customizations).where(rowOf(target));
  await recordChange(tx, out, target, {
    action: 'CUSTOMIZATION_RESET',
    details: 'Personalização restaurada para o padrão.',
  });
}
