import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** Which column of the file fills one field ('' = not imported), in a grid cell. */
export function ColumnSelect({
  label,
  headers,
  column,
  onColumn,
  error,
  testId,
}: {
  label: string;
  headers: string[];
  column: number | null | undefined;
  onColumn: (column: number | null) => void;
  error?: string;
  testId: string;
}) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <TextField
        select
        fullWidth
        size="small"
        label={label}
        value={column == null ? '' : String(column)}
        onChange={(e) => onColumn(e.target.value === '' ? null : Number(e.target.value))}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      >
        <MenuItem value="">
          <em>Não importar</em>
        </MenuItem>
        {headers.map((h, i) => (
          <MenuItem key={i} value={String(i)}>
            {h || `Coluna ${i + 1}`}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  );
}
