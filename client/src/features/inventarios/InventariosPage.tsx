import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { INVENTARIO_MSG, type InventarioListItem } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { useCan } from '../../lib/permissions';
import { sortByName, useSectors } from '../sectors';
import { InventarioCards, type InventarioListProps } from './InventarioCards';
import { InventarioTable } from './InventarioTable';
import { useInventarioList, useInventarioMutations } from './queries';
import { INVENTARIO_TABS, apiParams, useInventarioListState, type InventarioTab } from './urlState';

/** /inventarios: inventories with their progress (found / total), filters in the URL, live updates. */
export default function InventariosPage({ title }: PageProps) {
  const can = useCan();
  const canCreate = can('inventarios:create');
  const canManage = can('inventarios:manage');
  const canCount = can('inventarios:count');
  const phone = useMediaQuery('(max-width:767.98px)');
  const navigate = useNavigate();
  const { state, update } = useInventarioListState();
  const { data, isPending, isError, refetch } = useInventarioList(apiParams(state));
  const { remove } = useInventarioMutations();
  const [deleting, setDeleting] = useState<InventarioListItem | null>(null);
  const [text, setText] = useState(state.q);
  useEffect(() => setText(state.q), [state.q]);
  useEffect(() => {
    if (text.trim() === state.q.trim()) return;
    const t = setTimeout(() => update({ q: text }), 300);
    return () => clearTimeout(t);
  }, [text, state.q, update]);
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const filtered = !!(state.q || state.sectorId);
  const rows = data?.inventarios ?? [];
  const listProps = (total: number): InventarioListProps => ({
    rows,
    total,
    page: state.page,
    pageSize: state.pageSize,
    canCount,
    canManage,
    onPage: (page) => update({ page }),
    onEdit: (inv) => navigate(`/inventarios/editar/${inv.id}`),
    onDelete: setDeleting,
  });

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Contagens dos bens por setor feitas pela comissão, ao vivo e também sem conexão."
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/inventarios/novo">
              Novo inventário
            </Button>
          )
        }
      />
      <Tabs
        value={state.tab}
        onChange={(_e, tab: InventarioTab) => update({ tab })}
        variant={phone ? 'fullWidth' : 'standard'}
        aria-label="Situação dos inventários"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {INVENTARIO_TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} sx={phone ? { minWidth: 0, px: 0.5 } : undefined} />
        ))}
      </Tabs>
      <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 2fr) 1fr' } }}>
        <TextField
          id="inventarios-busca"
          size="small"
          label="Buscar"
          placeholder="Título ou descrição"
          value={text}
          onChange={(e) => setText(e.target.value)}
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
        <TextField
          select
          id="inventarios-setor"
          size="small"
          label="Setor"
          value={state.sectorId}
          onChange={(e) => update({ sectorId: e.target.value })}
        >
          <MenuItem value="">Todos os setores</MenuItem>
          {sectors.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message={INVENTARIO_MSG.loadFailed} onRetry={() => void refetch()} />
      ) : rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            title={filtered ? 'Nenhum inventário encontrado com estes filtros.' : 'Nenhum inventário nesta situação.'}
            description={canCreate && !filtered ? 'Use "Novo inventário" para começar uma contagem.' : undefined}
          />
        </Paper>
      ) : phone ? (
        <InventarioCards {...listProps(data.total)} />
      ) : (
        <InventarioTable {...listProps(data.total)} onPageSize={(pageSize) => update({ pageSize })} />
      )}

      <ConfirmDialog
        open={!!deleting}
        title="Excluir inventário"
        message={
          deleting && (
            <>
              Excluir o inventário <strong>{deleting.title}</strong> e as leituras já feitas? Esta ação não pode ser
              desfeita.
            </>
          )
        }
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </>
  );
}
