import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { PUBLIC_MSG } from '@tombo/shared';
import { ApiError, errorMessage } from '../../lib/http';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';

export const PUBLIC_LOAD_FAILED = 'Não foi possível carregar a consulta pública.';

/**
 * A failed public call, in the server's own pt-BR words: 404 (unknown municipality or asset, or the
 * municipality's public search turned off: "não está disponível"), 400 (incomplete address), 429 (too
 * many searches: wait); anything else (network, time-out, 5xx) can be retried.
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
  const off = status === 403 || (status === 404 && errorMessage(error) === PUBLIC_MSG.unavailable);
  if (status === 403 || status === 404 || status === 400) {
    return (
      <Paper variant="outlined">
        <EmptyState
          icon={off ? <LockOutlined fontSize="inherit" /> : <SearchOffOutlined fontSize="inherit" />}
          title={errorMessage(error)}
          description={off ? 'Para informações sobre o patrimônio deste município, procure a prefeitura.' : hint}
          action={action}
        />
      </Paper>
    );
  }
  return <LoadError message={errorMessage(error, PUBLIC_LOAD_FAILED)} onRetry={onRetry} />;
}
