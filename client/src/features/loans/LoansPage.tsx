import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import { LOAN_MSG, type EmprestimoListItem } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { hasPermission, useSession } from '../../lib/session';
import { LoanCards, type LoanListProps } from './LoanCards';
import { LoanFilters } from './LoanFilters';
import { LoanTable } from './LoanTable';
import { NewLoanDialog } from './NewLoanDialog';
import { ExtendDialog } from './ExtendDialog';
import { ReturnDialog } from './ReturnDialog';
import { useLoanList, useLoanMutations } from './queries';
import { LOAN_TABS, apiParams, useLoanListState, type LoanTab } from './urlState';

const EMPTY: Record<LoanTab, string> = {
  aberto: 'Nenhum empréstimo em aberto.',
  atrasado: 'Nenhum empréstimo atrasado.',
  devolvido: 'Nenhum empréstimo devolvido.',
  todos: 'Nenhum empréstimo registrado.',
};

/** /bens/emprestimos: open, overdue and returned loans; lend an asset and register its return (`loans:manage`). */
export default function LoansPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const canManage = hasPermission(user, 'loans:manage');
  const phone = useMediaQuery('(max-width:767.98px)');
  const { state, update } = useLoanListState();
  const { data, isPending, isError, refetch } = useLoanList(apiParams(state));
  const { create, giveBack, extend } = useLoanMutations();
  const [creating, setCreating] = useState(false);
  const [returning, setReturning] = useState<EmprestimoListItem | null>(null);
  const [extending, setExtending] = useState<EmprestimoListItem | null>(null);
  const filtered = !!(state.q || state.sectorId || state.dataDe || state.dataAte);
  const rows = data?.emprestimos ?? [];
  const listProps = (total: number): LoanListProps => ({
    rows,
    total,
    page: state.page,
    pageSize: state.pageSize,
    canManage,
    onPage: (page) => update({ page }),
    onReturn: setReturning,
    onExtend: setExtending,
  });

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Bens emprestados a pessoas ou a outros setores, com a devolução prevista e o estado na volta."
        actions={
          canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              Novo empréstimo
            </Button>
          )
        }
      />
      <Tabs
        value={state.tab}
        onChange={(_e, tab: LoanTab) => update({ tab })}
        variant={phone ? 'fullWidth' : 'standard'}
        aria-label="Situação dos empréstimos"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {LOAN_TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={
              t.value === 'atrasado' && data?.atrasados ? (
                <Badge badgeContent={data.atrasados} color="error" sx={{ '& .MuiBadge-badge': { right: -12 } }}>
                  {t.label}
                </Badge>
              ) : (
                t.label
              )
            }
            sx={{
              ...(phone ? { minWidth: 0, px: 0.5, fontSize: 13 } : {}),
              ...(t.value === 'atrasado' && data?.atrasados ? { pr: phone ? 2.5 : 3.5 } : {}),
            }}
          />
        ))}
      </Tabs>
      <LoanFilters state={state} update={update} />

      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message={LOAN_MSG.loadFailed} onRetry={() => void refetch()} />
      ) : rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            title={filtered ? 'Nenhum empréstimo encontrado com estes filtros.' : EMPTY[state.tab]}
            description={canManage && !filtered ? 'Use "Novo empréstimo" para registrar um.' : undefined}
          />
        </Paper>
      ) : phone ? (
        <LoanCards {...listProps(data.total)} />
      ) : (
        <LoanTable {...listProps(data.total)} onPageSize={(pageSize) => update({ pageSize })} />
      )}

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
