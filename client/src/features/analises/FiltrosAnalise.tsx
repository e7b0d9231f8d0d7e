import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  ANALISE_MSG,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  formatDate,
  maskDateBR,
  parseDateBR,
} from '@tombo/shared';
import { byName, useTipos } from '../catalogs';
import { sortByName, useSectors } from '../sectors';
import { FILTER_KEYS, type Filtros } from './filters';

interface Props {
  value: Filtros;
  /** A patch of the filters (a key set to undefined is cleared). */
  onChange: (patch: Filtros) => void;
  /** The status filter (by sector / by type) or the granularity (over time). */
  kind: 'grupo' | 'temporal';
}

const isoToBR = (iso?: string) => formatDate(iso, { invalid: '' });

/** A period bound typed as dd/mm/aaaa: applied when complete and valid (on leaving the field or Enter). */
function DateFilter(p: { id: string; label: string; value?: string; onApply: (iso: string | undefined) => void }) {
  const [text, setText] = useState(isoToBR(p.value));
  const [error, setError] = useState('');
  useEffect(() => setText(isoToBR(p.value)), [p.value]);
  const apply = () => {
    if (!text) {
      setError('');
      if (p.value) p.onApply(undefined);
      return;
    }
    const iso = parseDateBR(text);
    if (!iso) return setError('Data inválida (dd/mm/aaaa).');
    setError('');
    if (iso !== p.value) p.onApply(iso);
  };
  return (
    <TextField
      size="small"
      fullWidth
      id={p.id}
      label={p.label}
      placeholder="dd/mm/aaaa"
      value={text}
      error={!!error}
      helperText={error || undefined}
      onChange={(e) => setText(maskDateBR(e.target.value))}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

/** The analyses' filters: sector, type, status or granularity, and the period; each applies at once. */
export function FiltrosAnalise({ value, onChange, kind }: Props) {
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const tipos = byName(useTipos().data ?? []);
  const set = (patch: Filtros) => onChange(patch);
  const [periodError, setPeriodError] = useState('');
  const setDate = (k: 'dataDe' | 'dataAte', iso: string | undefined) => {
    const next = { ...value, [k]: iso };
    if (next.dataDe && next.dataAte && next.dataDe > next.dataAte) return setPeriodError(ANALISE_MSG.periodoInvalido);
    setPeriodError('');
    onChange({ [k]: iso });
  };
  const status = value.status ? value.status.split(',') : [];
  return (
    <Paper variant="outlined" component="section" aria-label="Filtros" sx={{ p: 2, mb: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
        }}
      >
        <TextField
          size="small"
          fullWidth
          select
          id="analise-setor"
          label="Setor"
          value={value.sectorId ?? ''}
          onChange={(e) => set({ sectorId: e.target.value || undefined })}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        >
          <MenuItem value="">Todos</MenuItem>
          {sectors.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          fullWidth
          select
          id="analise-tipo"
          label="Tipo"
          value={value.tipoId ?? ''}
          onChange={(e) => set({ tipoId: e.target.value || undefined })}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        >
          <MenuItem value="">Todos</MenuItem>
          {tipos.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        {kind === 'grupo' && (
          <TextField
            size="small"
            fullWidth
            select
            id="analise-status"
            label="Status"
            value={status}
            onChange={(e) => {
              const v = e.target.value as unknown as string[] | string;
              const list = typeof v === 'string' ? v.split(',') : v;
              set({ status: list.filter(Boolean).join(',') || undefined });
            }}
            slotProps={{
              select: {
                multiple: true,
                displayEmpty: true,
                renderValue: (sel) =>
                  (sel as string[]).length
                    ? (sel as string[]).map((s) => PATRIMONIO_STATUS_LABELS[s as 'ativo'] ?? s).join(', ')
                    : 'Todos',
              },
              inputLabel: { shrink: true },
            }}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          >
            {PATRIMONIO_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {PATRIMONIO_STATUS_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
        )}
        <DateFilter
          id="analise-de"
          label={kind === 'grupo' ? 'Aquisição de' : 'De'}
          value={value.dataDe}
          onApply={(iso) => setDate('dataDe', iso)}
        />
        <DateFilter
          id="analise-ate"
          label={kind === 'grupo' ? 'Aquisição até' : 'Até'}
          value={value.dataAte}
          onApply={(iso) => setDate('dataAte', iso)}
        />
        {kind === 'temporal' && (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-label="Agrupar por"
            value={value.granularidade ?? 'mes'}
            onChange={(_e, g: string | null) => g && set({ granularidade: g === 'mes' ? undefined : g })}
            sx={{ height: 40 }}
          >
            <ToggleButton value="mes">Por mês</ToggleButton>
            <ToggleButton value="ano">Por ano</ToggleButton>
          </ToggleButtonGroup>
        )}
        <Button
          onClick={() => onChange(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])))}
          sx={{ height: 40, justifySelf: 'start' }}
        >
          Limpar filtros
        </Button>
      </Box>
      {periodError && (
        <Box role="alert" sx={{ color: 'error.main', mt: 1, typography: 'body2' }}>
          {periodError}
        </Box>
      )}
    </Paper>
  );
}
