import type { QueryClient } from '@tanstack/react-query';
import { isPatrimonioRemoved, type EmprestimoList, type EmprestimoListItem } from '@tombo/shared';
import { refetchSoon } from '../../components/register';
import type { LiveHandlers } from '../../lib/feature';
import { loanKeys } from './keys';

// Cache patches live here (not in queries.ts) so that the session-wide handlers stay out of the page's chunk.

type Lists = Array<[readonly unknown[], EmprestimoList | undefined]>;
const cachedLists = (qc: QueryClient) => qc.getQueriesData<EmprestimoList>({ queryKey: loanKeys.lists }) as Lists;

/**
 * Replaces a loan where a cached page shows it (an older version never wins), then refetches the pages
 * on screen: a returned or overdue loan changes tabs, a new one's place depends on the filters.
 */
export function patchLoan(qc: QueryClient, item: EmprestimoListItem) {
  for (const [key, old] of cachedLists(qc)) {
    const i = old?.emprestimos.findIndex((x) => x.id === item.id) ?? -1;
    if (!old || i === -1 || old.emprestimos[i].version > item.version) continue;
    const emprestimos = old.emprestimos.slice();
    emprestimos[i] = item;
    qc.setQueryData<EmprestimoList>(key, { ...old, emprestimos });
  }
  refetchSoon(qc, loanKeys.all);
}

/** Loan events patch the lists; an asset that changed (or left this user's sight) refreshes the loans showing it. */
export const live: LiveHandlers = {
  'emprestimo.created': (e, { queryClient }) => patchLoan(queryClient, e.data),
  'emprestimo.updated': (e, { queryClient }) => patchLoan(queryClient, e.data),
  'patrimonio.updated': (e, { queryClient }) => {
    const shown = cachedLists(queryClient).some(([, l]) => l?.emprestimos.some((x) => x.patrimonioId === e.data.id));
    if (shown || isPatrimonioRemoved(e.data)) refetchSoon(queryClient, loanKeys.all);
  },
};
