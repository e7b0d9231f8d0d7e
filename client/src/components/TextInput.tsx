import { forwardRef, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface TextInputProps extends Pick<
  OutlinedInputProps,
  | 'name'
  | 'type'
  | 'autoComplete'
  | 'autoFocus'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'endAdornment'
  | 'required'
  | 'disabled'
  | 'fullWidth'
  | 'error'
> {
  id: string;
  label: ReactNode;
  helperText?: ReactNode;
  margin?: 'none' | 'dense' | 'normal';
}

/**
 * An outlined text field with TextField's markup (label, input, helper text), without its select mode:
 * TextField imports Select and with it menus, popover and modal, which the login route does not need.
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { id, label, helperText, margin, fullWidth, error, required, disabled, ...input },
  ref,
) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      margin={margin}
      fullWidth={fullWidth}
      error={error}
      required={required}
      disabled={disabled}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} inputRef={ref} label={label} aria-describedby={helperId} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
