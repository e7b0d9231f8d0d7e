import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PatrimonioListItem } from '@tombo/shared';
import { useBensBusca } from './queries';

/** What the picker shows of the chosen asset (the list item, or only the number/description when linked by id). */
export type BemEscolhido = Pick<PatrimonioListItem, 'id' | 'numero_patrimonio' | 'descricao_bem'>;

interface Props {
  value: BemEscolhido | null;
  onChange: (bem: BemEscolhido | null) => void;
}

/** "Bem": searched by number or description in the register (ten at a time). */
export function AssetPicker({ value, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  const bens = useBensBusca(value && search === label(value) ? '' : debounced);
  const options: BemEscolhido[] = bens.data ?? [];
  const shown = value && !options.some((o) => o.id === value.id) ? [value, ...options] : options;
  return (
    <Autocomplete
      id="depreciacao-bem"
      options={shown}
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={search}
      onInputChange={(_e, v) => setSearch(v)}
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={bens.isFetching}
      loadingText="Buscando bens..."
      noOptionsText="Nenhum bem encontrado."
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {o.numero_patrimonio}
            </Typography>
            <Typography variant="body2">{o.descricao_bem}</Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Bem"
          placeholder="Número ou descrição"
          helperText="Busque pelo número ou pela descrição."
        />
      )}
    />
  );
}

const label = (o: BemEscolhido) => `${o.numero_patrimonio} — ${o.descricao_bem}`;
