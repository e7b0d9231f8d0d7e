import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { formatInteger, formatMoney, type AssetsByUserRow } from '@tombo/shared';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import type { PageProps } from '../../lib/feature';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import type { AssetsByUserFilter } from './api';
import { DataList, type Column } from '../../components/DataList';
import { useAssetsByUser, useMunicipalities } from './queries';
import { useDebounced } from './useDebounced';

const LOAD_FAILED = 'Falha ao carregar os bens por usuário.';

const columns: Column<AssetsByUserRow>[] = [
  { key: 'user', label: 'Usuário', primary: true, render: (r) => r.userName },
  { key: 'municipality', label: 'Município', render: (r) => r.municipalityName },
  { key: 'assets', label: 'Bens', align: 'right', render: (r) => formatInteger(r.assets) },
  { key: 'value', label: 'Valor de aquisição', align: 'right', render: (r) => formatMoney(r.totalValue) },
];

/** /superuser/assets-by-user: assets grouped by who registered them or who holds them (their sector's users). */
export default function AssetsByUserPage({ title }: PageProps) {
  const [filter, setFilter] = useState<AssetsByUserFilter>({ by: 'registered', page: 1, pageSize: 25 });
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const query = useAssetsByUser({ ...filter, q: q || undefined });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, LOAD_FAILED);
  const municipalities = useMunicipalities().data?.municipalities ?? [];
  const update = (f: Partial<AssetsByUserFilter>) => setFilter((old) => ({ ...old, page: 1, ...f }));
  const data = query.data;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          filter.by === 'registered'
            ? 'Bens agrupados pelo usuário que os cadastrou.'
            : 'Bens agrupados pelos usuários responsáveis pelo setor em que estão.'
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter.by}
          onChange={(_e, by) => by && update({ by })}
          aria-label="Agrupar por"
        >
          <ToggleButton value="registered">Quem cadastrou</ToggleButton>
          <ToggleButton value="holder">Quem detém (setor)</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          id="abu-municipality"
          label="Município"
          value={filter.municipalityId ?? ''}
          onChange={(e) => update({ municipalityId: e.target.value === '' ? undefined : Number(e.target.value) })}
          sx={{ flex: '1 1 180px', maxWidth: 320 }}
        >
          <MenuItem value="">Todos</MenuItem>
          {municipalities.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: '2 1 220px' }}>
          <SearchField
            id="abu-search"
            label="Buscar usuário"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setFilter((old) => ({ ...old, page: 1 }));
            }}
            fullWidth
          />
        </Box>
      </Box>
      {query.isPending ? (
        <ContentSpinner />
      ) : query.isError && !data ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : !data || data.groups.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState title="Nenhum bem encontrado." />
        </Paper>
      ) : (
        <DataList
          label="Bens por usuário"
          rows={data.groups}
          rowKey={(r) => `${r.municipalityId}:${r.userId ?? r.userName}`}
          columns={columns}
          paging={{
            total: data.total,
            page: filter.page - 1,
            pageSize: filter.pageSize,
            onPage: (p) => setFilter((old) => ({ ...old, page: p + 1 })),
            onPageSize: (pageSize) => update({ pageSize }),
          }}
        />
      )}
    </>
  );
}
