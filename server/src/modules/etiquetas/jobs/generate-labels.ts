import { z } from 'zod';
import { gerarEtiquetasBody, idNumber, labelElement, labelLayout } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

const source = gerarEtiquetasBody.shape;

/**
 * The template as it was when asked for (the labels print what the user saw, even if it changes
 * meanwhile), where the assets come from, the layout, and `sectorIds`: the requester's sector
 * restriction (usuario) taken from the server-side principal, never from the client; null = all.
 */
export const generateLabelsPayload = z.strictObject({
  template: z.strictObject({
    id: idNumber(),
    name: z.string(),
    width: z.number().positive(),
    height: z.number().positive(),
    elements: z.array(labelElement),
  }),
  patrimonioIds: source.patrimonioIds,
  filtros: source.filtros,
  faixa: source.faixa,
  layout: labelLayout,
  sectorIds: z.array(idNumber()).nullable(),
});
export type GenerateLabelsPayload = z.output<typeof generateLabelsPayload>;

/** `labels.generate`: asset labels as a vector PDF (sheets or thermal) or ZPL / EPL printer text. */
export const generateLabelsJob = defineJob({
  name: 'labels.generate',
  owner: 'user',
  payload: generateLabelsPayload,
  retries: 2,
  handler: () => import('./generate-labels.handler'),
});
