import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { loanKeys } from './keys';

/** Loans of assets (/bens/emprestimos): open, overdue and returned; lend and register returns. */
export const feature: Feature = {
  mainRoutes: { '/bens/emprestimos': lazy(() => import('./LoansPage')) },
};
