import { Controller, type FieldValues } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { BoundProps } from './FormText';

/** A yes/no switch wired to react-hook-form; `help` is shown under it and describes it. */
export function FormSwitch<T extends FieldValues>({
  control,
  name,
  id,
  label,
  help,
  disabled,
}: BoundProps<T> & { label: string; disabled?: boolean }) {
  const helpId = help ? `${id}-ajuda` : undefined;
  return (
    <>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                id={id}
                checked={field.value === true}
                onChange={(e) => field.onChange(e.target.checked)}
                disabled={disabled}
                slotProps={{ input: { 'aria-describedby': helpId } }}
              />
            }
            label={label}
          />
        )}
      />
      {help && (
        <FormHelperText id={helpId} sx={{ mt: 0, mb: 1 }}>
          {help}
        </FormHelperText>
      )}
    </>
  );
}
