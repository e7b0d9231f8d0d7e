import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import {
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  decimalInput,
  formatDate,
  maskDateBR,
  parseDateBR,
  parseMoney,
  type FormField,
} from '@tombo/shared';
import { sortByName, useSectors } from '../../sectors';
import { useLocais } from '../../locais';
import { byName, useFormas, useTipos } from '../../catalogs';
import type { FilterKey, ListState } from './urlState';

/** A date-only filter as the input shows it ('' when there is none). */
const isoToBR = (iso: string | undefined) => formatDate(iso, { invalid: '' });

interface Props {
  state: ListState;
  customFields: FormField[];
  onApply: (filters: ListState['filters'], cf: Record<string, string>) => void;
  onClear: () => void;
}

type Draft = Partial<Record<FilterKey, string>>;

const fromState = (s: ListState): Draft => ({
  ...s.filters,
  valorMin: s.filters.valorMin ? decimalInput(s.filters.valorMin) : undefined,
  valorMax: s.filters.valorMax ? decimalInput(s.filters.valorMax) : undefined,
  dataDe: isoToBR(s.filters.dataDe) || undefined,
  dataAte: isoToBR(s.filters.dataAte) || undefined,
});

/** Filters of the list: a draft applied with 'Aplicar filtros' (so typing a value does not refetch at every key). */
export function FiltersPanel({ state, customFields, onApply, onClear }: Props) {
  const [draft, setDraft] = useState<Draft>(() => fromState(state));
  const [cf, setCf] = useState<Record<string, string>>(() => ({
    ...state.cf,
    ...Object.fromEntries(
      customFields.filter((f) => f.type === 'DATE' && state.cf[f.key]).map((f) => [f.key, isoToBR(state.cf[f.key])]),
    ),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const locais = sortByName(useLocais(draft.sectorId ? Number(draft.sectorId) : undefined).data?.locais ?? []);
  const tipos = byName(useTipos().data ?? []);
  const formas = byName(useFormas().data ?? []);
  const set = (k: FilterKey, v: string) => setDraft((d) => ({ ...d, [k]: v || undefined }));
  const statuses = draft.status ? draft.status.split(',') : [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const out: ListState['filters'] = { ...draft };
    for (const k of ['valorMin', 'valorMax'] as const) {
      if (!draft[k]) continue;
      const v = parseMoney(draft[k]!);
      if (v == null) errs[k] = 'Valor inválido (ex.: 1.234,56).';
      else out[k] = v;
    }
    for (const k of ['dataDe', 'dataAte'] as const) {
      if (!draft[k]) continue;
      const v = parseDateBR(draft[k]!);
      if (v == null) errs[k] = 'Data inválida (dd/mm/aaaa).';
      else out[k] = v;
    }
    const cfOut: Record<string, string> = {};
    for (const f of customFields) {
      const raw = cf[f.key];
      if (!raw) continue;
      if (f.type === 'DATE') {
        const v = parseDateBR(raw);
        if (v == null) errs[`cf.${f.key}`] = 'Data inválida (dd/mm/aaaa).';
        else cfOut[f.key] = v;
      } else cfOut[f.key] = raw;
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    onApply(out, cfOut);
  };

  const clear = () => {
    setDraft({});
    setCf({});
    setErrors({});
    onClear();
  };

  const field = { size: 'small' as const, fullWidth: true };
  return (
    <Paper
      variant="outlined"
      component="form"
      id="patrimonios-filtros"
      aria-label="Filtros"
      onSubmit={submit}
      sx={{ p: 2, mb: 2 }}
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        <TextField
          {...field}
          select
          id="filtro-setor"
          label="Setor"
          value={draft.sectorId ?? ''}
          onChange={(e) => setDraft((d) => ({ ...d, sectorId: e.target.value || undefined, localId: undefined }))}
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
          select
          id="filtro-local"
          label="Local"
          value={draft.localId ?? ''}
          onChange={(e) => set('localId', e.target.value)}
        >
          <MenuItem value="">Todos</MenuItem>
          {locais.map((l) => (
            <MenuItem key={l.id} value={String(l.id)}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field}
          select
          id="filtro-tipo"
          label="Tipo"
          value={draft.tipoId ?? ''}
          onChange={(e) => set('tipoId', e.target.value)}
        >
          <MenuItem value="">Todos</MenuItem>
          {tipos.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field}
          select
          id="filtro-status"
          label="Status"
          value={statuses}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (v) =>
                (v as string[])
                  .map((s) => PATRIMONIO_STATUS_LABELS[s as keyof typeof PATRIMONIO_STATUS_LABELS] ?? s)
                  .join(', '),
            },
          }}
          onChange={(e) => {
            const v = e.target.value as unknown as string[] | string;
            set('status', (Array.isArray(v) ? v : v.split(',')).filter(Boolean).join(','));
          }}
        >
          {PATRIMONIO_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              <Checkbox size="small" checked={statuses.includes(s)} sx={{ p: 0, mr: 1 }} />
              <ListItemText primary={PATRIMONIO_STATUS_LABELS[s]} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field}
          select
          id="filtro-forma"
          label="Forma de aquisição"
          value={draft.formaId ?? ''}
          onChange={(e) => set('formaId', e.target.value)}
        >
          <MenuItem value="">Todas</MenuItem>
          {formas.map((f) => (
            <MenuItem key={f.id} value={String(f.id)}>
              {f.nome}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field}
          select
          id="filtro-estado"
          label="Estado de conservação"
          value={draft.estado ?? ''}
          onChange={(e) => set('estado', e.target.value)}
        >
          <MenuItem value="">Todos</MenuItem>
          {ESTADOS_CONSERVACAO.map((s) => (
            <MenuItem key={s} value={s}>
              {ESTADO_CONSERVACAO_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field}
          id="filtro-valor-min"
          label="Valor mínimo"
          value={draft.valorMin ?? ''}
          onChange={(e) => set('valorMin', e.target.value)}
          error={!!errors.valorMin}
          helperText={errors.valorMin}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
        />
        <TextField
          {...field}
          id="filtro-valor-max"
          label="Valor máximo"
          value={draft.valorMax ?? ''}
          onChange={(e) => set('valorMax', e.target.value)}
          error={!!errors.valorMax}
          helperText={errors.valorMax}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
        />
        <TextField
          {...field}
          id="filtro-data-de"
          label="Adquirido a partir de"
          placeholder="dd/mm/aaaa"
          value={draft.dataDe ?? ''}
          onChange={(e) => set('dataDe', maskDateBR(e.target.value))}
          error={!!errors.dataDe}
          helperText={errors.dataDe}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          {...field}
          id="filtro-data-ate"
          label="Adquirido até"
          placeholder="dd/mm/aaaa"
          value={draft.dataAte ?? ''}
          onChange={(e) => set('dataAte', maskDateBR(e.target.value))}
          error={!!errors.dataAte}
          helperText={errors.dataAte}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        {customFields.map((f) => {
          const id = `filtro-cf-${f.key}`;
          const v = cf[f.key] ?? '';
          const onChange = (value: string) => setCf((c) => ({ ...c, [f.key]: value }));
          if (f.type === 'SELECT' || f.type === 'BOOLEAN') {
            const opts =
              f.type === 'BOOLEAN'
                ? [
                    ['true', 'Sim'],
                    ['false', 'Não'],
                  ]
                : (f.options ?? []).map((o) => [o, o]);
            return (
              <TextField
                key={f.key}
                {...field}
                select
                id={id}
                label={f.label}
                value={v}
                onChange={(e) => onChange(e.target.value)}
              >
                <MenuItem value="">Todos</MenuItem>
                {opts.map(([val, label]) => (
                  <MenuItem key={val} value={val}>
                    {label}
                  </MenuItem>
                ))}
              </TextField>
            );
          }
          return (
            <TextField
              key={f.key}
              {...field}
              id={id}
              label={f.label}
              value={v}
              placeholder={f.type === 'DATE' ? 'dd/mm/aaaa' : undefined}
              onChange={(e) => onChange(f.type === 'DATE' ? maskDateBR(e.target.value) : e.target.value)}
              error={!!errors[`cf.${f.key}`]}
              helperText={errors[`cf.${f.key}`]}
              slotProps={{
                htmlInput: { inputMode: f.type === 'NUMBER' ? 'decimal' : f.type === 'DATE' ? 'numeric' : 'text' },
              }}
            />
          );
        })}
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
