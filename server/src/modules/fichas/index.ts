/** Record sheets (fichas): template CRUD and the `ficha.generate` job. */
// Access first: the routes' commands reach the access registry, which reads this module's rules.
export { fichaAccess as access } from './access';
export { fichaRoutes as routes } from './routes';
export { getFichaTemplate, listFichaTemplates } from './queries';
import { generateFichaJob } from './jobs/generate-ficha';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [generateFichaJob] as const;
