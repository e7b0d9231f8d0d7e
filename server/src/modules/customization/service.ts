import { eq, isNull } from 'drizzle-orm';
import { DEFAULT_CUSTOMIZATION, customizationSchema, room, type Customization } from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { customizations } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';

const scopeWhere = (municipalityId: number | null) =>
  municipalityId == null ? isNull(customizations.municipalityId) : eq(customizations.municipalityId, municipalityId);

async function stored(db: Db, municipalityId: number | null): Promise<Partial<Customization>> {
  const [row] = await db.select().from(customizations).where(scopeWhere(municipalityId));
  // Drop anything an older version stored that the schema no longer knows.
  return row ? customizationSchema.partial().strip().parse(row.settings) : {};
}

/** Defaults ← installation-wide settings ← the municipality's own. */
export async function effective(ctx: AppContext, municipalityId: number | null): Promise<Customization> {
  const global = await stored(ctx.db, null);
  const local = municipalityId == null ? {} : await stored(ctx.db, municipalityId);
  return { ...DEFAULT_CUSTOMIZATION, ...global, ...local };
}

function emitChange(out: Parameters<Parameters<typeof mutate>[2]>[1], municipalityId: number | null) {
  const rooms = municipalityId == null ? room.superusers : room.municipality(municipalityId);
  out.emit(
    rooms,
    'customization.updated',
    { scope: municipalityId == null ? 'global' : 'municipality' },
    municipalityId,
  );
}

export async function save(
  ctx: AppContext,
  actor: Actor,
  municipalityId: number | null,
  patch: Partial<Customization>,
): Promise<Customization> {
  await mutate(ctx, actor, async (tx, out) => {
    const old = await stored(tx, municipalityId);
    const settings = { ...old, ...patch };
    const [existing] = await tx
      .select({ id: customizations.id })
      .from(customizations)
      .where(scopeWhere(municipalityId))
      .for('update');
    if (existing)
      await tx
        .update(customizations)
        .set({ settings, updatedAt: new Date() })
        .where(eq(customizations.id, existing.id));
    else await tx.insert(customizations).values({ municipalityId, settings });
    await audit(
      tx,
      out,
      {
        action: 'CUSTOMIZATION_UPDATE',
        entityType: 'Customization',
        entityId: municipalityId ?? 'global',
        details: { old_value: old, new_value: settings },
      },
      municipalityId,
    );
    emitChange(out, municipalityId);
  });
  return effective(ctx, municipalityId);
}

export async function reset(ctx: AppContext, actor: Actor, municipalityId: number | null): Promise<Customization> {
  await mutate(ctx, actor, async (tx, out) => {
    await tx.delete(customizations).where(scopeWhere(municipalityId));
    await audit(
      tx,
      out,
      {
        action: 'CUSTOMIZATION_RESET',
        entityType: 'Customization',
        entityId: municipalityId ?? 'global',
        details: 'Personalização restaurada para o padrão.',
      },
      municipalityId,
    );
    emitChange(out, municipalityId);
  });
  return effective(ctx, municipalityId);
}
