import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import { FormText, type FormTextProps } from './FormText';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

export type FormSelectProps<T extends FieldValues> = Omit<FormTextProps<T>, 'select' | 'children' | 'transform'> & {
  options: SelectOption[];
  /** A first option meaning "none" (value ''), e.g. "Nenhum", "Não informada". */
  emptyLabel?: string;
};

/** A list of options wired to react-hook-form; values are strings ('' for none). */
export function FormSelect<T extends FieldValues>({ options, emptyLabel, ...props }: FormSelectProps<T>) {
  return (
    <FormText {...props} select>
      {emptyLabel != null && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormText>
  );
}
