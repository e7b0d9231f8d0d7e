import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FilterList from '@mui/icons-material/FilterList';
import LibraryAdd from '@mui/icons-material/LibraryAdd';
import Search from '@mui/icons-material/Search';
import UploadFile from '@mui/icons-material/UploadFile';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { MSG, PATRIMONIO_MSG, PATRIMONIO_SORT_KEYS, type FormField, type PatrimonioListItem } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { formatCurrency, formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { hasPermission, useSession } from '../../lib/session';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../app/routes/mainPages';
import { useFormFields } from '../catalogs/useCatalogs';
import { JobProgressPanel } from '../downloads/JobProgressPanel';
import { patchJob } from '../live/cacheUpdates';
import { FiltersPanel } from './FiltersPanel';
import { exportPatrimonios } from './patrimoniosApi';
import { ImportDialog } from './ImportDialog';
import { COLUMN_LABELS, estadoLabel } from './labels';
import { usePatrimonioLive } from './liveSocket';
import { PAGE_SIZES, activeFilterCount, apiParams, readListState, writeListState, type ListState } from './listState';
import { StatusChip } from './StatusChip';
import { usePatrimonioList } from './usePatrimonios';

const BASE_HIDDEN = ['quantidade', 'forma_aquisicao', 'estado_conservacao', 'createdAt', 'updatedAt'];
const SORTABLE = new Set<string>(PATRIMONIO_SORT_KEYS);

function customValue(f: FormField, v: unknown): string {
  if (v == null || v === '') return '';
  if (f.type === 'BOOLEAN') return v === true || v === 'true' ? 'Sim' : 'Não';
  if (f.type === 'DATE' && typeof v === 'string') return formatDate(v);
  if (f.type === 'NUMBER' && typeof v === 'number') return formatNumber(v);
  return String(v);
}

/** /bens-cadastrados: the register, paged, filtered and sorted on the server; state in the URL. */
export default function PatrimoniosListPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const canCreate = hasPermission(user, 'bens:create');
  const canUpdate = hasPermission(user, 'bens:update');
  const phone = useMediaQuery('(max-width:767.98px)');
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const fieldsQuery = useFormFields();
  const customFields = useMemo(() => (fieldsQuery.data ?? []).filter((f) => f.isCustom), [fieldsQuery.data]);
  const defaultHidden = useMemo(() => [...BASE_HIDDEN, ...customFields.map((f) => `cf.${f.key}`)], [customFields]);
  const state = readListState(sp, defaultHidden);
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
  usePatrimonioLive();

  const update = (patch: Partial<ListState>, resetPage = true) => {
    const next = { ...state, ...patch, ...(resetPage && patch.page === undefined ? { page: 1 } : {}) };
    setSp(writeListState(next, defaultHidden), { replace: true });
  };

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

  const columns = useMemo<GridColDef<PatrimonioListItem>[]>(() => {
    const cols: GridColDef<PatrimonioListItem>[] = [
      {
        field: 'numero_patrimonio',
        headerName: COLUMN_LABELS.numero_patrimonio,
        width: 150,
        renderCell: (p) => (
          <Link
            component={RouterLink}
            to={`/bens-cadastrados/ver/${p.row.id}`}
            underline="hover"
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
            onClick={(e) => e.stopPropagation()}
          >
            {p.row.numero_patrimonio}
          </Link>
        ),
      },
      { field: 'descricao_bem', headerName: COLUMN_LABELS.descricao_bem, flex: 1, minWidth: 220 },
      { field: 'tipo', headerName: COLUMN_LABELS.tipo, width: 150, valueGetter: (_v, r) => r.tipo ?? '—' },
      { field: 'setor_responsavel', headerName: COLUMN_LABELS.setor_responsavel, width: 180 },
      {
        field: 'local_objeto',
        headerName: COLUMN_LABELS.local_objeto,
        width: 170,
        valueGetter: (_v, r) => r.local_objeto ?? '—',
      },
      {
        field: 'status',
        headerName: COLUMN_LABELS.status,
        width: 140,
        renderCell: (p) => <StatusChip status={p.row.status} />,
      },
      {
        field: 'valor_aquisicao',
        headerName: COLUMN_LABELS.valor_aquisicao,
        width: 140,
        type: 'number',
        headerAlign: 'right',
        align: 'right',
        valueFormatter: (v: string) => formatCurrency(v),
      },
      { field: 'quantidade', headerName: COLUMN_LABELS.quantidade, width: 80, type: 'number' },
      {
        field: 'data_aquisicao',
        headerName: COLUMN_LABELS.data_aquisicao,
        width: 150,
        valueFormatter: (v: string | null) => (v ? formatDate(v) : '—'),
      },
      {
        field: 'forma_aquisicao',
        headerName: COLUMN_LABELS.forma_aquisicao,
        width: 170,
        valueGetter: (_v, r) => r.forma_aquisicao ?? '—',
      },
      {
        field: 'estado_conservacao',
        headerName: COLUMN_LABELS.estado_conservacao,
        width: 130,
        valueGetter: (_v, r) => estadoLabel(r.estado_conservacao),
      },
      {
        field: 'createdAt',
        headerName: COLUMN_LABELS.createdAt,
        width: 160,
        valueFormatter: (v: string) => formatDateTime(v),
      },
      {
        field: 'updatedAt',
        headerName: COLUMN_LABELS.updatedAt,
        width: 160,
        valueFormatter: (v: string) => formatDateTime(v),
      },
      ...customFields.map<GridColDef<PatrimonioListItem>>((f) => ({
        field: `cf.${f.key}`,
        headerName: f.label,
        width: 150,
        sortable: false,
        valueGetter: (_v, r) => customValue(f, r.customFields?.[f.key]),
      })),
      {
        field: 'acoes',
        headerName: 'Ações',
        width: 100,
        sortable: false,
        hideable: false,
        disableColumnMenu: true,
        align: 'right',
        headerAlign: 'right',
        renderCell: (p) => (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <Tooltip title="Ver detalhes">
              <IconButton
                size="small"
                aria-label={`Ver bem ${p.row.numero_patrimonio}`}
                component={RouterLink}
                to={`/bens-cadastrados/ver/${p.row.id}`}
                onClick={(e) => e.stopPropagation()}
              >
                <VisibilityOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            {canUpdate && (
              <Tooltip title="Editar">
                <IconButton
                  size="small"
                  aria-label={`Editar bem ${p.row.numero_patrimonio}`}
                  component={RouterLink}
                  to={`/bens-cadastrados/editar/${p.row.id}`}
                  onClick={(e) => e.stopPropagation()}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ];
    return cols.map((c) => (SORTABLE.has(c.field) || c.sortable === false ? c : { ...c, sortable: false }));
  }, [customFields, canUpdate]);

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
        <TextField
          id="patrimonios-busca"
          label="Buscar por número ou descrição"
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: 1, maxWidth: { sm: 480 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
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

const PHONE_SORTS: Array<{ value: string; label: string }> = [
  { value: 'createdAt:desc', label: 'Mais recentes' },
  { value: 'numero_patrimonio:asc', label: 'Número (crescente)' },
  { value: 'numero_patrimonio:desc', label: 'Número (decrescente)' },
  { value: 'descricao_bem:asc', label: 'Descrição (A–Z)' },
  { value: 'valor_aquisicao:desc', label: 'Maior valor' },
  { value: 'valor_aquisicao:asc', label: 'Menor valor' },
  { value: 'data_aquisicao:desc', label: 'Aquisição mais recente' },
  { value: 'setor_responsavel:asc', label: 'Setor (A–Z)' },
];

/** Under 768 px the grid becomes a list of cards with the same server paging and sorting. */
function PhoneList({
  rows,
  total,
  loading,
  state,
  onPage,
  onSort,
  onOpen,
}: {
  rows: PatrimonioListItem[];
  total: number;
  loading: boolean;
  state: ListState;
  onPage: (page: number) => void;
  onSort: (sort: ListState['sort'], order: 'asc' | 'desc') => void;
  onOpen: (id: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const current = `${state.sort}:${state.order}`;
  const options = PHONE_SORTS.some((o) => o.value === current)
    ? PHONE_SORTS
    : [
        ...PHONE_SORTS,
        {
          value: current,
          label: `${COLUMN_LABELS[state.sort] ?? state.sort} (${state.order === 'asc' ? 'crescente' : 'decrescente'})`,
        },
      ];
  return (
    <Box>
      <TextField
        select
        size="small"
        id="patrimonios-ordem"
        label="Ordenar por"
        value={current}
        fullWidth
        sx={{ mb: 1.5 }}
        onChange={(e) => {
          const [s, o] = e.target.value.split(':');
          onSort(s as ListState['sort'], o as 'asc' | 'desc');
        }}
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      {!loading && rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState title="Nenhum bem encontrado." />
        </Paper>
      ) : (
        <Stack spacing={1} component="ul" aria-label="Bens cadastrados" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((r) => (
            <Card key={r.id} variant="outlined" component="li">
              <CardActionArea
                onClick={() => onOpen(r.id)}
                aria-label={`Bem ${r.numero_patrimonio}: ${r.descricao_bem}`}
              >
                <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                    <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                      {r.numero_patrimonio}
                    </Typography>
                    <StatusChip status={r.status} />
                  </Stack>
                  <Typography
                    variant="body2"
                    sx={{
                      mt: 0.5,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                    }}
                  >
                    {r.descricao_bem}
                  </Typography>
                  <Stack direction="row" justifyContent="space-between" sx={{ mt: 0.5 }} spacing={1}>
                    <Typography variant="caption" color="text.secondary" noWrap>
                      {r.setor_responsavel}
                      {r.local_objeto ? ` · ${r.local_objeto}` : ''}
                    </Typography>
                    <Typography variant="caption" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {formatCurrency(r.valor_aquisicao)}
                    </Typography>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination
            count={pages}
            page={state.page}
            onChange={(_e, p) => onPage(p)}
            siblingCount={0}
            color="primary"
          />
        </Box>
      )}
    </Box>
  );
}
