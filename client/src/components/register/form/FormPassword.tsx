import { Controller, type FieldValues } from 'react-hook-form';
import { PasswordField } from '../../PasswordField';
import type { BoundProps } from './FormText';

/** A new password with its show/hide toggle, wired to react-hook-form. */
export function FormPassword<T extends FieldValues>({
  control,
  name,
  id,
  label,
  help,
  required,
  margin = 'normal',
}: BoundProps<T> & { label: string; required?: boolean; margin?: 'none' | 'dense' | 'normal' }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PasswordField
          {...field}
          value={field.value ?? ''}
          id={id}
          label={label}
          autoComplete="new-password"
          fullWidth
          margin={margin}
          required={required}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? help}
        />
      )}
    />
  );
}
