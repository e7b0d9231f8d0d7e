import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PATRIMONIO_STATUSES, PATRIMONIO_STATUS_LABELS, maskDateBR, type PatrimonioStatus } from '@tombo/shared';
import { byName, useFormas, useTipos } from '../catalogs';
import { useLocais } from '../locais';
import { sortByName, useSectors } from '../sectors';
import type { FiltrosDraft } from './filtros';

interface Props {
  value: FiltrosDraft;
  onChange: (next: FiltrosDraft) => void;
  errors?: Record<string, string>;
  /** Prefix of the inputs' ids (two forms on a page). */
  idPrefix?: string;
}

/** The report filters: sector, location, type, acquisition form, status and acquisition period. */
export function FiltrosFields({ value, onChange, errors = {}, idPrefix = 'rel' }: Props) {
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const locais = sortByName(useLocais(value.sectorId ? Number(value.sectorId) : undefined).data?.locais ?? []);
  const tipos = byName(useTipos().data ?? []);
  const formas = byName(useFormas().data ?? []);
  const set = (patch: Partial<FiltrosDraft>) => onChange({ ...value, ...patch });
  const select = (
    key: 'sectorId' | 'localId' | 'tipoId' | 'formaId',
    label: string,
    items: Array<{ id: number; label: string }>,
  ) => (
    <TextField
      select
      id={`${idPrefix}-${key}`}
      label={label}
      size="small"
      value={value[key]}
      onChange={(e) => set(key === 'sectorId' ? { sectorId: e.target.value, localId: '' } : { [key]: e.target.value })}
      sx={{ minWidth: 200, flex: '1 1 200px' }}
    >
      <MenuItem value="">Todos</MenuItem>
      {items.map((i) => (
        <MenuItem key={i.id} value={String(i.id)}>
          {i.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      {select(
        'sectorId',
        'Setor',
        sectors.map((s) => ({ id: s.id, label: s.name })),
      )}
      {select(
        'localId',
        'Local',
        locais.map((l) => ({ id: l.id, label: l.name })),
      )}
      {select(
        'tipoId',
        'Tipo de bem',
        tipos.map((t) => ({ id: t.id, label: t.name })),
      )}
      {select(
        'formaId',
        'Forma de aquisição',
        formas.map((f) => ({ id: f.id, label: f.nome })),
      )}
      <TextField
        select
        id={`${idPrefix}-status`}
        label="Status"
        size="small"
        value={value.status}
        onChange={(e) => {
          const v = e.target.value as unknown as string[] | string;
          set({ status: typeof v === 'string' ? v.split(',') : v });
        }}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (sel) =>
              (sel as string[]).map((s) => PATRIMONIO_STATUS_LABELS[s as PatrimonioStatus]).join(', ') || 'Todos',
          },
        }}
        sx={{ minWidth: 200, flex: '1 1 200px' }}
      >
        {PATRIMONIO_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            <Checkbox size="small" checked={value.status.includes(s)} />
            <ListItemText primary={PATRIMONIO_STATUS_LABELS[s]} />
          </MenuItem>
        ))}
      </TextField>
      {(['dataDe', 'dataAte'] as const).map((k) => (
        <TextField
          key={k}
          id={`${idPrefix}-${k}`}
          label={k === 'dataDe' ? 'Adquirido de' : 'Adquirido até'}
          size="small"
          placeholder="dd/mm/aaaa"
          value={value[k]}
          onChange={(e) => set({ [k]: maskDateBR(e.target.value) })}
          error={!!errors[k]}
          helperText={errors[k] ?? 'Período de aquisição (dd/mm/aaaa).'}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          sx={{ minWidth: 160, flex: '1 1 160px' }}
        />
      ))}
    </Box>
  );
}
