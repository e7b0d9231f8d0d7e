import { z } from 'zod';
import { MSG, passwordSchema } from '@tombo/shared';

/** Own password change (/perfil and the superuser dialog): current password + spec §5 rules. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, { error: 'Informe a senha atual.' }),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { error: MSG.password.mismatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
