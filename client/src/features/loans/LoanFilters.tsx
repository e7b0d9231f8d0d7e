import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Search from '@mui/icons-material/Search';
import { formatDate, maskDateBR, parseDateBR } from '@tombo/shared';
import { sortByName, useSectors } from '../sectors';
import type { LoanListState } from './urlState';

/** A dd/mm/aaaa filter field: applies a complete valid date, clears when emptied. */
function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (iso: string) => void;
}) {
  const [text, setText] = useState(value ? formatDate(value) : '');
  useEffect(() => setText(value ? formatDate(value) : ''), [value]);
  const bad = text.length > 0 && !parseDateBR(text);
  return (
    <TextField
      id={id}
      label={label}
      size="small"
      placeholder="dd/mm/aaaa"
      value={text}
      error={bad && text.length === 10}
      onChange={(e) => {
        const next = maskDateBR(e.target.value);
        setText(next);
        if (!next) onChange('');
        const iso = parseDateBR(next);
        if (iso) onChange(iso);
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
    />
  );
}

/** Search (asset number or description, borrower name or document), the asset's sector and the lending period. */
export function LoanFilters({
  state,
  update,
}: {
  state: LoanListState;
  update: (patch: Partial<LoanListState>) => void;
}) {
  const [text, setText] = useState(state.q);
  useEffect(() => setText(state.q), [state.q]);
  useEffect(() => {
    if (text.trim() === state.q.trim()) return;
    const t = setTimeout(() => update({ q: text }), 300);
    return () => clearTimeout(t);
  }, [text, state.q, update]);
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(240px, 2fr) minmax(180px, 1fr) 150px 150px' },
        '& > :first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
        '& > :nth-of-type(2)': { gridColumn: { xs: '1 / -1', md: 'auto' } },
      }}
    >
      <TextField
        id="emprestimos-busca"
        size="small"
        label="Buscar"
        placeholder="Nº do bem, descrição ou quem recebeu"
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        id="emprestimos-setor"
        size="small"
        label="Setor do bem"
        value={state.sectorId}
        onChange={(e) => update({ sectorId: e.target.value })}
      >
        <MenuItem value="">Todos os setores</MenuItem>
        {sectors.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <DateFilter
        id="emprestimos-de"
        label="Emprestado de"
        value={state.dataDe}
        onChange={(dataDe) => update({ dataDe })}
      />
      <DateFilter id="emprestimos-ate" label="até" value={state.dataAte} onChange={(dataAte) => update({ dataAte })} />
    </Box>
  );
}
