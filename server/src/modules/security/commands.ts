import { eq, sql } from 'drizzle-orm';
import { SECURITY_MSG, room, type SecurityPolicy } from '@tombo/shared';
import type { Db } from '../../db/client';
import { securityPolicies } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { conflict } from '../../http/errors';
import type { TenantScope } from '../../tenancy/scope';
import { policyRow } from './queries';

/** Saves the municipality's policy if `version` is still the stored one (409 otherwise); audited, live. */
export async function savePolicy(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: SecurityPolicy & { version: number },
): Promise<number> {
  const { version, ...policy } = input;
  const mid = scope.municipalityId;
  const [existing] = await tx
    .select()
    .from(securityPolicies)
    .where(eq(securityPolicies.municipalityId, mid))
    .for('update');
  if ((existing?.version ?? 0) !== version) throw conflict(SECURITY_MSG.policyConflict);
  const old = await policyRow(tx, scope, mid);
  let next = 1;
  if (existing) {
    const [row] = await tx
      .update(securityPolicies)
      .set({ settings: policy, updatedAt: new Date(), version: sql`${securityPolicies.version} + 1` })
      .where(eq(securityPolicies.id, existing.id))
      .returning({ version: securityPolicies.version });
    next = row.version;
  } else {
    await tx.insert(securityPolicies).values({ municipalityId: mid, settings: policy, version: 1 });
  }
  await record(
    tx,
    out,
    {
      action: 'SECURITY_POLICY_UPDATE',
      entityType: 'SecurityPolicy',
      entityId: mid,
      details: { old_value: old.policy, new_value: policy },
    },
    liveEvent(room.municipality(mid), 'securityPolicy.changed', { version: next }),
  );
  return next;
}
