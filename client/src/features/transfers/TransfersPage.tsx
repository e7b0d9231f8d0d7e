import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { TRANSFER_MSG, type TransferDecision, type Transferencia } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { hasPermission, useSession } from '../../lib/session';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { toParams, useUrlFilters } from './filters';
import { useTransfers } from './queries';
import { TransferDetailDialog } from './TransferDetailDialog';
import { ALL_STATUSES, DECIDED_STATUSES, TransferFiltersPanel } from './TransferFiltersPanel';
import { TransferList } from './TransferList';

const TABS = [
  { value: null, label: 'Pendentes', empty: 'Nenhuma solicitação pendente.' },
  { value: 'decididas', label: 'Decididas', empty: 'Nenhuma solicitação decidida.' },
  { value: 'todas', label: 'Todas', empty: 'Nenhuma solicitação encontrada.' },
] as const;

/** The status query of a tab: pending ones, decided ones (or the chosen decision), or any. */
const statusOf = (tab: string | null, chosen?: string) =>
  tab === 'decididas' ? (chosen ?? 'aprovada,rejeitada') : tab === 'todas' ? chosen : 'pendente';

/**
 * /bens/transferencias: transfer and donation requests, pending and decided, with filters and server
 * paging; admin and supervisor approve or reject them. New and decided requests arrive live.
 */
export default function TransfersPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const canDecide = hasPermission(user, 'transfers:decide');
  const url = useUrlFilters();
  const tab = TABS.find((t) => t.value === url.tab) ?? TABS[0];
  const { status: chosen, ...rest } = url.filters;
  const params = toParams({ ...rest, status: statusOf(tab.value, chosen) }, { page: url.page, pageSize: url.pageSize });
  const query = useTransfers(params);
  useLoadErrorToast(query.isError, query.errorUpdatedAt, TRANSFER_MSG.loadFailed);
  const [open, setOpen] = useState<{ t: Transferencia; intent: TransferDecision | null } | null>(null);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / url.pageSize)) : 1;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          canDecide
            ? 'Solicitações de transferência e doação de bens. Aprove ou rejeite as pendentes.'
            : 'Solicitações de transferência e doação de bens. A decisão cabe a administradores e supervisores.'
        }
        actions={
          hasPermission(user, 'reports:generate') && (
            <Button component={RouterLink} to="/relatorios/transferencias" startIcon={<AssessmentOutlined />}>
              Relatório
            </Button>
          )
        }
      />
      <Tabs
        value={tab.value ?? 'pendentes'}
        onChange={(_e, v: string) => url.setTab(v === 'pendentes' ? null : v)}
        aria-label="Solicitações"
        sx={{ mb: 2 }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {TABS.map((t) => (
          <Tab key={t.label} value={t.value ?? 'pendentes'} label={t.label} />
        ))}
      </Tabs>
      <TransferFiltersPanel
        value={url.filters}
        statuses={tab.value === 'decididas' ? DECIDED_STATUSES : tab.value === 'todas' ? ALL_STATUSES : []}
        onApply={url.setFilters}
      />
      {query.isPending ? (
        <ContentSpinner />
      ) : query.isError && !query.data ? (
        <LoadError message={TRANSFER_MSG.loadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {url.page > pages && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Esta página não existe mais.{' '}
              <Button size="small" onClick={() => url.setPage(1)}>
                Ir para a primeira
              </Button>
            </Alert>
          )}
          <TransferList
            rows={query.data!.transferencias}
            total={query.data!.total}
            page={url.page}
            pageSize={url.pageSize}
            empty={tab.empty}
            onPage={url.setPage}
            onPageSize={url.setPageSize}
            onOpen={(t) => setOpen({ t, intent: null })}
            onDecide={canDecide ? (t, intent) => setOpen({ t, intent }) : undefined}
          />
        </>
      )}
      {open && (
        <TransferDetailDialog
          transfer={open.t}
          intent={open.intent}
          canDecide={canDecide}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
