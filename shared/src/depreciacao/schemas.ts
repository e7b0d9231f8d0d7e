import { z } from 'zod';
import { isCalendarDay } from '../format/dates';

/** Query of GET /api/depreciacao/patrimonios/:id: the date of the figures (default: today). */
export const depreciacaoPatrimonioQuery = z.strictObject({
  data: z.string().refine(isCalendarDay, { error: 'Data inválida (use AAAA-MM-DD).' }).optional(),
});
export type DepreciacaoPatrimonioQuery = z.infer<typeof depreciacaoPatrimonioQuery>;
