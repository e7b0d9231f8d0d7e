import type { SecurityPolicyResponse, SessionPolicy } from '@tombo/shared';
import type { policyRow } from './queries';

type Row = Awaited<ReturnType<typeof policyRow>>;

/** The policy screen's shape. */
export const presentPolicy = (r: Row): SecurityPolicyResponse => ({
  policy: r.policy,
  version: r.version,
  updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
});

/** What any signed-in client needs of the policy. */
export const presentSessionPolicy = (r: Row): SessionPolicy => ({
  idleTimeoutMinutes: r.policy.idleTimeoutMinutes,
  passwordMinLength: r.policy.passwordMinLength,
});
