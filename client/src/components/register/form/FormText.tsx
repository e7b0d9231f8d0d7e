import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** What every bound input takes: the form, the value's path, and the help shown while there is no error. */
export interface BoundProps<T extends FieldValues> {
  // Any transformed output: forms with a zod resolver that turns text into numbers bind the same inputs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: Path<T>;
  id: string;
  /** Shown under the input when it has no error (' ' keeps the rows aligned). */
  help?: string;
}

export type FormTextProps<T extends FieldValues> = BoundProps<T> & {
  /** Applied to what is typed (masks, upper case). */
  transform?: (s: string) => string;
  /** Applied when the input loses focus (money formatting). */
  onBlurValue?: (s: string) => string;
  /** Called after a change, with the new value (e.g. clear a dependent input). */
  onValue?: (s: string) => void;
  /** Rewrites the error shown (the API's message said another way, e.g. money in the pt-BR format). */
  errorText?: (message: string) => string;
} & Omit<TextFieldProps, 'name' | 'id' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'>;

/** A text input (long text with `multiline`, a list with `select`) wired to react-hook-form. */
export function FormText<T extends FieldValues>({
  control,
  name,
  id,
  help = ' ',
  transform,
  onBlurValue,
  onValue,
  errorText = (m) => m,
  ...props
}: FormTextProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          id={id}
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === 'boolean' ? '' : (field.value ?? '')}
          onChange={(e) => {
            const value = transform ? transform(e.target.value) : e.target.value;
            field.onChange(value);
            onValue?.(value);
          }}
          onBlur={() => {
            if (onBlurValue && typeof field.value === 'string') field.onChange(onBlurValue(field.value));
            field.onBlur();
          }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message != null ? errorText(fieldState.error.message) : help}
        />
      )}
    />
  );
}
