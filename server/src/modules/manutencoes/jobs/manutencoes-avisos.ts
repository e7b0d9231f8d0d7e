import { z } from 'zod';
import { isCalendarDay } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/**
 * Daily at 07:10 (APP_TIMEZONE), over every active municipality: notifies the property's sector of
 * maintenance tasks due within 7 days and of overdue ones, once each. `today` ('yyyy-MM-dd') replaces
 * the Brasília calendar day (tests, a manual re-run).
 */
const payload = z.strictObject({
  today: z.string().refine(isCalendarDay, { error: 'Data inválida (use AAAA-MM-DD).' }).optional(),
});
export type ManutencoesAvisosPayload = z.output<typeof payload>;

export const manutencoesAvisosJob = defineJob({
  name: 'manutencoes.avisos',
  owner: 'system',
  payload,
  retries: 2,
  schedule: { cron: '10 7 * * *' },
  handler: () => import('./manutencoes-avisos.handler'),
});
