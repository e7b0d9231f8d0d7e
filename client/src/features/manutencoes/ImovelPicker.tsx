import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ManutencaoImovelOption } from '@tombo/shared';
import { useImovelOptions } from './queries';

interface Props {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  disabled?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}

/** The property of a task, searched by denominação or number (the chosen one is loaded by id). */
export function ImovelPicker({ value, onChange, error, disabled, inputRef }: Props) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [selected, setSelected] = useState<ManutencaoImovelOption | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  const chosen = useImovelOptions('', value ?? undefined, !!value && selected?.id !== value);
  useEffect(() => {
    const found = chosen.data?.find((o) => o.id === value);
    if (found) setSelected(found);
    if (!value) setSelected(null);
  }, [chosen.data, value]);
  const options = useImovelOptions(debounced, undefined, !disabled);
  const list = options.data ?? [];
  const shown = selected && !list.some((o) => o.id === selected.id) ? [selected, ...list] : list;
  const label = (o: ManutencaoImovelOption) => `${o.numero_patrimonio} — ${o.denominacao}`;
  return (
    <Autocomplete
      id="manutencao-imovel"
      options={shown}
      value={selected}
      disabled={disabled}
      onChange={(_e, v) => {
        setSelected(v);
        onChange(v?.id ?? null);
      }}
      inputValue={search}
      onInputChange={(_e, v) => setSearch(v)}
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={options.isFetching}
      loadingText="Buscando imóveis..."
      noOptionsText="Nenhum imóvel encontrado."
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label="Imóvel"
          placeholder="Denominação ou número"
          margin="normal"
          required
          error={!!error}
          helperText={error ?? 'Busque pela denominação ou pelo número.'}
        />
      )}
    />
  );
}
