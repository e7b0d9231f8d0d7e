import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { LOAN_MSG, formatInteger, type EmprestimoListItem } from '@tombo/shared';
import { RegisterList, type ListParams, type RegisterConfig } from '../../components/register';
import type { PageProps } from '../../lib/feature';
import { useCan } from '../../lib/permissions';
import { ExtendDialog } from './ExtendDialog';
import { LOAN_EMPTY, LOAN_PHONE_SORTS, LOAN_SHAPE, LOAN_TAB_LABELS, loanSortLabel, useLoanFilters } from './filters';
import { loanActions, loanCard, loanColumns } from './list';
import { NewLoanDialog } from './NewLoanDialog';
import { ReturnDialog } from './ReturnDialog';
import { useLoanList, useLoanMutations } from './queries';

/** The page's query: the tab is the API's `status` ('todos' is none). */
function useLoanRows({ status, ...params }: ListParams) {
  const q = useLoanList(status === 'todos' ? params : { ...params, status });
  return { ...q, rows: q.data?.emprestimos, total: q.data?.total, tabCounts: { atrasado: q.data?.atrasados } };
}

/** /bens/emprestimos: open, overdue and returned loans; lend an asset and register its return (`loans:manage`). */
export default function LoansPage({ title }: PageProps) {
  const can = useCan();
  const canManage = can('loans:manage');
  const { create, giveBack, extend } = useLoanMutations();
  const [creating, setCreating] = useState(false);
  const [returning, setReturning] = useState<EmprestimoListItem | null>(null);
  const [extending, setExtending] = useState<EmprestimoListItem | null>(null);
  const config = useMemo<RegisterConfig<EmprestimoListItem>>(() => {
    const acts = { canManage, onReturn: setReturning, onExtend: setExtending };
    return {
      id: 'emprestimos',
      label: 'Empréstimos',
      noun: ['empréstimo', 'empréstimos'],
      count: (n) => `${formatInteger(n)} ${n === 1 ? 'empréstimo encontrado' : 'empréstimos encontrados'}`,
      searchLabel: 'Buscar por nº do bem, descrição ou quem recebeu',
      emptyText: (tab) => LOAN_EMPTY[tab],
      emptyHint: canManage ? 'Use "Novo empréstimo" para registrar um.' : undefined,
      emptyFilteredText: 'Nenhum empréstimo encontrado com estes filtros.',
      loadFailed: LOAN_MSG.loadFailed,
      shape: LOAN_SHAPE,
      tabs: { label: 'Situação dos empréstimos', labels: LOAN_TAB_LABELS },
      useRows: useLoanRows,
      columns: loanColumns,
      useFilters: useLoanFilters,
      phoneSorts: LOAN_PHONE_SORTS,
      sortLabel: loanSortLabel,
      card: loanCard(acts),
      rowHref: (l) => `/bens-cadastrados/ver/${l.patrimonioId}`,
      actions: loanActions(acts),
      actionsWidth: canManage ? 240 : 120,
    };
  }, [canManage]);

  return (
    <>
      <RegisterList
        title={title}
        subtitle="Bens emprestados a pessoas ou a outros setores, com a devolução prevista e o estado na volta."
        config={config}
        actions={
          canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              Novo empréstimo
            </Button>
          )
        }
      />
      {canManage && (
        <>
          <NewLoanDialog
            open={creating}
            busy={create.isPending}
            onClose={() => setCreating(false)}
            onSubmit={(body) => create.mutate(body, { onSuccess: () => setCreating(false) })}
          />
          <ReturnDialog
            loan={returning}
            busy={giveBack.isPending}
            onClose={() => setReturning(null)}
            onSubmit={(body) =>
              returning && giveBack.mutate({ loan: returning, body }, { onSuccess: () => setReturning(null) })
            }
          />
          <ExtendDialog
            loan={extending}
            busy={extend.isPending}
            onClose={() => setExtending(null)}
            onSubmit={(body) =>
              extending && extend.mutate({ loan: extending, body }, { onSuccess: () => setExtending(null) })
            }
          />
        </>
      )}
    </>
  );
}
