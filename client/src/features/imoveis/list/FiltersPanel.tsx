import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { SITUACOES_IMOVEL, SITUACAO_IMOVEL_LABELS, UTILIZACOES_SUGERIDAS } from '@tombo/shared';
import { sortByName, useSectors } from '../../sectors';
import type { ListState } from './urlState';

interface Props {
  state: ListState;
  onApply: (filters: ListState['filters']) => void;
  onClear: () => void;
}

/** Filters of the list: a draft applied with 'Aplicar filtros' (typing does not refetch at every key). */
export function FiltersPanel({ state, onApply, onClear }: Props) {
  const [draft, setDraft] = useState<ListState['filters']>(state.filters);
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const set = (k: keyof ListState['filters'], v: string) => setDraft((d) => ({ ...d, [k]: v.trim() ? v : undefined }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v?.trim() || undefined])));
  };
  const clear = () => {
    setDraft({});
    onClear();
  };
  const field = { size: 'small' as const, fullWidth: true };
  return (
    <Paper
      variant="outlined"
      component="form"
      id="imoveis-filtros"
      aria-label="Filtros"
      onSubmit={submit}
      sx={{ p: 2, mb: 2 }}
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        <TextField
          {...field}
          select
          id="filtro-situacao"
          label="Situação"
          value={draft.situacao ?? ''}
          onChange={(e) => set('situacao', e.target.value)}
        >
          <MenuItem value="">Todas</MenuItem>
          {SITUACOES_IMOVEL.map((s) => (
            <MenuItem key={s} value={s}>
              {SITUACAO_IMOVEL_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          freeSolo
          options={UTILIZACOES_SUGERIDAS as readonly string[]}
          inputValue={draft.utilizacao ?? ''}
          onInputChange={(_e, v) => set('utilizacao', v)}
          renderInput={(params) => <TextField {...params} {...field} id="filtro-utilizacao" label="Utilização" />}
        />
        <TextField
          {...field}
          select
          id="filtro-setor"
          label="Setor responsável"
          value={draft.sectorId ?? ''}
          onChange={(e) => set('sectorId', e.target.value)}
        >
          <MenuItem value="">Todos</MenuItem>
          {sectors.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field}
          id="filtro-bairro"
          label="Bairro"
          value={draft.bairro ?? ''}
          onChange={(e) => set('bairro', e.target.value)}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={clear}>Limpar filtros</Button>
        <Button type="submit" variant="contained">
          Aplicar filtros
        </Button>
      </Box>
    </Paper>
  );
}
