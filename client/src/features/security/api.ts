import type { SecurityPolicy, SecurityPolicyResponse, SessionPolicy } from '@tombo/shared';
import { http } from '../../lib/http';

export const fetchPolicy = () => http.get<SecurityPolicyResponse>('/security/policy');
export const savePolicy = (policy: SecurityPolicy, version: number) =>
  http.put<SecurityPolicyResponse>('/security/policy', { ...policy, version });
export const fetchSessionPolicy = () => http.get<SessionPolicy>('/security/session-policy');
