import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { localCreateBody, type Local, type Sector } from '@tombo/shared';

export const localForm = localCreateBody.pick({ name: true, sectorId: true });
export type LocalFormValues = z.output<typeof localForm>;
type LocalFormInput = { name: string; sectorId: number | '' };

interface Props {
  open: boolean;
  local: Local | null;
  sectors: Sector[];
  defaultSectorId?: number;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: LocalFormValues) => void;
}

/** Local form: Nome + Setor. */
export function LocalFormDialog({ open, local, sectors, defaultSectorId, busy, onClose, onSubmit }: Props) {
  const { register, control, handleSubmit, reset, formState } = useForm<LocalFormInput, unknown, LocalFormValues>({
    resolver: zodResolver(localForm) as never,
    defaultValues: { name: '', sectorId: '' },
  });
  useEffect(() => {
    if (open) reset({ name: local?.name ?? '', sectorId: local?.sectorId ?? defaultSectorId ?? '' });
  }, [open, local, defaultSectorId, reset]);
  const { errors } = formState;

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="local-form-title" maxWidth="xs" fullWidth>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id="local-form-title">{local ? 'Editar Local' : 'Novo Local'}</DialogTitle>
        <DialogContent>
          <TextField
            {...register('name')}
            id="local-name"
            label="Nome"
            fullWidth
            margin="normal"
            autoFocus
            required
            error={!!errors.name}
            helperText={errors.name?.message}
          />
          <Controller
            control={control}
            name="sectorId"
            render={({ field }) => (
              <TextField
                select
                id="local-sector"
                label="Setor"
                fullWidth
                margin="normal"
                required
                value={field.value}
                onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!errors.sectorId}
                helperText={errors.sectorId?.message}
              >
                {sectors.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name} ({s.code})
                  </MenuItem>
                ))}
              </TextField>
            )}
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
