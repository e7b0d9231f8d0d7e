import type { FieldValues } from 'react-hook-form';
import InputAdornment from '@mui/material/InputAdornment';
import { formatMoneyInput } from '@tombo/shared';
import { FormText, type FormTextProps } from './FormText';

const money = {
  input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};

/**
 * The shared schemas state the API's format ("use o formato 1234.56"); a person types the pt-BR one the
 * hint shows, so the error says that one too.
 */
export const moneyErrorText = (message: string) =>
  message.replace(/use (o formato )?1234\.56/, 'use o formato 1.234,56');

/** An amount in reais as typed the pt-BR way ("1.234,56"), tidied to that form when the input is left. */
export function FormMoney<T extends FieldValues>({
  help = 'Em reais, com centavos (ex.: 1.234,56).',
  ...props
}: Omit<FormTextProps<T>, 'transform' | 'onBlurValue' | 'slotProps'>) {
  return (
    <FormText
      {...props}
      help={help}
      errorText={moneyErrorText}
      onBlurValue={(v) => (v.trim() ? formatMoneyInput(v) : v)}
      slotProps={money}
    />
  );
}
