import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import {
  TRANSFER_MSG,
  TRANSFER_STATUS_LABELS,
  TRANSFER_TYPE_LABELS,
  formatDate,
  maskDateBR,
  parseDateBR,
} from '@tombo/shared';
import { sortByName, useSectors } from '../sectors';
import type { Filters } from './filters';

/** '2024-12-31' → '31/12/2024' for the inputs ('' for nothing or garbage in the URL). */
const isoToBR = (iso?: string) => formatDate(iso, { invalid: '' });
type Option = { value: string; label: string };
const TYPES: Option[] = Object.entries(TRANSFER_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** A select filter whose empty choice is 'Todos'. */
function Choice(p: {
  id: string;
  label: string;
  title?: string;
  value?: string;
  options: Option[];
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      size="small"
      fullWidth
      select
      id={p.id}
      label={p.label}
      title={p.title}
      value={p.value ?? ''}
      onChange={(e) => p.onChange(e.target.value)}
    >
      <MenuItem value="">Todos</MenuItem>
      {p.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
const fromFilters = (f: Filters): Filters => ({ ...f, dataDe: isoToBR(f.dataDe), dataAte: isoToBR(f.dataAte) });

interface Props {
  value: Filters;
  /** The status choices this screen offers (none = no status filter). */
  statuses: Option[];
  /** Show the asset-number search (the list; the report counts by sector and month). */
  numero?: boolean;
  onApply: (f: Filters) => void;
}

/** Status choices for the decided tab, and for every status. */
export const DECIDED_STATUSES = [
  { value: 'aprovada', label: TRANSFER_STATUS_LABELS.aprovada },
  { value: 'rejeitada', label: TRANSFER_STATUS_LABELS.rejeitada },
];
export const ALL_STATUSES = [{ value: 'pendente', label: TRANSFER_STATUS_LABELS.pendente }, ...DECIDED_STATUSES];

/** Filters by type, status, sector, request period (dd/mm/aaaa) and asset number, applied with a button. */
export function TransferFiltersPanel({ value, statuses, numero = true, onApply }: Props) {
  const [draft, setDraft] = useState<Filters>(() => fromFilters(value));
  const [errors, setErrors] = useState<Partial<Record<keyof Filters, string>>>({});
  const key = JSON.stringify(value);
  useEffect(() => setDraft(fromFilters(JSON.parse(key) as Filters)), [key]);
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const set = (k: keyof Filters, v: string) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const out: Filters = { ...draft };
    const errs: typeof errors = {};
    for (const k of ['dataDe', 'dataAte'] as const) {
      if (!draft[k]) continue;
      const iso = parseDateBR(draft[k]!);
      if (iso) out[k] = iso;
      else errs[k] = 'Data inválida (dd/mm/aaaa).';
    }
    if (!errs.dataDe && !errs.dataAte && out.dataDe && out.dataAte && out.dataDe > out.dataAte)
      errs.dataAte = TRANSFER_MSG.periodInvalid;
    setErrors(errs);
    if (Object.keys(errs).length === 0) onApply(out);
  };
  const clear = () => {
    setDraft({});
    setErrors({});
    onApply({});
  };
  const field = { size: 'small' as const, fullWidth: true };

  return (
    <Paper variant="outlined" component="form" aria-label="Filtros" onSubmit={submit} sx={{ p: 2, mb: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
        }}
      >
        <Choice id="filtro-tipo" label="Tipo" value={draft.type} options={TYPES} onChange={(v) => set('type', v)} />
        {statuses.length > 0 && (
          <Choice
            id="filtro-status"
            label="Status"
            value={draft.status}
            options={statuses}
            onChange={(v) => set('status', v)}
          />
        )}
        <Choice
          id="filtro-setor"
          label="Setor"
          title="Setor de origem ou de destino"
          value={draft.sectorId}
          options={sectors.map((x) => ({ value: String(x.id), label: x.name }))}
          onChange={(v) => set('sectorId', v)}
        />
        {(['dataDe', 'dataAte'] as const).map((k) => (
          <TextField
            {...field}
            key={k}
            id={`filtro-${k}`}
            label={k === 'dataDe' ? 'Solicitado de' : 'Solicitado até'}
            placeholder="dd/mm/aaaa"
            value={draft[k] ?? ''}
            onChange={(e) => set(k, maskDateBR(e.target.value))}
            error={!!errors[k]}
            helperText={errors[k]}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        ))}
        {numero && (
          <TextField
            {...field}
            id="filtro-numero"
            label="Nº do bem"
            value={draft.numero ?? ''}
            onChange={(e) => set('numero', e.target.value)}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1.5 }}>
        <Button onClick={clear}>Limpar</Button>
        <Button type="submit" variant="contained">
          Aplicar filtros
        </Button>
      </Box>
    </Paper>
  );
}
