import { z } from 'zod';

/** Body of POST /api/backups (on demand): nothing to choose. */
export const backupCreateBody = z.strictObject({});

/** Body of PUT /api/backups/settings: the municipality's schedule (spec §2.3 /configuracoes/backup). */
export const backupSettingsBody = z.strictObject({
  enabled: z.boolean({ error: 'Informe se o backup automático está ativo.' }),
  hour: z
    .number({ error: 'Informe a hora.' })
    .int({ error: 'Hora inválida.' })
    .min(0, { error: 'A hora vai de 0 a 23.' })
    .max(23, { error: 'A hora vai de 0 a 23.' }),
  frequency: z.enum(['daily', 'weekly'], { error: 'Frequência inválida.' }),
  keepDays: z
    .number({ error: 'Informe por quantos dias manter.' })
    .int({ error: 'Número de dias inválido.' })
    .min(1, { error: 'Mantenha por pelo menos 1 dia.' })
    .max(3650, { error: 'No máximo 3650 dias.' }),
  version: z.number().int().min(0),
});
export type BackupSettingsInput = z.infer<typeof backupSettingsBody>;

/** The largest archive a superuser may upload (a big municipality's data and files). */
export const BACKUP_UPLOAD_MAX_BYTES = 4 * 1024 ** 3;

/** The confirmation word the superuser types to restore. */
export const RESTORE_CONFIRMATION = 'RESTAURAR';

/**
 * Body of POST /api/superuser/backups/:id/restore: into the backup's own municipality ('same') or
 * into a new one (name + slug), with the typed confirmation.
 */
export const backupRestoreBody = z.discriminatedUnion(
  'target',
  [
    z.strictObject({
      target: z.literal('same'),
      confirmation: z.literal(RESTORE_CONFIRMATION, { error: `Digite ${RESTORE_CONFIRMATION} para confirmar.` }),
    }),
    z.strictObject({
      target: z.literal('new'),
      name: z.string().trim().min(3, { error: 'Informe o nome do novo município.' }).max(120),
      slug: z
        .string()
        .trim()
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'Use letras minúsculas, números e hífens.' })
        .max(60),
      confirmation: z.literal(RESTORE_CONFIRMATION, { error: `Digite ${RESTORE_CONFIRMATION} para confirmar.` }),
    }),
  ],
  { error: 'Informe o destino da restauração (same ou new).' },
);
export type BackupRestoreInput = z.infer<typeof backupRestoreBody>;

/** Query of GET /api/superuser/backups: one municipality's, or all. */
export const superuserBackupsQuery = z.strictObject({
  municipalityId: z.coerce.number().int().positive().optional(),
});
