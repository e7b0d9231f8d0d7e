import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './authApi';

/** 'Sair': ends the session and goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout(false);
    navigate('/login', { replace: true });
  }, [navigate]);
}
