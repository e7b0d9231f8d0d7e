import type { FieldValues } from 'react-hook-form';
import { maskDateBR } from '@tombo/shared';
import { FormText, type FormTextProps } from './FormText';

const dateInput = { htmlInput: { inputMode: 'numeric' as const, maxLength: 10 } };

/** A date typed as dd/mm/aaaa (masked while typing; the form's schema parses it). */
export function FormDate<T extends FieldValues>({
  help = 'No formato dd/mm/aaaa.',
  ...props
}: Omit<FormTextProps<T>, 'transform' | 'slotProps' | 'placeholder'>) {
  return <FormText {...props} help={help} placeholder="dd/mm/aaaa" transform={maskDateBR} slotProps={dateInput} />;
}
