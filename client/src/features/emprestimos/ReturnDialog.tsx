import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  devolucaoBody,
  formatDate,
  type DevolucaoBody,
  type EmprestimoListItem,
} from '@tombo/shared';
import { FormActions } from './FormActions';
import { borrower, dueHint } from './labels';

const returnForm = devolucaoBody.omit({ version: true });
type Values = Omit<DevolucaoBody, 'version'>;
type Input = { estadoDevolucao: string; observacoes: string };

interface Props {
  loan: EmprestimoListItem | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: Values) => void;
}

/** "Registrar devolução": the asset's condition on return (it becomes the asset's conservation state) and a note. */
export function ReturnDialog({ loan, busy, onClose, onSubmit }: Props) {
  const { control, register, handleSubmit, reset, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(returnForm) as never,
    defaultValues: { estadoDevolucao: '', observacoes: '' },
  });
  useEffect(() => {
    if (loan) reset({ estadoDevolucao: '', observacoes: '' });
  }, [loan, reset]);
  const { errors } = formState;
  const hint = loan ? dueHint(loan) : null;

  return (
    <Dialog
      open={!!loan}
      onClose={busy ? undefined : onClose}
      aria-labelledby="devolucao-title"
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id="devolucao-title">Registrar devolução</DialogTitle>
        <DialogContent>
          {loan && (
            <>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {loan.numero_patrimonio} — {loan.descricao_bem}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Com {borrower(loan)} desde {formatDate(loan.dataEmprestimo)}; devolução prevista para{' '}
                {formatDate(loan.dataPrevistaDevolucao)}.
              </Typography>
              {loan.status === 'atrasado' && (
                <Alert severity="warning" sx={{ mt: 1.5 }}>
                  Devolução com atraso ({hint}).
                </Alert>
              )}
            </>
          )}
          <Controller
            control={control}
            name="estadoDevolucao"
            render={({ field }) => (
              <TextField
                select
                id="devolucao-estado"
                label="Estado do bem na devolução"
                fullWidth
                margin="normal"
                required
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!errors.estadoDevolucao}
                helperText={errors.estadoDevolucao?.message ?? 'Passa a ser o estado de conservação do bem.'}
              >
                {ESTADOS_CONSERVACAO.map((e) => (
                  <MenuItem key={e} value={e}>
                    {ESTADO_CONSERVACAO_LABELS[e]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            {...register('observacoes')}
            id="devolucao-observacoes"
            label="Observações"
            fullWidth
            margin="normal"
            multiline
            minRows={2}
            error={!!errors.observacoes}
            helperText={errors.observacoes?.message ?? 'Avarias, acessórios faltando…'}
          />
        </DialogContent>
        <FormActions busy={busy} label="Registrar devolução" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
