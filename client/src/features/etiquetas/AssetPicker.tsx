import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { PatrimonioListItem } from '@tombo/shared';
import { useAssetSample } from './queries';

/** Picks a real asset of the register (quick search by number or description) for the live preview. */
export function AssetPicker({
  value,
  onChange,
}: {
  value: PatrimonioListItem | null;
  onChange: (a: PatrimonioListItem | null) => void;
}) {
  const [q, setQ] = useState('');
  const { data, isFetching } = useAssetSample(q ? { q } : {});
  return (
    <Autocomplete
      size="small"
      options={data?.items ?? []}
      value={value}
      loading={isFetching}
      filterOptions={(x) => x}
      onChange={(_e, v) => onChange(v)}
      onInputChange={(_e, v, reason) => reason === 'input' && setQ(v)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(a) => `${a.numero_patrimonio} — ${a.descricao_bem}`}
      noOptionsText="Nenhum bem encontrado"
      loadingText="Carregando…"
      renderInput={(params) => <TextField {...params} label="Bem para pré-visualização" />}
      sx={{ minWidth: 260, flex: 1 }}
    />
  );
}
