import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { manutencaoKeys } from './keys';
/** A property's tasks with 'Nova tarefa', for the register's view page (/imoveis/ver/:id). */
export { ImovelManutencoesSection } from './ImovelManutencoesSection';

/** Maintenance of properties (/imoveis/manutencao): list and calendar, tasks, recurrence, attachments. */
export const feature: Feature = {
  mainRoutes: { '/imoveis/manutencao': lazy(() => import('./ManutencoesPage')) },
};
