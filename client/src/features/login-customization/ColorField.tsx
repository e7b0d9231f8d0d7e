import { Controller, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Customization } from '@tombo/shared';

type ColorName = 'backgroundColor' | 'primaryColor' | 'buttonTextColor';

/** A #RRGGBB colour: typed, or picked with the browser's colour picker. */
export function ColorField({
  control,
  name,
  label,
}: {
  control: Control<Customization>;
  name: ColorName;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            {...field}
            id={`lc-${name}`}
            label={label}
            fullWidth
            size="small"
            margin="dense"
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Formato #RRGGBB'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Box
            component="input"
            type="color"
            aria-label={`Escolher ${label.toLowerCase()}`}
            value={/^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value : '#000000'}
            onChange={(e) => field.onChange((e.target as HTMLInputElement).value)}
            sx={{ mt: 1, width: 44, height: 40, border: 0, p: 0, bgcolor: 'transparent', cursor: 'pointer' }}
          />
        </Box>
      )}
    />
  );
}
