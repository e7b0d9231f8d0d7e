import { useEffect } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { parseMoney } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { maskCompetenciaBR, parseCompetenciaBR } from './format';
import { useEventoMutations } from './queries';

export type EventoKind = 'reavaliacao' | 'reducao' | 'reversao';

export const EVENTO_TITULO: Record<EventoKind, string> = {
  reavaliacao: 'Registrar reavaliação',
  reducao: 'Registrar redução ao valor recuperável',
  reversao: 'Reverter redução',
};
const AJUDA: Record<EventoKind, string> = {
  reavaliacao: 'O valor reavaliado passa a ser o novo valor bruto do bem ao fim da competência.',
  reducao: 'O valor contábil é reduzido ao valor recuperável ao fim da competência.',
  reversao: 'A redução ao valor recuperável é revertida ao fim da competência, até o valor sem a perda.',
};

interface Input {
  competencia: string;
  valor: string;
  vidaUtilRestanteMeses: string;
  residualPct: string;
  valorRecuperavel: string;
  documento: string;
  motivo: string;
}
const empty: Input = {
  competencia: '',
  valor: '',
  vidaUtilRestanteMeses: '',
  residualPct: '',
  valorRecuperavel: '',
  documento: '',
  motivo: '',
};

const competencia = z.string().transform((v, ctx) => {
  const c = parseCompetenciaBR(v);
  if (!c)
    ctx.addIssue({ code: 'custom', message: v.trim() ? 'Competência inválida (MM/AAAA).' : 'Informe a competência.' });
  return c ?? z.NEVER;
});
const money = (required: string) =>
  z.string().transform((v, ctx) => {
    const m = parseMoney(v);
    if (m == null) ctx.addIssue({ code: 'custom', message: v.trim() ? 'Valor inválido.' : required });
    return m ?? z.NEVER;
  });
const texto = (label: string) => z.string().trim().min(1, `Informe ${label}.`).max(500, 'No máximo 500 caracteres.');
const comum = { competencia, documento: texto('o documento'), motivo: texto('o motivo') };

const schemas = {
  reavaliacao: z.object({
    ...comum,
    valor: money('Informe o novo valor.'),
    vidaUtilRestanteMeses: z.string().transform((v, ctx) => {
      const n = Number(v.trim());
      if (!/^\d+$/.test(v.trim()) || n < 1 || n > 1200)
        ctx.addIssue({ code: 'custom', message: 'Informe a vida útil restante em meses (1 a 1200).' });
      return n;
    }),
    residualPct: z.string().transform((v, ctx) => {
      const s = v.trim().replace(',', '.');
      if (!s) return undefined;
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(s) || Number(s) >= 100)
        ctx.addIssue({ code: 'custom', message: 'Percentual inválido (0 a 99,99).' });
      return Number(s);
    }),
  }),
  reducao: z.object({ ...comum, valorRecuperavel: money('Informe o valor recuperável.') }),
  reversao: z.object(comum),
};

interface Props {
  kind: EventoKind | null;
  patrimonioId: number;
  onClose: () => void;
}

/** The dialog of one value event: its fields, the server's field errors on them, the success toast. */
export function EventoDialog({ kind, patrimonioId, onClose }: Props) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const m = useEventoMutations(patrimonioId);
  const current = kind ?? 'reversao';
  const { control, register, handleSubmit, reset, setError, formState } = useForm<Input>({
    resolver: zodResolver(schemas[current] as never) as never,
    defaultValues: empty,
  });
  useEffect(() => {
    if (kind) reset(empty);
  }, [kind, reset]);
  const busy = m.reavaliacao.isPending || m.reducao.isPending || m.reversao.isPending;
  const { errors } = formState;

  const onError = (err: unknown) => {
    const fields = err instanceof ApiError ? err.fields : undefined;
    const known = Object.entries(fields ?? {}).filter(([f]) => f in empty);
    for (const [f, message] of known) setError(f as Path<Input>, { type: 'server', message });
    if (!known.length) toast.fromError(err);
  };
  const submit = (v: unknown) => {
    const opts = { onSuccess: onClose, onError };
    if (current === 'reavaliacao') m.reavaliacao.mutate(v as z.output<typeof schemas.reavaliacao>, opts);
    else if (current === 'reducao') m.reducao.mutate(v as z.output<typeof schemas.reducao>, opts);
    else m.reversao.mutate(v as z.output<typeof schemas.reversao>, opts);
  };

  const field = (name: keyof Input, label: string, extra: Partial<TextFieldProps> = {}) => {
    const { helperText, ...rest } = extra;
    return (
      <TextField
        {...register(name)}
        {...rest}
        id={`evento-${name}`}
        label={label}
        fullWidth
        margin="normal"
        error={!!errors[name]}
        helperText={errors[name]?.message ?? helperText}
      />
    );
  };
  const money$ = {
    slotProps: {
      input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
      htmlInput: { inputMode: 'decimal' as const },
    },
  };

  return (
    <Dialog
      open={!!kind}
      onClose={busy ? undefined : onClose}
      aria-labelledby="evento-title"
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogTitle id="evento-title">{EVENTO_TITULO[current]}</DialogTitle>
        <DialogContent>
          <DialogContentText>{AJUDA[current]}</DialogContentText>
          <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              control={control}
              name="competencia"
              render={({ field: f }) => (
                <TextField
                  {...f}
                  onChange={(e) => f.onChange(maskCompetenciaBR(e.target.value))}
                  id="evento-competencia"
                  label="Competência"
                  placeholder="MM/AAAA"
                  required
                  margin="normal"
                  error={!!errors.competencia}
                  helperText={errors.competencia?.message ?? 'No formato MM/AAAA.'}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
                />
              )}
            />
            {current === 'reavaliacao' && field('valor', 'Novo valor', { required: true, ...money$ })}
            {current === 'reducao' && field('valorRecuperavel', 'Valor recuperável', { required: true, ...money$ })}
          </Box>
          {current === 'reavaliacao' && (
            <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {field('vidaUtilRestanteMeses', 'Vida útil restante (meses)', {
                required: true,
                slotProps: { htmlInput: { inputMode: 'numeric' } },
              })}
              {field('residualPct', 'Valor residual (%)', {
                helperText: 'Opcional; em branco mantém o do bem.',
                slotProps: { htmlInput: { inputMode: 'decimal' } },
              })}
            </Box>
          )}
          {field('documento', 'Documento', { required: true, helperText: 'Laudo, processo ou portaria.' })}
          {field('motivo', 'Motivo', { required: true, multiline: true, minRows: 2 })}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} /> : undefined}
          >
            Registrar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
