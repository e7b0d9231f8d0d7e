import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
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
import { RecordDialog, useDialogForm } from '../../components/register/crud';
import { FormPassword, FormSelect, FormText } from '../../components/register/form';

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
  const { control, handleSubmit, setValue } = useDialogForm<SuperuserUserFormValues, User>(open, user, {
    resolver: zodResolver(user ? editForm : createForm) as never,
    values: (u) => ({
      name: u?.name ?? '',
      email: u?.email ?? '',
      role: u?.role ?? 'admin',
      password: '',
      municipalityId: u ? u.municipalityId : null,
    }),
  });
  const role = useWatch({ control, name: 'role' });
  useEffect(() => {
    if (role === 'superuser' && !user) setValue('municipalityId', null);
  }, [role, user, setValue]);
  const roles = (
    user?.role === 'superuser' ? ['superuser' as const] : ROLES.filter((r) => user == null || r !== 'superuser')
  ).map((r) => ({ value: r, label: ROLE_LABELS[r] }));
  const field = { control, fullWidth: true, margin: 'normal' as const, help: '' };
  return (
    <RecordDialog
      open={open}
      id="su-user-form"
      title={user ? 'Editar Usuário' : 'Novo Usuário'}
      maxWidth="sm"
      fullScreen={phone}
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
    >
      <FormText {...field} name="name" id="su-user-name" label="Nome" required autoFocus />
      <FormText {...field} name="email" id="su-user-email" label="E-mail" type="email" required />
      <FormPassword
        control={control}
        name="password"
        id="su-user-password"
        label={user ? 'Nova senha (opcional)' : 'Senha'}
        required={!user}
        help={user ? 'Deixe em branco para manter a senha atual.' : undefined}
      />
      <FormSelect {...field} name="role" id="su-user-role" label="Perfil" options={roles} />
      <Controller
        control={control}
        name="municipalityId"
        render={({ field: f, fieldState }) => (
          <TextField
            select
            id="su-user-municipality"
            label="Município"
            fullWidth
            margin="normal"
            disabled={!!user || role === 'superuser'}
            value={f.value ?? ''}
            onChange={(e) => f.onChange(e.target.value === '' ? null : Number(e.target.value))}
            inputRef={f.ref}
            error={!!fieldState.error}
            helperText={
              fieldState.error?.message ??
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
    </RecordDialog>
  );
}
