import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  MANUTENCAO_FILTRO_STATUS,
  STATUS_MANUTENCAO_LABELS,
  TIPOS_MANUTENCAO,
  TIPO_MANUTENCAO_LABELS,
} from '@tombo/shared';
import type { ManutencaoListState } from './urlState';

interface Props {
  state: ManutencaoListState;
  update: (patch: Partial<ManutencaoListState>) => void;
  /** The property filtered by `?imovelId=`, for its chip. */
  imovelLabel: string | null;
}

/** Search, status (with 'Atrasada'), type, and the property chip of a `?imovelId=` link. */
export function ManutencaoFilters({ state, update, imovelLabel }: Props) {
  const [q, setQ] = useState(state.q);
  useEffect(() => setQ(state.q), [state.q]);
  useEffect(() => {
    const t = setTimeout(() => q !== state.q && update({ q }), 350);
    return () => clearTimeout(t);
  }, [q, state.q, update]);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' },
        mb: 2,
      }}
    >
      <TextField
        id="manutencao-busca"
        label="Buscar"
        placeholder="Tarefa ou imóvel"
        size="small"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      />
      <TextField
        select
        id="manutencao-filtro-status"
        label="Status"
        size="small"
        value={state.status}
        onChange={(e) => update({ status: e.target.value })}
      >
        <MenuItem value="">Todos</MenuItem>
        {MANUTENCAO_FILTRO_STATUS.map((s) => (
          <MenuItem key={s} value={s}>
            {STATUS_MANUTENCAO_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        id="manutencao-filtro-tipo"
        label="Tipo"
        size="small"
        value={state.tipo}
        onChange={(e) => update({ tipo: e.target.value })}
      >
        <MenuItem value="">Todos</MenuItem>
        {TIPOS_MANUTENCAO.map((t) => (
          <MenuItem key={t} value={t}>
            {TIPO_MANUTENCAO_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      {state.imovelId && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Chip
            label={`Imóvel: ${imovelLabel ?? `#${state.imovelId}`}`}
            onDelete={() => update({ imovelId: '' })}
            color="primary"
            variant="outlined"
          />
        </Box>
      )}
    </Box>
  );
}
