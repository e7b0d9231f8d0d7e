import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { sectorCreateBody, type Sector } from '@tombo/shared';

export const sectorForm = sectorCreateBody.pick({ name: true, code: true });
export type SectorFormValues = z.output<typeof sectorForm>;

interface Props {
  open: boolean;
  sector: Sector | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: SectorFormValues) => void;
}

/** Sector form: Nome + Código (2 characters, upper case). */
export function SectorFormDialog({ open, sector, busy, onClose, onSubmit }: Props) {
  const { register, handleSubmit, reset, formState } = useForm<z.input<typeof sectorForm>, unknown, SectorFormValues>({
    resolver: zodResolver(sectorForm),
    defaultValues: { name: '', code: '' },
  });
  useEffect(() => {
    if (open) reset({ name: sector?.name ?? '', code: sector?.code ?? '' });
  }, [open, sector, reset]);
  const { errors } = formState;
  const codeField = register('code');

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="sector-form-title"
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id="sector-form-title">{sector ? 'Editar Setor' : 'Novo Setor'}</DialogTitle>
        <DialogContent>
          <TextField
            {...register('name')}
            id="sector-name"
            label="Nome"
            fullWidth
            margin="normal"
            autoFocus
            required
            error={!!errors.name}
            helperText={errors.name?.message}
          />
          <TextField
            {...codeField}
            onChange={(e) => {
              e.target.value = e.target.value.toUpperCase();
              void codeField.onChange(e);
            }}
            id="sector-code"
            label="Código"
            fullWidth
            margin="normal"
            required
            error={!!errors.code}
            helperText={errors.code?.message ?? 'Duas letras ou números (usado na numeração dos bens).'}
            slotProps={{
              htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' }, autoCapitalize: 'characters' },
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Salvando...' : 'Salvar'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
