import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  ROLES,
  ROLE_LABELS,
  SUPERUSER_MSG,
  passwordSchema,
  userCreateBody,
  type Municipality,
  type User,
} from '@tombo/shared';
import { PasswordField } from '../../components/PasswordField';

const base = userCreateBody
  .pick({ name: true, email: true, role: true })
  .extend({ municipalityId: z.number().nullable() });
const needsMunicipality = (v: { role: string; municipalityId: number | null }, ctx: z.RefinementCtx) => {
  if (v.role !== 'superuser' && v.municipalityId == null)
    ctx.addIssue({ code: 'custom', path: ['municipalityId'], message: 'Selecione o município.' });
};
const createForm = base.extend({ password: passwordSchema }).superRefine(needsMunicipality);
const editForm = base.extend({ password: z.union([z.literal(''), passwordSchema]) }).superRefine(needsMunicipality);
export type SuperuserUserFormValues = z.output<typeof editForm>;

interface Props {
  open: boolean;
  user: User | null;
  municipalities: Municipality[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (v: SuperuserUserFormValues) => void;
}

/** Create or edit any user; the municipality is fixed once created (a move is a new user there). */
export function SuperuserUserDialog({ open, user, municipalities, busy, onClose, onSubmit }: Props) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const { register, control, handleSubmit, reset, setValue, formState } = useForm<SuperuserUserFormValues>({
    resolver: zodResolver(user ? editForm : createForm) as never,
  });
  useEffect(() => {
    if (open)
      reset({
        name: user?.name ?? '',
        email: user?.email ?? '',
        role: user?.role ?? 'admin',
        password: '',
        municipalityId: user ? user.municipalityId : null,
      });
  }, [open, user, reset]);
  const role = useWatch({ control, name: 'role' });
  useEffect(() => {
    if (role === 'superuser' && !user) setValue('municipalityId', null);
  }, [role, user, setValue]);
  const { errors } = formState;
  const roles =
    user?.role === 'superuser' ? ['superuser' as const] : ROLES.filter((r) => user == null || r !== 'superuser');
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="su-user-form-title"
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id="su-user-form-title">{user ? 'Editar Usuário' : 'Novo Usuário'}</DialogTitle>
        <DialogContent>
          <TextField
            {...register('name')}
            id="su-user-name"
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
            id="su-user-email"
            label="E-mail"
            type="email"
            fullWidth
            margin="normal"
            required
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          <PasswordField
            {...register('password')}
            id="su-user-password"
            label={user ? 'Nova senha (opcional)' : 'Senha'}
            autoComplete="new-password"
            fullWidth
            margin="normal"
            required={!user}
            error={!!errors.password}
            helperText={errors.password?.message ?? (user ? 'Deixe em branco para manter a senha atual.' : undefined)}
          />
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <TextField
                select
                id="su-user-role"
                label="Perfil"
                fullWidth
                margin="normal"
                {...field}
                value={field.value ?? ''}
              >
                {roles.map((r) => (
                  <MenuItem key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="municipalityId"
            render={({ field }) => (
              <TextField
                select
                id="su-user-municipality"
                label="Município"
                fullWidth
                margin="normal"
                disabled={!!user || role === 'superuser'}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                error={!!errors.municipalityId}
                helperText={
                  errors.municipalityId?.message ??
                  (user && user.role !== 'superuser'
                    ? SUPERUSER_MSG.moveRefused
                    : role === 'superuser'
                      ? 'O superusuário não pertence a um município.'
                      : undefined)
                }
              >
                <MenuItem value="">—</MenuItem>
                {municipalities.map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {m.name}
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
