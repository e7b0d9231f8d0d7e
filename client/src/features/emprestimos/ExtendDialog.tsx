import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LOAN_MSG,
  addDaysISO,
  dueDateProblem,
  formatDate,
  parseDateBR,
  prorrogacaoBody,
  type EmprestimoListItem,
  type ProrrogacaoBody,
} from '@tombo/shared';
import { FormDate } from '../../components/register/form';
import { FormActions } from './FormActions';
import { borrower } from './labels';

type Values = Omit<ProrrogacaoBody, 'version'>;
interface Input {
  data: string;
  motivo: string;
}

/** The new date in dd/mm/aaaa, checked as the server will: a valid future day, later than the current one. */
const extendForm = (current: string) =>
  z
    .object({
      data: z.string().transform((v, ctx) => {
        const iso = parseDateBR(v);
        const problem = !iso
          ? v.trim()
            ? LOAN_MSG.dueDateInvalid
            : LOAN_MSG.dueDateRequired
          : (dueDateProblem(iso) ?? (iso <= current ? LOAN_MSG.extendNotLater(current) : null));
        if (problem || !iso) {
          ctx.addIssue({ code: 'custom', message: problem ?? LOAN_MSG.dueDateInvalid });
          return z.NEVER;
        }
        return iso;
      }),
      motivo: prorrogacaoBody.shape.motivo,
    })
    .transform((v): Values => ({ dataPrevistaDevolucao: v.data, motivo: v.motivo }));

interface Props {
  loan: EmprestimoListItem | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: Values) => void;
}

/** "Prorrogar empréstimo": a later expected return date and why (the history line and the audit keep both). */
export function ExtendDialog({ loan, busy, onClose, onSubmit }: Props) {
  const current = loan?.dataPrevistaDevolucao ?? '';
  const { control, register, handleSubmit, reset, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(extendForm(current)) as never,
    defaultValues: { data: '', motivo: '' },
  });
  useEffect(() => {
    if (loan) reset({ data: formatDate(addDaysISO(loan.dataPrevistaDevolucao, 7)), motivo: '' });
  }, [loan, reset]);
  const { errors } = formState;

  return (
    <Dialog
      open={!!loan}
      onClose={busy ? undefined : onClose}
      aria-labelledby="prorrogacao-title"
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id="prorrogacao-title">Prorrogar empréstimo</DialogTitle>
        <DialogContent>
          {loan && (
            <>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {loan.numero_patrimonio} — {loan.descricao_bem}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Com {borrower(loan)}; devolução prevista para {formatDate(loan.dataPrevistaDevolucao)}.
              </Typography>
            </>
          )}
          <FormDate
            control={control}
            name="data"
            id="prorrogacao-data"
            label="Nova devolução prevista"
            fullWidth
            margin="normal"
            required
          />
          <TextField
            {...register('motivo')}
            id="prorrogacao-motivo"
            label="Motivo"
            fullWidth
            margin="normal"
            multiline
            minRows={2}
            error={!!errors.motivo}
            helperText={errors.motivo?.message ?? 'Fica no histórico do bem.'}
          />
        </DialogContent>
        <FormActions busy={busy} label="Prorrogar" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
