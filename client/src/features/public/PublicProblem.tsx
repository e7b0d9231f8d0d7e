import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { ApiError, errorMessage } from '../../lib/http';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';

export const PUBLIC_LOAD_FAILED = 'Não foi possível carregar a consulta pública.';

/**
 * A failed public call, in the server's own pt-BR words: 404 (unknown municipality or asset),
 * 403 (public search turned off for that municipality), 400 (incomplete address); anything else
 * (network, time-out, 5xx) can be retried.
 */
export function PublicProblem({
  error,
  hint,
  action,
  onRetry,
}: {
  error: unknown;
  hint?: string;
  action?: ReactNode;
  onRetry?: () => void;
}) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403 || status === 404 || status === 400) {
    return (
      <Paper variant="outlined">
        <EmptyState
          icon={status === 403 ? <LockOutlined fontSize="inherit" /> : <SearchOffOutlined fontSize="inherit" />}
          title={errorMessage(error)}
          description={
            status === 403 ? 'Para informações sobre o patrimônio deste município, procure a prefeitura.' : hint
          }
          action={action}
        />
      </Paper>
    );
  }
  return <LoadError message={errorMessage(error, PUBLIC_LOAD_FAILED)} onRetry={onRetry} />;
}
