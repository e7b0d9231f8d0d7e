import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { changeOwnPassword, logout } from './api';

/** 'Sair': ends the session and goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout(false);
    navigate('/login', { replace: true });
  }, [navigate]);
}

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
