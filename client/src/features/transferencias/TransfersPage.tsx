import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { TRANSFER_MSG, formatInteger, type TransferDecision, type Transferencia } from '@tombo/shared';
import { RegisterList, type ListParams, type RegisterConfig } from '../../components/register';
import type { PageProps } from '../../lib/feature';
import { useCan } from '../../lib/permissions';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import {
  TRANSFER_EMPTY,
  TRANSFER_SHAPE,
  TRANSFER_TAB_LABELS,
  checkPeriod,
  transferQuery,
  useTransferFilters,
} from './filters';
import { transferActions, transferCard, transferColumns } from './list';
import { useTransfers } from './queries';
import { TransferDetailDialog } from './TransferDetailDialog';

function useTransferRows(params: ListParams) {
  const q = useTransfers(transferQuery(params));
  useLoadErrorToast(q.isError, q.errorUpdatedAt, TRANSFER_MSG.loadFailed);
  return { ...q, rows: q.data?.transferencias, total: q.data?.total };
}

/**
 * /bens/transferencias: transfer and donation requests, pending and decided, with filters and server
 * paging; admin and supervisor approve or reject them. New and decided requests arrive live.
 */
export default function TransfersPage({ title }: PageProps) {
  const can = useCan();
  const canDecide = can('transfers:decide');
  const [open, setOpen] = useState<{ t: Transferencia; intent: TransferDecision | null } | null>(null);
  const config = useMemo<RegisterConfig<Transferencia>>(() => {
    const acts = {
      onOpen: (t: Transferencia) => setOpen({ t, intent: null }),
      onDecide: canDecide ? (t: Transferencia, intent: TransferDecision) => setOpen({ t, intent }) : undefined,
    };
    return {
      id: 'transferencias',
      label: 'Solicitações',
      noun: ['solicitação', 'solicitações'],
      nounFeminine: true,
      count: (n) => `${formatInteger(n)} ${n === 1 ? 'solicitação encontrada' : 'solicitações encontradas'}`,
      emptyText: (tab) => TRANSFER_EMPTY[tab],
      emptyFilteredText: 'Nenhuma solicitação corresponde aos filtros.',
      loadFailed: TRANSFER_MSG.loadFailed,
      shape: TRANSFER_SHAPE,
      tabs: { label: 'Solicitações', labels: TRANSFER_TAB_LABELS },
      useRows: useTransferRows,
      columns: transferColumns,
      useFilters: useTransferFilters,
      checkFilters: checkPeriod,
      phoneSorts: [],
      sortLabel: () => 'Mais recentes',
      card: transferCard(acts),
      onOpen: acts.onOpen,
      actions: transferActions(acts),
      actionsWidth: canDecide ? 220 : 56,
    };
  }, [canDecide]);

  return (
    <>
      <RegisterList
        title={title}
        subtitle={
          canDecide
            ? 'Solicitações de transferência e doação de bens. Aprove ou rejeite as pendentes.'
            : 'Solicitações de transferência e doação de bens. A decisão cabe a administradores e supervisores.'
        }
        config={config}
        actions={
          can('reports:generate') && (
            <Button component={RouterLink} to="/relatorios/transferencias" startIcon={<AssessmentOutlined />}>
              Relatório
            </Button>
          )
        }
      />
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
