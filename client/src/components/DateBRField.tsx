import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { maskDateBR } from '@tombo/shared';

type Props<T extends FieldValues, O> = {
  control: Control<T, unknown, O>;
  name: Path<T>;
  id: string;
  label: string;
} & Pick<TextFieldProps, 'required' | 'fullWidth' | 'margin' | 'disabled'>;

/** A date typed as dd/mm/aaaa (masked while typing; the form's schema parses it), bound to a react-hook-form field. */
export function DateBRField<T extends FieldValues, O = T>({ control, name, id, label, ...rest }: Props<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...rest}
          id={id}
          label={label}
          placeholder="dd/mm/aaaa"
          onChange={(e) => field.onChange(maskDateBR(e.target.value))}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? 'No formato dd/mm/aaaa.'}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        />
      )}
    />
  );
}
