import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAIN_ROLES,
  ROLE_LABELS,
  USER_MSG,
  passwordSchema,
  userCreateBody,
  type Sector,
  type User,
} from '@tombo/shared';
import { PasswordField } from '../../components/PasswordField';

const base = userCreateBody.pick({ name: true, email: true, role: true });
const createForm = base.extend({ password: passwordSchema, sectorIds: z.array(z.number()) });
const editForm = base.extend({ password: z.union([z.literal(''), passwordSchema]), sectorIds: z.array(z.number()) });
export type UserFormValues = z.output<typeof editForm>;

interface Props {
  open: boolean;
  user: User | null;
  /** The signed-in user's own record: its password changes only in the profile (with the current one). */
  self?: boolean;
  sectors: Sector[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: UserFormValues) => void;
}

export function UserFormDialog({ open, user, self = false, sectors, busy, onClose, onSubmit }: Props) {
  const { register, control, handleSubmit, reset, formState } = useForm<UserFormValues>({
    resolver: zodResolver(user ? editForm : createForm) as never,
    defaultValues: { name: '', email: '', role: 'usuario', password: '', sectorIds: [] },
  });
  useEffect(() => {
    if (open) {
      reset({
        name: user?.name ?? '',
        email: user?.email ?? '',
        role: user?.role ?? 'usuario',
        password: '',
        sectorIds: user?.sectorIds ?? [],
      });
    }
  }, [open, user, reset]);
  const { errors } = formState;
  const sectorLabel = (id: number) => sectors.find((s) => s.id === id)?.name ?? String(id);

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="user-form-title" maxWidth="sm" fullWidth>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id="user-form-title">{user ? 'Editar Usuário' : 'Novo Usuário'}</DialogTitle>
        <DialogContent>
          <TextField
            {...register('name')}
            id="user-name"
            label="Nome"
            fullWidth
            margin="normal"
            required
            autoFocus
            error={!!errors.name}
            helperText={errors.name?.message}
          />
          <TextField
            {...register('email')}
            id="user-email"
            label="E-mail"
            type="email"
            fullWidth
            margin="normal"
            required
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          {self ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
              {USER_MSG.ownPassword}
            </Typography>
          ) : (
            <PasswordField
              {...register('password')}
              id="user-password"
              label={user ? 'Nova senha (opcional)' : 'Senha'}
              autoComplete="new-password"
              fullWidth
              margin="normal"
              required={!user}
              error={!!errors.password}
              helperText={errors.password?.message ?? (user ? 'Deixe em branco para manter a senha atual.' : undefined)}
            />
          )}
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <TextField
                select
                id="user-role"
                label="Perfil"
                fullWidth
                margin="normal"
                {...field}
                error={!!errors.role}
                helperText={errors.role?.message}
              >
                {MAIN_ROLES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="sectorIds"
            render={({ field }) => (
              <TextField
                select
                id="user-sectors"
                label="Setores"
                fullWidth
                margin="normal"
                value={field.value}
                onChange={(e) => field.onChange(e.target.value as unknown as number[])}
                slotProps={{
                  select: { multiple: true, renderValue: (v) => (v as number[]).map(sectorLabel).join(', ') },
                }}
                helperText="Usuários comuns veem apenas os bens dos seus setores."
              >
                {sectors.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    <Checkbox checked={field.value.includes(s.id)} size="small" />
                    <ListItemText primary={s.name} />
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
