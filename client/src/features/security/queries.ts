import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDLE_TIMEOUT_MS, MSG, SECURITY_MSG, type SecurityPolicy } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { fetchPolicy, fetchSessionPolicy, savePolicy } from './api';
import { securityKeys } from './keys';

/** The municipality's policy (the /configuracoes/seguranca screen). */
export const usePolicy = () => useQuery({ queryKey: securityKeys.policy, queryFn: fetchPolicy });

/** Saves the policy with the version read; the spec's toasts. */
export function useSavePolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { policy: SecurityPolicy; version: number }) => savePolicy(v.policy, v.version),
    onSuccess: (data) => {
      qc.setQueryData(securityKeys.policy, data);
      void qc.invalidateQueries({ queryKey: securityKeys.session });
      toast.success(SECURITY_MSG.policySaved, MSG.success);
    },
    onError: (err) => toast.error(errorMessage(err, MSG.http.internal)),
  });
}

/**
 * The idle timeout of the signed-in user's municipality in ms (spec §9 default 30 min until it is
 * known, and for the superuser).
 */
export function useIdleTimeoutMs(): number {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const data = useSessionPolicy();
  return signedIn && data ? data.idleTimeoutMinutes * 60_000 : IDLE_TIMEOUT_MS;
}

/** The signed-in user's slice of the policy (idle timeout, password minimum length), once loaded. */
export function useSessionPolicy() {
  const signedIn = useSession((s) => s.status === 'authenticated');
  return useQuery({
    queryKey: securityKeys.session,
    queryFn: fetchSessionPolicy,
    enabled: signedIn,
    staleTime: 5 * 60_000,
  }).data;
}
