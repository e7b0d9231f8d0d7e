import { useMutation } from '@tanstack/react-query';
import { MSG } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { changeOwnPassword } from './authApi';

/** Own password change with the spec §8 toasts. */
export function useChangePassword(onDone?: () => void) {
  return useMutation({
    mutationFn: (v: { currentPassword: string; password: string }) => changeOwnPassword(v.currentPassword, v.password),
    onSuccess: () => {
      toast.success(MSG.passwordChanged, MSG.success);
      onDone?.();
    },
    onError: (err) => toast.error(errorMessage(err, MSG.passwordChangeFailed)),
  });
}
