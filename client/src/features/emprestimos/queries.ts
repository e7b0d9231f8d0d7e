import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOAN_MSG, type DevolucaoBody, type EmprestimoListItem, type ProrrogacaoBody } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { createLoan, extendLoan, fetchLoanBens, fetchLoans, returnLoan, type LoanListParams } from './api';
import { loanKeys } from './keys';
import { patchLoan } from './live';

/** One page of loans as the server filtered, sorted and paged it. */
export function useLoanList(params: LoanListParams) {
  const query = useQuery({
    queryKey: loanKeys.list(params),
    queryFn: ({ signal }) => fetchLoans(params, signal),
    placeholderData: keepPreviousData,
    // Live events refetch the pages on screen; paging back shows the cached page.
    staleTime: 30_000,
  });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, LOAN_MSG.loadFailed);
  return query;
}

/** Assets the new-loan picker offers for a search (number prefix or description). */
export function useLoanBens(q: string, enabled: boolean) {
  return useQuery({
    queryKey: loanKeys.bens(q),
    queryFn: ({ signal }) => fetchLoanBens(q, signal),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Lend, extend and take back, with pt-BR toasts; a 404/409 refetches what the screen shows. */
export function useLoanMutations() {
  const qc = useQueryClient();
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404))
      void qc.invalidateQueries({ queryKey: loanKeys.all });
  };
  const create = useMutation({
    mutationFn: createLoan,
    onSuccess: (loan) => {
      patchLoan(qc, loan);
      toast.success(LOAN_MSG.created);
    },
    onError,
  });
  const giveBack = useMutation({
    mutationFn: (v: { loan: EmprestimoListItem; body: Omit<DevolucaoBody, 'version'> }) =>
      returnLoan(v.loan.id, { ...v.body, version: v.loan.version }),
    onSuccess: (loan) => {
      patchLoan(qc, loan);
      toast.success(LOAN_MSG.returned);
    },
    onError,
  });
  const extend = useMutation({
    mutationFn: (v: { loan: EmprestimoListItem; body: Omit<ProrrogacaoBody, 'version'> }) =>
      extendLoan(v.loan.id, { ...v.body, version: v.loan.version }),
    onSuccess: (loan) => {
      patchLoan(qc, loan);
      toast.success(LOAN_MSG.extended);
    },
    onError,
  });
  return { create, giveBack, extend };
}
