import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { MSG, type Sector, formatDateTime } from '@tombo/shared';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { useApiMutation } from '../../lib/useApiMutation';
import { CrudPage, type CrudColumn } from '../../components/register/crud';
import type { PageProps } from '../../lib/feature';
import { JobProgressPanel, patchJob } from '../downloads';
import { SectorFormDialog } from './SectorFormDialog';
import { exportSectors } from './api';
import { sortByName, useSectorMutations, useSectors } from './queries';

const columns: CrudColumn<Sector>[] = [
  { key: 'name', label: 'Nome', render: (s) => s.name },
  { key: 'code', label: 'Código', render: (s) => s.code, cellSx: { fontFamily: 'monospace', fontWeight: 600 } },
  { key: 'locais', label: 'Locais', align: 'right', render: (s) => s.locaisCount ?? 0 },
  { key: 'updatedAt', label: 'Atualizado em', wide: true, render: (s) => formatDateTime(s.updatedAt) },
];

/** /configuracoes/setores: list, create, edit, delete and export of sectors. */
export default function SectorsPage({ title }: PageProps) {
  const can = useCan();
  const canManage = can('sectors:manage');
  const qc = useQueryClient();
  const query = useSectors({ toastOnError: true });
  const { create, update, remove } = useSectorMutations();
  const [exportJobId, setExportJobId] = useState<string | null>(null);

  const startExport = useApiMutation({
    mutationFn: exportSectors,
    onSuccess: (job) => {
      patchJob(qc, job);
      setExportJobId(job.id);
      toast.info(MSG.jobs.queued);
    },
  });
  const exportButton = (format: 'xlsx' | 'pdf') => (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={() => startExport.mutate(format)}
      disabled={startExport.isPending}
    >
      Exportar {format.toUpperCase()}
    </Button>
  );

  return (
    <CrudPage
      header={{
        title,
        subtitle: 'Setores do município, usados na organização dos bens e dos locais.',
        actions: (
          <>
            {exportButton('xlsx')}
            {exportButton('pdf')}
          </>
        ),
      }}
      newLabel="Novo Setor"
      canManage={canManage}
      above={
        exportJobId && (
          <JobProgressPanel jobId={exportJobId} title="Exportação de setores" onClose={() => setExportJobId(null)} />
        )
      }
      query={{ ...query, data: query.data?.sectors }}
      rows={sortByName}
      errorText={MSG.sectors.loadFailed}
      empty={{ title: 'Nenhum setor cadastrado.', description: 'Use "Novo Setor" para cadastrar o primeiro.' }}
      label="Setores"
      columns={columns}
      rowLabel={(s) => `setor ${s.name}`}
      rowTestId={(s) => `sector-row-${s.id}`}
      dialog={({ open, record, onClose }) => (
        <SectorFormDialog
          open={open}
          sector={record}
          busy={create.isPending || update.isPending}
          onClose={onClose}
          onSubmit={(values) =>
            record
              ? update.mutate({ sector: record, ...values }, { onSuccess: onClose })
              : create.mutate(values, { onSuccess: onClose })
          }
        />
      )}
      remove={{
        title: 'Excluir setor',
        message: (s) => (
          <>
            Tem certeza que deseja excluir o setor <strong>{s.name}</strong>? Esta ação não pode ser desfeita.
          </>
        ),
        busy: remove.isPending,
        run: (s, done) => remove.mutate(s, { onSettled: done }),
      }}
    />
  );
}
