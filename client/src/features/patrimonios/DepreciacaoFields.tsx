import { Controller, useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPercent, maskDateBR, type TipoBem } from '@tombo/shared';
import type { FormValues } from './formModel';

interface Props {
  control: Control<FormValues>;
  tipos: TipoBem[];
  disabled?: boolean;
}

/** 'Depreciação' of the asset form: entry into service and the overrides of the type's useful life and residual %. */
export function DepreciacaoFields({ control, tipos, disabled }: Props) {
  const tipoId = useWatch({ control, name: 'tipoId' });
  const tipo = tipos.find((t) => String(t.id) === tipoId);
  const vida = tipo?.usefulLifeMonths;
  const residual = tipo?.residualValuePct;
  return (
    <Box component="section" aria-labelledby="bem-depreciacao-titulo">
      <Typography variant="h6" component="h2" id="bem-depreciacao-titulo" sx={{ mb: 1 }}>
        Depreciação
      </Typography>
      {tipo && !tipo.depreciavel && (
        <Alert severity="info" sx={{ mb: 2 }}>
          O tipo “{tipo.name}” não é depreciado (terrenos, obras de arte).
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
        <Controller
          control={control}
          name="entrada"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="bem-entrada-servico"
              label="Data de entrada em serviço"
              placeholder="dd/mm/aaaa"
              disabled={disabled}
              onChange={(e) => field.onChange(maskDateBR(e.target.value))}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Vazia: a data de aquisição. A depreciação começa por ela.'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            />
          )}
        />
        <Controller
          control={control}
          name="vidaUtil"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="bem-vida-util"
              label="Vida útil (meses)"
              placeholder={vida != null ? String(vida) : undefined}
              disabled={disabled}
              error={!!fieldState.error}
              helperText={
                fieldState.error?.message ??
                (vida != null ? `Vazia: a do tipo (${vida} meses).` : 'Vazia: a do tipo (o tipo não define).')
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            />
          )}
        />
        <Controller
          control={control}
          name="residual"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="bem-residual"
              label="Valor residual (%)"
              placeholder={residual != null ? residual.replace('.', ',') : undefined}
              disabled={disabled}
              error={!!fieldState.error}
              helperText={
                fieldState.error?.message ??
                (residual != null ? `Vazio: o do tipo (${formatPercent(residual)}).` : 'Vazio: o do tipo (0 %).')
              }
              slotProps={{
                htmlInput: { inputMode: 'decimal', maxLength: 6 },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
          )}
        />
      </Box>
    </Box>
  );
}
