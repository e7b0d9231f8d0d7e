import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import {
  INVITATION_TTL_DAYS,
  MAIN_ROLES,
  ROLE_LABELS,
  USER_MSG,
  passwordSchema,
  userCreateBody,
  type Sector,
  type User,
} from '@tombo/shared';
import { RecordDialog, useDialogForm } from '../../components/register/crud';
import { FormPassword, FormSelect, FormSwitch, FormText } from '../../components/register/form';

const base = userCreateBody.pick({ name: true, email: true, role: true }).extend({
  password: z.union([z.literal(''), passwordSchema]),
  sectorIds: z.array(z.number()),
  /** New user: a provisional password typed now instead of the invitation by e-mail. */
  typedPassword: z.boolean(),
});
const createForm = base.refine((v) => !v.typedPassword || v.password !== '', {
  error: 'Informe a senha provisória.',
  path: ['password'],
});
export type UserFormValues = z.output<typeof base>;

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

const roles = MAIN_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const field = { fullWidth: true, margin: 'normal' as const, help: '' };

export function UserFormDialog({ open, user, self = false, sectors, busy, onClose, onSubmit }: Props) {
  const { control, handleSubmit, watch } = useDialogForm<UserFormValues, User>(open, user, {
    resolver: zodResolver(user ? base : createForm) as never,
    values: (u) => ({
      name: u?.name ?? '',
      email: u?.email ?? '',
      role: u?.role ?? 'usuario',
      password: '',
      sectorIds: u?.sectorIds ?? [],
      typedPassword: false,
    }),
  });
  const sectorLabel = (id: number) => sectors.find((s) => s.id === id)?.name ?? String(id);
  const chosen = watch('sectorIds') ?? [];
  const typed = watch('typedPassword');
  return (
    <RecordDialog
      open={open}
      id="user-form"
      title={user ? 'Editar Usuário' : 'Novo Usuário'}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
    >
      <FormText {...field} control={control} name="name" id="user-name" label="Nome" required autoFocus />
      <FormText {...field} control={control} name="email" id="user-email" label="E-mail" type="email" required />
      {self ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
          {USER_MSG.ownPassword}
        </Typography>
      ) : user ? (
        <FormPassword
          control={control}
          name="password"
          id="user-password"
          label="Nova senha provisória (opcional)"
          help="Deixe em branco para manter a senha atual. Uma senha definida aqui deverá ser trocada no próximo acesso."
        />
      ) : (
        <>
          <FormSwitch
            control={control}
            name="typedPassword"
            id="user-typed-password"
            label="Definir uma senha provisória agora"
            help={
              typed
                ? 'A pessoa deverá trocar esta senha no primeiro acesso.'
                : `A pessoa receberá por e-mail um convite para criar a própria senha (válido por ${INVITATION_TTL_DAYS} dias).`
            }
          />
          {typed && (
            <FormPassword control={control} name="password" id="user-password" label="Senha provisória" required />
          )}
        </>
      )}
      <FormSelect {...field} control={control} name="role" id="user-role" label="Perfil" options={roles} />
      <FormText
        {...field}
        select
        control={control}
        name="sectorIds"
        id="user-sectors"
        label="Setores"
        help="Usuários comuns veem apenas os bens dos seus setores."
        slotProps={{
          select: { multiple: true, renderValue: (v) => (v as number[]).map(sectorLabel).join(', ') },
        }}
      >
        {sectors.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            <Checkbox checked={chosen.includes(s.id)} size="small" />
            <ListItemText primary={s.name} />
          </MenuItem>
        ))}
      </FormText>
    </RecordDialog>
  );
}
