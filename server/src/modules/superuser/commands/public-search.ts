import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { municipalities, publicSearchSettings } from '../../../db/schema';
import { record, type Outbox } from '../../../db/tx';
import { notFound } from '../../../http/errors';
import type { AllMunicipalities } from '../../../tenancy/scope';
import type { PublicSearchSetting } from '../presenters';
import { SUPERUSER_MSG } from '../schema';

/** Opens or closes a municipality's public consultation (404 for an unknown municipality). */
export async function setPublicSearch(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  input: { municipalityId: number; isPublicSearchEnabled: boolean },
): Promise<PublicSearchSetting> {
  const { municipalityId, isPublicSearchEnabled } = input;
  const [m] = await tx.select().from(municipalities).where(eq(municipalities.id, municipalityId));
  if (!m) throw notFound(SUPERUSER_MSG.municipalityNotFound);
  await tx
    .insert(publicSearchSettings)
    .values({ municipalityId, isPublicSearchEnabled })
    .onConflictDoUpdate({
      target: publicSearchSettings.municipalityId,
      set: { isPublicSearchEnabled, updatedAt: new Date(), version: sql`${publicSearchSettings.version} + 1` },
    });
  await record(tx, out, {
    action: 'PUBLIC_SEARCH_UPDATE',
    entityType: 'PublicSearchSettings',
    entityId: municipalityId,
    details: { new_value: { isPublicSearchEnabled } },
  });
  return { municipalityId, name: m.name, slug: m.slug, isPublicSearchEnabled };
}
