import { eq, sql } from 'drizzle-orm';
import { room } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { installationSettings, municipalities, publicSearchSettings } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { notFound } from '../../../http/errors';
import type { AllMunicipalities } from '../../../tenancy/scope';
import type { PublicSearchSetting } from '../presenters';
import { SUPERUSER_MSG } from '@tombo/shared';

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
  await record(
    tx,
    out,
    {
      action: 'PUBLIC_SEARCH_UPDATE',
      entityType: 'PublicSearchSettings',
      entityId: municipalityId,
      details: { new_value: { isPublicSearchEnabled } },
    },
    liveEvent(room.superusers, 'publicSearch.changed', { municipalityId, isPublicSearchEnabled }, null),
  );
  return { municipalityId, name: m.name, slug: m.slug, active: m.active, isPublicSearchEnabled };
}

/** Opens or closes the public consultation of the whole installation (off: every public page is off). */
export async function setInstallationPublicSearch(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  input: { isPublicSearchEnabled: boolean },
): Promise<{ isPublicSearchEnabled: boolean }> {
  const { isPublicSearchEnabled } = input;
  await tx
    .insert(installationSettings)
    .values({ id: true, isPublicSearchEnabled })
    .onConflictDoUpdate({
      target: installationSettings.id,
      set: { isPublicSearchEnabled, updatedAt: new Date(), version: sql`${installationSettings.version} + 1` },
    });
  await record(
    tx,
    out,
    {
      action: 'PUBLIC_SEARCH_INSTALLATION_UPDATE',
      entityType: 'PublicSearchSettings',
      details: { new_value: { isPublicSearchEnabled } },
    },
    liveEvent(room.superusers, 'publicSearch.changed', { municipalityId: null, isPublicSearchEnabled }, null),
  );
  return { isPublicSearchEnabled };
}
