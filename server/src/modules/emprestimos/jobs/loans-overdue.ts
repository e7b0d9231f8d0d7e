import { z } from 'zod';
import { isCalendarDay } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/**
 * Daily at 07:00 (APP_TIMEZONE, default São Paulo), over every active municipality: marks loans past
 * due and notifies their lender and the admins; reminds the lender the day before the due date.
 * Idempotent. `today` ('yyyy-MM-dd') replaces the Brasília calendar day (tests, a manual re-run).
 */
const loansOverduePayload = z.strictObject({
  today: z.string().refine(isCalendarDay, { error: 'Data inválida (use AAAA-MM-DD).' }).optional(),
});
export type LoansOverduePayload = z.output<typeof loansOverduePayload>;

export const loansOverdueJob = defineJob({
  name: 'loans.overdue',
  owner: 'system',
  payload: loansOverduePayload,
  retries: 2,
  schedule: { cron: '0 7 * * *' },
  handler: () => import('./loans-overdue.handler'),
});
