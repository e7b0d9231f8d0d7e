import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { MSG, TRANSFER_MSG, type TransferExportBody, type Transferencia } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { JobProgressPanel, patchJob } from '../downloads';
import { exportTransferReport } from './api';
import { FiltersPanel, RegisterRows, useListUrlState, type UrlShape } from '../../components/register';
import { FILTER_KEYS, checkPeriod, useTransferFilters } from './filters';
import { transferActions, transferCard, transferColumns } from './list';
import { useTransferReport, useTransfers } from './queries';
import { CountsTable, TotalsCards } from './ReportTables';
import { TransferDetailDialog } from './TransferDetailDialog';

/** The report's URL: the list's filters but the asset number (it counts by sector and month). */
const REPORT_SHAPE: UrlShape = {
  sorts: ['dataSolicitacao'],
  defaultSort: 'dataSolicitacao',
  filterKeys: FILTER_KEYS.filter((k) => k !== 'numero'),
};
const useReportFilters = (draft: Record<string, string>) =>
  useTransferFilters(draft, 'todas').filter((f) => f.key !== 'numero');

/**
 * /relatorios/transferencias (admin, supervisor): transfers and donations by period, type, status and
 * sector, with totals by origin sector and by month, the matching requests, and an XLSX export (a job).
 */
export default function TransferReportPage({ title }: PageProps) {
  const qc = useQueryClient();
  const { state, update } = useListUrlState(REPORT_SHAPE);
  const filters = state.filters;
  const report = useTransferReport(filters);
  const list = useTransfers({ ...filters, page: String(state.page), pageSize: String(state.pageSize) });
  useLoadErrorToast(report.isError, report.errorUpdatedAt, TRANSFER_MSG.reportLoadFailed);
  const [jobId, setJobId] = useState<string | null>(null);
  const [open, setOpen] = useState<Transferencia | null>(null);
  const exporter = useMutation({
    // The filters go as the URL holds them (strings): the server parses them with the report's own schema.
    mutationFn: () => exportTransferReport(filters as TransferExportBody),
    onSuccess: (job) => {
      patchJob(qc, job);
      setJobId(job.id);
      toast.info(MSG.jobs.queued);
    },
    onError: (err) => toast.fromError(err),
  });

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Transferências e doações por período, tipo, status e setor, com totais."
        actions={
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            onClick={() => exporter.mutate()}
            disabled={exporter.isPending}
          >
            Exportar XLSX
          </Button>
        }
      />
      {jobId && <JobProgressPanel jobId={jobId} title="Exportação de transferências" onClose={() => setJobId(null)} />}
      <FiltersPanel
        id="relatorio-filtros"
        useFilters={useReportFilters}
        tab=""
        check={checkPeriod}
        value={filters}
        onApply={(f) => update({ filters: f })}
      />
      {report.isPending ? (
        <ContentSpinner />
      ) : report.isError && !report.data ? (
        <LoadError message={TRANSFER_MSG.reportLoadFailed} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <TotalsCards counts={report.data!.totals} />
          <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
            <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Por setor de origem
              </Typography>
              <CountsTable
                label="Por setor de origem"
                first="Setor"
                rows={report.data!.porSetor.map((s) => ({ key: String(s.sectorId ?? s.setor), name: s.setor, c: s }))}
                totals={report.data!.totals}
              />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Por mês da solicitação
              </Typography>
              <CountsTable
                label="Por mês da solicitação"
                first="Mês"
                rows={report.data!.porMes.map((m) => ({
                  key: m.mes,
                  name: `${m.mes.slice(5, 7)}/${m.mes.slice(0, 4)}`,
                  c: m,
                }))}
                totals={report.data!.totals}
              />
            </Paper>
          </Box>
        </>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Solicitações
      </Typography>
      {list.data ? (
        <RegisterRows
          id="relatorio-solicitacoes"
          label="Solicitações"
          rows={list.data.transferencias}
          total={list.data.total}
          page={state.page}
          pageSize={state.pageSize}
          loading={list.isFetching}
          columns={transferColumns}
          actions={transferActions({ onOpen: setOpen })}
          actionsWidth={56}
          card={transferCard({ onOpen: setOpen })}
          emptyText="Nenhuma solicitação no período."
          onOpen={setOpen}
          onPage={(page) => update({ page }, false)}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      ) : list.isError ? (
        <LoadError message={TRANSFER_MSG.loadFailed} onRetry={() => void list.refetch()} />
      ) : (
        <ContentSpinner />
      )}
      {open && <TransferDetailDialog transfer={open} intent={null} canDecide={false} onClose={() => setOpen(null)} />}
    </>
  );
}
