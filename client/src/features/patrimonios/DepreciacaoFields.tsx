import { useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import { formatPercent, type TipoBem } from '@tombo/shared';
import { FormDate, FormSection, FormText } from '../../components/register/form';
import type { FormValues } from './formModel';

interface Props {
  control: Control<FormValues>;
  tipos: TipoBem[];
  disabled?: boolean;
}

const percent = {
  htmlInput: { inputMode: 'decimal' as const, maxLength: 6 },
  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
};

/** 'Depreciação' of the asset form: entry into service and the overrides of the type's useful life and residual %. */
export function DepreciacaoFields({ control, tipos, disabled }: Props) {
  const tipoId = useWatch({ control, name: 'tipoId' });
  const tipo = tipos.find((t) => String(t.id) === tipoId);
  const vida = tipo?.usefulLifeMonths;
  const residual = tipo?.residualValuePct;
  const common = { control, disabled };
  return (
    <FormSection title="Depreciação" id="bem-depreciacao-titulo" columns={3}>
      {tipo && !tipo.depreciavel && (
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
          O tipo “{tipo.name}” não é depreciado (terrenos, obras de arte).
        </Alert>
      )}
      <FormDate
        {...common}
        name="entrada"
        id="bem-entrada-servico"
        label="Data de entrada em serviço"
        help="Vazia: a data de aquisição. A depreciação começa por ela."
      />
      <FormText
        {...common}
        name="vidaUtil"
        id="bem-vida-util"
        label="Vida útil (meses)"
        placeholder={vida != null ? String(vida) : undefined}
        help={vida != null ? `Vazia: a do tipo (${vida} meses).` : 'Vazia: a do tipo (o tipo não define).'}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
      />
      <FormText
        {...common}
        name="residual"
        id="bem-residual"
        label="Valor residual (%)"
        placeholder={residual != null ? residual.replace('.', ',') : undefined}
        help={residual != null ? `Vazio: o do tipo (${formatPercent(residual)}).` : 'Vazio: o do tipo (0 %).'}
        slotProps={percent}
      />
    </FormSection>
  );
}
