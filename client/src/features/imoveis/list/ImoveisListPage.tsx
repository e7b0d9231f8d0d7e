import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import Assessment from '@mui/icons-material/AssessmentOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterList from '@mui/icons-material/FilterList';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  DataGrid,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { IMOVEL_MSG, formatNumber } from '@tombo/shared';
import type { PageProps } from '../../../lib/feature';
import { toast } from '../../../lib/toast';
import { hasPermission, useSession } from '../../../lib/session';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import { SearchField } from '../../../components/SearchField';
import { PAGE_SIZES } from '../../patrimonios';
import { exportImoveis } from '../api';
import { useImovelFields, useImovelList } from '../queries';
import { BASE_HIDDEN, SORTABLE, useListColumns } from './columns';
import { FiltersPanel } from './FiltersPanel';
import { ImportDialog } from './ImportDialog';
import { PhoneList } from './PhoneList';
import { activeFilterCount, apiParams, useListUrlState, type ListState } from './urlState';

/** /imoveis: the property register, paged, filtered and sorted on the server; state in the URL. */
export default function ImoveisListPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const canWrite = hasPermission(user, 'imoveis:write');
  // The property report templates (spec §2.3) have no menu entry of their own (§2.4 lists three items).
  const canTemplates = hasPermission(user, 'reports:manage_templates');
  const phone = useMediaQuery('(max-width:767.98px)');
  const navigate = useNavigate();
  const fieldsQuery = useImovelFields();
  const customFields = useMemo(() => (fieldsQuery.data ?? []).filter((f) => f.isCustom), [fieldsQuery.data]);
  const defaultHidden = useMemo(() => [...BASE_HIDDEN, ...customFields.map((f) => `cf.${f.key}`)], [customFields]);
  const { state, update } = useListUrlState(defaultHidden);
  const params = apiParams(state);
  const { data, isPending, isError, isFetching, refetch } = useImovelList(params);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(state) > 0);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [search, setSearch] = useState(state.q);
  const columns = useListColumns(customFields, canWrite);

  // Quick search: applied 350 ms after the last key.
  useEffect(() => {
    if (search === state.q) return;
    const t = setTimeout(() => update({ q: search }), 350);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  // Back/forward or a shared link changes q from outside.
  useEffect(() => setSearch(state.q), [state.q]);

  const startExport = async () => {
    setExporting(true);
    try {
      await exportImoveis(params);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setExporting(false);
    }
  };

  const rows = data?.imoveis ?? [];
  const total = data?.total ?? 0;
  const visibility: GridColumnVisibilityModel = Object.fromEntries(state.hidden.map((h) => [h, false]));
  const sortModel: GridSortModel = [{ field: state.sort, sort: state.order }];
  const pagination: GridPaginationModel = { page: state.page - 1, pageSize: state.pageSize };
  const nFilters = activeFilterCount(state);

  const actions = (
    <>
      {canWrite && (
        <>
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/imoveis/novo">
            Novo Imóvel
          </Button>
          <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImportOpen(true)}>
            Importar
          </Button>
        </>
      )}
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={() => void startExport()}
        disabled={exporting}
      >
        {exporting ? 'Exportando…' : 'Exportar'}
      </Button>
      {canTemplates && (
        <Button variant="outlined" startIcon={<Assessment />} component={RouterLink} to="/imoveis/relatorios/templates">
          Relatórios
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          canWrite
            ? 'Prédios e terrenos do município: endereço, áreas, situação e uso.'
            : 'Consulta dos imóveis do município.'
        }
        actions={actions}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <SearchField
          id="imoveis-busca"
          label="Buscar por número ou denominação"
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
            aria-controls="imoveis-filtros"
          >
            Filtros
          </Button>
        </Badge>
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ ml: { sm: 'auto' } }}>
          {data ? `${formatNumber(total)} ${total === 1 ? 'imóvel encontrado' : 'imóveis encontrados'}` : ''}
        </Typography>
      </Stack>

      {filtersOpen && (
        <FiltersPanel
          state={state}
          onApply={(filters) => update({ filters })}
          onClear={() => update({ filters: {} })}
        />
      )}

      {isError && !data ? (
        <LoadError message={IMOVEL_MSG.loadFailed} onRetry={() => void refetch()} />
      ) : phone ? (
        <PhoneList
          rows={rows}
          total={total}
          loading={isPending}
          state={state}
          onPage={(page) => update({ page }, false)}
          onSort={(sort, order) => update({ sort, order })}
          onOpen={(id) => navigate(`/imoveis/ver/${id}`)}
        />
      ) : (
        <Paper variant="outlined" sx={{ width: '100%' }}>
          {isError && <LoadError message={IMOVEL_MSG.loadFailed} onRetry={() => void refetch()} />}
          <DataGrid
            aria-label="Imóveis cadastrados"
            rows={rows}
            columns={columns}
            rowCount={total}
            loading={isPending || isFetching}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            disableColumnFilter
            disableRowSelectionOnClick
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
                nFilters || state.q ? 'Nenhum imóvel corresponde à busca ou aos filtros.' : 'Nenhum imóvel cadastrado.',
            }}
            onRowClick={(p) => navigate(`/imoveis/ver/${p.id}`)}
            density="compact"
            sx={{ border: 0, minHeight: 420, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          />
        </Paper>
      )}

      {canWrite && <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} />}
    </>
  );
}
