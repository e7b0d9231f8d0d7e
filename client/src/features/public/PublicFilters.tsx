import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { PATRIMONIO_STATUSES, PATRIMONIO_STATUS_LABELS, type PublicFiltros } from '@tombo/shared';
import { PUBLIC_FILTER_KEYS, type PublicFilterKey, type PublicListState } from './publicListState';

interface Props {
  id: string;
  filtros: PublicFiltros | undefined;
  value: PublicListState['filters'];
  onChange: (filters: PublicListState['filters']) => void;
}

/** Advanced filter of the public list: sector, type and status, applied as soon as one is chosen. */
export function PublicFilters({ id, filtros, value, onChange }: Props) {
  const options: Record<PublicFilterKey, Array<{ value: string; label: string }>> = {
    sectorId: (filtros?.sectors ?? []).map((s) => ({ value: String(s.id), label: s.name })),
    tipoId: (filtros?.tiposBens ?? []).map((t) => ({ value: String(t.id), label: t.name })),
    status: PATRIMONIO_STATUSES.map((s) => ({ value: s, label: PATRIMONIO_STATUS_LABELS[s] })),
  };
  const labels: Record<PublicFilterKey, string> = { sectorId: 'Setor', tipoId: 'Tipo', status: 'Status' };
  const active = PUBLIC_FILTER_KEYS.some((k) => !!value[k]);
  return (
    <Paper variant="outlined" component="section" id={id} aria-label="Filtros avançados" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {PUBLIC_FILTER_KEYS.map((k) => {
          const current = value[k] ?? '';
          // A value the options do not hold (yet) shows as 'Todos' rather than an out-of-range select.
          const shown = options[k].some((o) => o.value === current) ? current : '';
          return (
            <TextField
              key={k}
              select
              size="small"
              fullWidth
              id={`consulta-filtro-${k}`}
              label={labels[k]}
              value={shown}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              onChange={(e) => onChange({ ...value, [k]: e.target.value || undefined })}
            >
              <MenuItem value="">Todos</MenuItem>
              {options[k].map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
      {active && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
          <Button onClick={() => onChange({})}>Limpar filtros</Button>
        </Box>
      )}
    </Paper>
  );
}
