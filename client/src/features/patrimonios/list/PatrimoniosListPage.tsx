import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterList from '@mui/icons-material/FilterList';
import LibraryAdd from '@mui/icons-material/LibraryAdd';
import QrCode2 from '@mui/icons-material/QrCode2';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  DataGrid,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { MSG, PATRIMONIO_MSG, formatNumber } from '@tombo/shared';
import type { PageProps } from '../../../lib/feature';
import { toast } from '../../../lib/toast';
import { hasPermission, useSession } from '../../../lib/session';
import { PrintFichaButton } from '../../fichas';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import { useFormFields } from '../../catalogs';
import { JobProgressPanel, patchJob } from '../../downloads';
import { exportPatrimonios } from '../api';
import { ImportDialog } from '../ImportDialog';
import { usePatrimonioList } from '../queries';
import { BASE_HIDDEN, SORTABLE, useListColumns } from './columns';
import { FiltersPanel } from './FiltersPanel';
import { PhoneList } from './PhoneList';
import { PAGE_SIZES, activeFilterCount, apiParams, useListUrlState, type ListState } from './urlState';
import { SearchField } from '../../../components/SearchField';

/** /bens-cadastrados: the register, paged, filtered and sorted on the server; state in the URL. */
export default function PatrimoniosListPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const canCreate = hasPermission(user, 'bens:create');
  const canUpdate = hasPermission(user, 'bens:update');
  const canPrint = hasPermission(user, 'exports:generate');
  const phone = useMediaQuery('(max-width:767.98px)');
  const navigate = useNavigate();
  const fieldsQuery = useFormFields();
  const customFields = useMemo(() => (fieldsQuery.data ?? []).filter((f) => f.isCustom), [fieldsQuery.data]);
  const defaultHidden = useMemo(() => [...BASE_HIDDEN, ...customFields.map((f) => `cf.${f.key}`)], [customFields]);
  const { state, update } = useListUrlState(defaultHidden);
  const params = apiParams(state);
  const { data, isPending, isError, isFetching, refetch } = usePatrimonioList(params);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(state) > 0);
  const [importOpen, setImportOpen] = useState(false);
  const [exportJobId, setExportJobId] = useState<string | null>(null);
  const qc = useQueryClient();
  // XLSX of every asset matching the current URL filters (the server applies the user's sector scope).
  const startExport = useMutation({
    mutationFn: exportPatrimonios,
    onSuccess: (job) => {
      patchJob(qc, job);
      setExportJobId(job.id);
      toast.info(MSG.jobs.queued);
    },
    onError: (err) => toast.fromError(err),
  });
  const [search, setSearch] = useState(state.q);
  // Rows ticked for "Gerar etiquetas" (kept across pages: the grid is server-paged).
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const selectedIds = selection.type === 'include' ? [...selection.ids].map(Number) : [];
  const columns = useListColumns(customFields, canUpdate);

  // Quick search: applied 350 ms after the last key.
  useEffect(() => {
    if (search === state.q) return;
    const t = setTimeout(() => update({ q: search }), 350);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  // Back/forward or a shared link changes q from outside.
  useEffect(() => {
    setSearch(state.q);
  }, [state.q]);

  const rows = data?.patrimonios ?? [];
  const total = data?.total ?? 0;

  const visibility: GridColumnVisibilityModel = Object.fromEntries(state.hidden.map((h) => [h, false]));
  const sortModel: GridSortModel = [{ field: state.sort, sort: state.order }];
  const pagination: GridPaginationModel = { page: state.page - 1, pageSize: state.pageSize };
  const nFilters = activeFilterCount(state);

  const actions = (
    <>
      {canCreate && (
        <>
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/bens-cadastrados/novo">
            Novo Cadastro
          </Button>
          <Button variant="outlined" startIcon={<LibraryAdd />} component={RouterLink} to="/bens-cadastrados/novo-lote">
            Cadastro em Lote
          </Button>
          <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImportOpen(true)}>
            Importar
          </Button>
        </>
      )}
      <Button
        variant="outlined"
        startIcon={<QrCode2 />}
        onClick={() => navigate('/gerar-etiquetas', { state: { patrimonioIds: selectedIds } })}
        disabled={selectedIds.length === 0}
        data-testid="gerar-etiquetas-selecao"
      >
        Gerar etiquetas{selectedIds.length ? ` (${selectedIds.length})` : ''}
      </Button>
      {canPrint && selectedIds.length > 1 && <PrintFichaButton patrimonioIds={selectedIds} />}
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={() => startExport.mutate(params)}
        disabled={startExport.isPending}
      >
        Exportar
      </Button>
    </>
  );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          canCreate
            ? 'Todos os bens móveis do município, com número de patrimônio único.'
            : 'Consulta dos bens móveis do município.'
        }
        actions={actions}
      />
      {exportJobId && (
        <JobProgressPanel jobId={exportJobId} title="Exportação de bens" onClose={() => setExportJobId(null)} />
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <SearchField
          id="patrimonios-busca"
          label="Buscar por número ou descrição"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Badge badgeContent={nFilters} color="primary" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          <Button
            variant={filtersOpen ? 'contained' : 'outlined'}
            color="inherit"
            startIcon={<FilterList />}
            onClick={() => setFiltersOpen((o) => !o)}
            aria-expanded={filtersOpen}
            aria-controls="patrimonios-filtros"
          >
            Filtros
          </Button>
        </Badge>
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ ml: { sm: 'auto' } }}>
          {data ? `${formatNumber(total)} ${total === 1 ? 'bem encontrado' : 'bens encontrados'}` : ''}
        </Typography>
      </Stack>

      {filtersOpen && (
        <FiltersPanel
          state={state}
          customFields={customFields}
          onApply={(filters, cf) => update({ filters, cf })}
          onClear={() => update({ filters: {}, cf: {} })}
        />
      )}

      {isError && !data ? (
        <LoadError message={PATRIMONIO_MSG.loadFailed} onRetry={() => void refetch()} />
      ) : phone ? (
        <PhoneList
          rows={rows}
          total={total}
          loading={isPending}
          state={state}
          onPage={(page) => update({ page }, false)}
          onSort={(sort, order) => update({ sort, order })}
          onOpen={(id) => navigate(`/bens-cadastrados/ver/${id}`)}
        />
      ) : (
        <Paper variant="outlined" sx={{ width: '100%' }}>
          {isError && <LoadError message={PATRIMONIO_MSG.loadFailed} onRetry={() => void refetch()} />}
          <DataGrid
            aria-label="Bens cadastrados"
            rows={rows}
            columns={columns}
            rowCount={total}
            loading={isPending || isFetching}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            disableColumnFilter
            disableRowSelectionOnClick
            checkboxSelection
            keepNonExistentRowsSelected
            rowSelectionModel={selection}
            onRowSelectionModelChange={setSelection}
            pageSizeOptions={[...PAGE_SIZES]}
            paginationModel={pagination}
            onPaginationModelChange={(m) =>
              update({ page: m.page + 1, pageSize: m.pageSize }, m.pageSize !== state.pageSize)
            }
            sortModel={sortModel}
            sortingOrder={['asc', 'desc']}
            onSortModelChange={(m) => {
              const s = m[0];
              if (!s?.sort) update({ sort: 'createdAt', order: 'desc' });
              else if (SORTABLE.has(s.field)) update({ sort: s.field as ListState['sort'], order: s.sort });
            }}
            columnVisibilityModel={visibility}
            onColumnVisibilityModelChange={(m) =>
              update(
                {
                  hidden: Object.entries(m)
                    .filter(([, v]) => !v)
                    .map(([k]) => k),
                },
                false,
              )
            }
            showToolbar
            slotProps={{
              toolbar: {
                csvOptions: { disableToolbarButton: true },
                printOptions: { disableToolbarButton: true },
                showQuickFilter: false,
              },
              loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
            }}
            localeText={{
              ...gridPtBR.components.MuiDataGrid.defaultProps.localeText,
              noRowsLabel:
                nFilters || state.q ? 'Nenhum bem corresponde à busca ou aos filtros.' : 'Nenhum bem cadastrado.',
            }}
            onRowClick={(p) => navigate(`/bens-cadastrados/ver/${p.id}`)}
            density="compact"
            sx={{ border: 0, minHeight: 420, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          />
        </Paper>
      )}

      {canCreate && <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} />}
    </>
  );
}
