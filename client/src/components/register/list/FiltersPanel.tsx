import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { decimalInput, formatDate, maskDateBR, parseDateBR, parseMoney } from '@tombo/shared';
import type { FilterDef } from './types';

type Values = Record<string, string>;

/** A filter's URL value as its input shows it (R$ and dates in pt-BR). */
function shown(def: FilterDef | undefined, v: string): string {
  if (def?.kind === 'money') return decimalInput(v);
  if (def?.kind === 'date') return formatDate(v, { invalid: '' });
  return v;
}

/** The URL values of a draft, or the pt-BR error of each input that does not read. */
function parse(defs: FilterDef[], draft: Values): { values: Values; errors: Values } {
  const values: Values = {};
  const errors: Values = {};
  for (const d of defs) {
    const raw = draft[d.key]?.trim();
    if (!raw) continue;
    if (d.kind === 'money') {
      const v = parseMoney(raw);
      if (v == null) errors[d.key] = 'Valor inválido (ex.: 1.234,56).';
      else values[d.key] = v;
    } else if (d.kind === 'date') {
      const v = parseDateBR(raw);
      if (v == null) errors[d.key] = 'Data inválida (dd/mm/aaaa).';
      else values[d.key] = v;
    } else values[d.key] = raw;
  }
  return { values, errors };
}

interface Props {
  id: string;
  /** The filters as a hook of the draft and the tab (a place list follows the sector chosen). */
  useFilters: (draft: Values, tab: string) => FilterDef[];
  tab: string;
  /** Errors of values that do not go together (checked after each reads on its own). */
  check?: (values: Values) => Values;
  value: Values;
  onApply: (filters: Values) => void;
}

/** A register's filters: a draft applied with 'Aplicar filtros', so typing a value does not refetch at every key. */
export function FiltersPanel({ id, useFilters, tab, check, value, onApply }: Props) {
  const [display, setDisplay] = useState<Values>(value);
  const defs = useFilters(display, tab);
  // The URL's values as the inputs show them, once the definitions are known.
  const [seen, setSeen] = useState(false);
  if (!seen && defs.length) {
    setSeen(true);
    setDisplay(
      Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          shown(
            defs.find((d) => d.key === k),
            v,
          ),
        ]),
      ),
    );
  }
  const [errors, setErrors] = useState<Values>({});
  const set = (d: FilterDef, v: string) => {
    const clear = Object.fromEntries((d.resets ?? []).map((k) => [k, '']));
    setDisplay((x) => ({ ...x, ...clear, [d.key]: v }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = parse(defs, display);
    if (check && Object.keys(r.errors).length === 0) r.errors = check(r.values);
    setErrors(r.errors);
    if (Object.keys(r.errors).length === 0) onApply(r.values);
  };
  const clear = () => {
    setDisplay({});
    setErrors({});
    onApply({});
  };
  return (
    <Paper variant="outlined" component="form" id={id} aria-label="Filtros" onSubmit={submit} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        {defs.map((d) => (
          <FilterInput key={d.key} def={d} value={display[d.key] ?? ''} error={errors[d.key]} onChange={set} />
        ))}
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

function FilterInput({
  def: d,
  value,
  error,
  onChange,
}: {
  def: FilterDef;
  value: string;
  error?: string;
  onChange: (d: FilterDef, v: string) => void;
}) {
  const common = {
    size: 'small' as const,
    fullWidth: true,
    id: `filtro-${d.key.replace(/\W/g, '-')}`,
    label: d.label,
    error: !!error,
    helperText: error,
  };
  if (d.kind === 'suggest')
    return (
      <Autocomplete
        freeSolo
        options={(d.options ?? []).map((o) => o.value)}
        inputValue={value}
        onInputChange={(_e, v) => onChange(d, v)}
        renderInput={(params) => <TextField {...params} {...common} />}
      />
    );
  if (d.kind === 'multi') {
    const list = value ? value.split(',') : [];
    const label = (v: string) => d.options?.find((o) => o.value === v)?.label ?? v;
    return (
      <TextField
        {...common}
        select
        value={list}
        slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map(label).join(', ') } }}
        onChange={(e) => {
          const v = e.target.value as unknown as string[] | string;
          onChange(d, (Array.isArray(v) ? v : v.split(',')).filter(Boolean).join(','));
        }}
      >
        {(d.options ?? []).map((o) => (
          <MenuItem key={o.value} value={o.value}>
            <Checkbox size="small" checked={list.includes(o.value)} sx={{ p: 0, mr: 1 }} />
            <ListItemText primary={o.label} />
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (d.kind === 'select')
    return (
      <TextField {...common} select value={value} onChange={(e) => onChange(d, e.target.value)}>
        <MenuItem value="">{d.all ?? 'Todos'}</MenuItem>
        {(d.options ?? []).map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <TextField
      {...common}
      value={value}
      placeholder={d.kind === 'date' ? 'dd/mm/aaaa' : undefined}
      onChange={(e) => onChange(d, d.kind === 'date' ? maskDateBR(e.target.value) : e.target.value)}
      slotProps={{
        input:
          d.kind === 'money' ? { startAdornment: <InputAdornment position="start">R$</InputAdornment> } : undefined,
        htmlInput: { inputMode: d.kind === 'money' ? 'decimal' : d.kind === 'date' ? 'numeric' : 'text' },
      }}
    />
  );
}
