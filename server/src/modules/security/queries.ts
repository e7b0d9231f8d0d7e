import { eq } from 'drizzle-orm';
import { DEFAULT_SECURITY_POLICY, securityPolicySchema, type SecurityPolicy } from '@tombo/shared';
import type { Db } from '../../db/client';
import { securityPolicies, users } from '../../db/schema';
import type { Tenancy } from '../../tenancy/scope';

/** Stored settings → a whole policy (defaults for anything missing or no longer valid). */
export function storedPolicy(settings: unknown): SecurityPolicy {
  const parsed = securityPolicySchema
    .partial()
    .strip()
    .safeParse(settings ?? {});
  return { ...DEFAULT_SECURITY_POLICY, ...(parsed.success ? parsed.data : {}) };
}

/**
 * The policy of a municipality with its version (0 = never saved), under a tenancy that sees it: the
 * municipality's own scope, or all municipalities for the sign-in flows. No municipality (the
 * superuser) → the defaults.
 */
export async function policyRow(
  tx: Db,
  _tenancy: Tenancy,
  municipalityId: number | null,
): Promise<{ policy: SecurityPolicy; version: number; updatedAt: Date | null }> {
  if (municipalityId == null) return { policy: DEFAULT_SECURITY_POLICY, version: 0, updatedAt: null };
  const [row] = await tx.select().from(securityPolicies).where(eq(securityPolicies.municipalityId, municipalityId));
  return row
    ? { policy: storedPolicy(row.settings), version: row.version, updatedAt: row.updatedAt }
    : { policy: DEFAULT_SECURITY_POLICY, version: 0, updatedAt: null };
}

/** The policy alone (see policyRow). */
export const policyOf = async (tx: Db, tenancy: Tenancy, municipalityId: number | null) =>
  (await policyRow(tx, tenancy, municipalityId)).policy;

/** The policy a user's new password must meet: of `municipalityId` when given (a move), else of the user's own. */
export async function policyOfUser(tx: Db, tenancy: Tenancy, userId: number, municipalityId?: number | null) {
  if (municipalityId !== undefined) return policyOf(tx, tenancy, municipalityId);
  const [u] = await tx.select({ mid: users.municipalityId }).from(users).where(eq(users.id, userId));
  return policyOf(tx, tenancy, u?.mid ?? null);
}
