import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { INVENTARIO_LIMITS, type InventarioMembro } from '@tombo/shared';
import { useMembros } from '../queries';

interface Props {
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur: () => void;
  /** Members already on the commission (names shown even before the options load). */
  current: InventarioMembro[];
  error?: string;
}

/** The commission: at least three of the municipality's users (Lei 4.320/64 practice), chosen by name. */
export function CommissionField({ value, onChange, onBlur, current, error }: Props) {
  const membros = useMembros();
  const options = useMemo(() => {
    const byId = new Map<number, InventarioMembro>();
    for (const m of [...current, ...(membros.data ?? [])]) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  }, [current, membros.data]);
  const selected = options.filter((o) => value.includes(o.id));
  const help = membros.isError
    ? 'Não foi possível carregar os usuários do município.'
    : `Escolha pelo menos ${INVENTARIO_LIMITS.comissaoMin} membros (${value.length} escolhidos).`;
  return (
    <Autocomplete
      multiple
      id="inventario-comissao"
      options={options}
      value={selected}
      onChange={(_e, v) => onChange(v.map((m) => m.id))}
      onBlur={onBlur}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={membros.isPending}
      loadingText="Carregando usuários..."
      noOptionsText="Nenhum usuário encontrado."
      disableCloseOnSelect
      renderValue={(items, getItemProps) =>
        items.map((m, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} size="small" label={m.name} {...rest} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Comissão"
          placeholder={selected.length ? '' : 'Busque pelo nome'}
          margin="normal"
          required
          error={!!error || membros.isError}
          helperText={error ?? help}
        />
      )}
    />
  );
}
