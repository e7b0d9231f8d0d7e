/** Labels: label templates (spec §7) and the label generation job (sheets, thermal, ZPL, EPL). */
import { generateLabelsJob } from './jobs/generate-labels';

export { etiquetaRoutes as routes } from './routes';
export { etiquetaAccess as access } from './access';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [generateLabelsJob] as const;
export { listLabelTemplates, getLabelTemplate } from './queries';
