import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  REPORT_FREQUENCIAS,
  REPORT_FREQUENCIA_LABELS,
  WEEKDAY_LABELS,
  reportAgendamento,
  trimmed,
} from '@tombo/shared';

const form = z.strictObject({
  name: trimmed('Nome', 120),
  frequencia: z.enum(['', ...REPORT_FREQUENCIAS]),
  hora: z.string(),
  diaSemana: z.string(),
  diaMes: z.string(),
});
export type SaveConfigForm = z.infer<typeof form>;

/** The form values → the body's `agendamento` (null = not scheduled), checked by the shared schema. */
export function agendamentoOf(v: SaveConfigForm) {
  if (!v.frequencia) return { ok: true as const, value: null };
  const parsed = reportAgendamento.safeParse({
    frequencia: v.frequencia,
    hora: v.hora,
    diaSemana: v.frequencia === 'semanal' ? Number(v.diaSemana) : undefined,
    diaMes: v.frequencia === 'mensal' ? Number(v.diaMes) : undefined,
  });
  return parsed.success
    ? { ok: true as const, value: parsed.data }
    : { ok: false as const, error: parsed.error.issues[0]?.message };
}

interface Props {
  open: boolean;
  initial: SaveConfigForm;
  busy: boolean;
  onClose: () => void;
  onSave: (v: SaveConfigForm) => void;
}

/** Name and schedule of a saved report config (spec §3 User report config). */
export function SaveConfigDialog({ open, initial, busy, onClose, onSave }: Props) {
  const { control, handleSubmit, reset, watch, setError } = useForm<SaveConfigForm>({
    resolver: zodResolver(form),
    defaultValues: initial,
  });
  useEffect(() => {
    if (open) reset(initial);
  }, [open, initial, reset]);
  const frequencia = watch('frequencia');
  const submit = handleSubmit((v) => {
    const a = agendamentoOf(v);
    if (!a.ok) return setError('hora', { message: a.error ?? 'Agendamento inválido.' });
    onSave(v);
  });
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="save-config-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="save-config-title">Salvar configuração de relatório</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Controller
              control={control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id="config-name"
                  label="Nome"
                  required
                  autoFocus
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="frequencia"
              render={({ field }) => (
                <TextField {...field} select id="config-frequencia" label="Agendamento">
                  <MenuItem value="">Sem agendamento</MenuItem>
                  {REPORT_FREQUENCIAS.map((f) => (
                    <MenuItem key={f} value={f}>
                      {REPORT_FREQUENCIA_LABELS[f]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {frequencia && (
              <Controller
                control={control}
                name="hora"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    id="config-hora"
                    label="Hora"
                    type="time"
                    slotProps={{ inputLabel: { shrink: true } }}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? 'Horário de Brasília.'}
                  />
                )}
              />
            )}
            {frequencia === 'semanal' && (
              <Controller
                control={control}
                name="diaSemana"
                render={({ field }) => (
                  <TextField {...field} select id="config-dia-semana" label="Dia da semana">
                    {WEEKDAY_LABELS.map((d, i) => (
                      <MenuItem key={d} value={String(i)}>
                        {d}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            {frequencia === 'mensal' && (
              <Controller
                control={control}
                name="diaMes"
                render={({ field }) => (
                  <TextField {...field} select id="config-dia-mes" label="Dia do mês">
                    {Array.from({ length: 31 }, (_, i) => (
                      <MenuItem key={i} value={String(i + 1)}>
                        {i + 1}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Salvar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
