import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  AUDIT_ACTIONS_BY_ENTITY,
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_MSG,
  CLIENT_AUDIT_ACTIONS,
  CLIENT_AUDIT_PREFIX,
  auditActionLabel,
  formatDate,
  maskDateBR,
  parseDateBR,
  type AuditAuthor,
  type AuditFilters as Filters,
} from '@tombo/shared';

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, 'pt-BR');
const ENTITIES = Object.entries(AUDIT_ENTITY_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort(byLabel);
/** Every stored action code: the server's, and the browser's under their prefix. */
const ALL_ACTIONS = [
  ...Object.keys(AUDIT_ACTION_LABELS).filter((a) => !(CLIENT_AUDIT_ACTIONS as readonly string[]).includes(a)),
  ...CLIENT_AUDIT_ACTIONS.map((a) => `${CLIENT_AUDIT_PREFIX}${a}`),
];
const actionsOf = (entity?: string) =>
  [...new Set(entity ? (AUDIT_ACTIONS_BY_ENTITY[entity] ?? ALL_ACTIONS) : ALL_ACTIONS)]
    .map((value) => ({ value, label: auditActionLabel(value) }))
    .sort(byLabel);

const DATE_ERROR = 'Data inválida (dd/mm/aaaa).';
const ORDER_ERROR = 'A data final deve ser igual ou posterior à inicial.';

interface Props {
  filters: Filters;
  authors: AuditAuthor[];
  /** The filters to change (undefined clears one), or null to clear them all. */
  onChange: (patch: Partial<Filters> | null) => void;
}

/** The log's filters: user, entity, action (of that entity) and period; each applies as soon as it is valid. */
export function AuditFilters({ filters, authors, onChange }: Props) {
  const [dates, setDates] = useState({
    from: formatDate(filters.from, { invalid: '' }),
    to: formatDate(filters.to, { invalid: '' }),
  });
  useEffect(() => {
    setDates({ from: formatDate(filters.from, { invalid: '' }), to: formatDate(filters.to, { invalid: '' }) });
  }, [filters.from, filters.to]);
  const set = (patch: Partial<Filters>) => onChange(patch);
  const dateError = (k: 'from' | 'to') => {
    const text = dates[k];
    if (!text) return '';
    if (text.length < 10) return '';
    const iso = parseDateBR(text);
    if (!iso) return DATE_ERROR;
    const other = k === 'from' ? parseDateBR(dates.to) : parseDateBR(dates.from);
    if (k === 'to' && other && iso < other) return ORDER_ERROR;
    return '';
  };
  const typeDate = (k: 'from' | 'to', raw: string) => {
    const text = maskDateBR(raw);
    setDates((d) => ({ ...d, [k]: text }));
    if (!text) return set({ [k]: undefined });
    const iso = parseDateBR(text);
    const other = k === 'from' ? filters.to : filters.from;
    if (iso && !(other && (k === 'from' ? iso > other : iso < other))) set({ [k]: iso });
  };
  const actions = actionsOf(filters.entityType);
  const author = authors.find((a) => a.id === filters.userId) ?? null;

  return (
    <Box
      component="form"
      role="search"
      aria-label="Filtros dos registros"
      onSubmit={(e) => e.preventDefault()}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1.3fr 1fr 1.3fr 0.8fr 0.8fr auto auto' },
        alignItems: 'start',
      }}
    >
      <Autocomplete
        size="small"
        options={authors}
        value={author}
        getOptionLabel={(a) => a.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, a) => set({ userId: a?.id })}
        noOptionsText="Nenhum usuário"
        renderInput={(params) => <TextField {...params} label="Usuário" placeholder="Todos" />}
      />
      <TextField
        select
        size="small"
        label="Entidade"
        value={filters.entityType ?? ''}
        onChange={(e) => {
          const entityType = e.target.value || undefined;
          const keep = filters.action && actionsOf(entityType).some((a) => a.value === filters.action);
          set({ entityType, action: keep ? filters.action : undefined });
        }}
      >
        <MenuItem value="">Todas</MenuItem>
        {ENTITIES.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Ação"
        value={filters.action ?? ''}
        onChange={(e) => set({ action: e.target.value || undefined })}
      >
        <MenuItem value="">Todas</MenuItem>
        {actions.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      {(['from', 'to'] as const).map((k) => (
        <TextField
          key={k}
          size="small"
          label={k === 'from' ? 'De' : 'Até'}
          placeholder="dd/mm/aaaa"
          value={dates[k]}
          onChange={(e) => typeDate(k, e.target.value)}
          error={!!dateError(k)}
          helperText={dateError(k) || undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        />
      ))}
      <FormControlLabel
        sx={{ height: 40, mx: 0 }}
        title={AUDIT_MSG.showAccessHint}
        control={
          <Switch
            checked={!!filters.includeAccess}
            onChange={(e) => set({ includeAccess: e.target.checked || undefined })}
          />
        }
        label={AUDIT_MSG.showAccess}
      />
      <Button
        variant="text"
        onClick={() => {
          setDates({ from: '', to: '' });
          onChange(null);
        }}
        disabled={Object.keys(filters).length === 0 && !dates.from && !dates.to}
        sx={{ height: 40 }}
      >
        Limpar filtros
      </Button>
    </Box>
  );
}
