import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SHEET_PRESETS, SHEET_PRESET_IDS, type SheetPresetId } from '@tombo/shared';

/** The grid numbers of a layout as editable text fields (decimal comma accepted). */
export interface Grid {
  pagina: 'A4' | 'Letter';
  linhas: string;
  colunas: string;
  superior: string;
  esquerda: string;
  horizontal: string;
  vertical: string;
}
export const gridOf = (id: SheetPresetId): Grid => {
  const p = SHEET_PRESETS[id];
  const t = (n: number) => String(n).replace('.', ',');
  return {
    pagina: p.page,
    linhas: String(p.rows),
    colunas: String(p.columns),
    superior: t(p.marginTop),
    esquerda: t(p.marginLeft),
    horizontal: t(p.gapX),
    vertical: t(p.gapY),
  };
};
export const num = (s: string) => Number(s.replace(',', '.'));

export function Num(p: { label: string; value: string; onChange: (v: string) => void; disabled?: boolean }) {
  return (
    <TextField
      size="small"
      label={p.label}
      value={p.value}
      disabled={p.disabled}
      onChange={(e) => p.onChange(e.target.value)}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ flex: '1 1 110px' }}
    />
  );
}

/** The sheet's fields: preset, page, grid, margins, gaps and the starting position. */
export function SheetFields({
  preset,
  grid,
  inicio,
  onPreset,
  onGrid,
  onInicio,
}: {
  preset: SheetPresetId | 'personalizado';
  grid: Grid;
  inicio: string;
  onPreset: (v: SheetPresetId | 'personalizado') => void;
  onGrid: (g: Grid) => void;
  onInicio: (v: string) => void;
}) {
  return (
    <>
      <TextField
        select
        size="small"
        label="Modelo de folha"
        value={preset}
        onChange={(e) => {
          const v = e.target.value as SheetPresetId | 'personalizado';
          onPreset(v);
        }}
      >
        {SHEET_PRESET_IDS.map((id) => (
          <MenuItem key={id} value={id}>
            {SHEET_PRESETS[id].name}
          </MenuItem>
        ))}
        <MenuItem value="personalizado">Personalizado (tamanho do template)</MenuItem>
      </TextField>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Página"
          value={grid.pagina}
          onChange={(e) => onGrid({ ...grid, pagina: e.target.value as Grid['pagina'] })}
          sx={{ flex: '1 1 110px' }}
        >
          <MenuItem value="A4">A4</MenuItem>
          <MenuItem value="Letter">Carta</MenuItem>
        </TextField>
        <Num label="Linhas" value={grid.linhas} onChange={(linhas) => onGrid({ ...grid, linhas })} />
        <Num label="Colunas" value={grid.colunas} onChange={(colunas) => onGrid({ ...grid, colunas })} />
        <Num
          label="Margem superior (mm)"
          value={grid.superior}
          onChange={(superior) => onGrid({ ...grid, superior })}
        />
        <Num
          label="Margem esquerda (mm)"
          value={grid.esquerda}
          onChange={(esquerda) => onGrid({ ...grid, esquerda })}
        />
        <Num
          label="Espaço horizontal (mm)"
          value={grid.horizontal}
          onChange={(horizontal) => onGrid({ ...grid, horizontal })}
        />
        <Num
          label="Espaço vertical (mm)"
          value={grid.vertical}
          onChange={(vertical) => onGrid({ ...grid, vertical })}
        />
        <Num label="Posição inicial" value={inicio} onChange={onInicio} />
      </Box>
    </>
  );
}
