/**
 * Custody terms (termos de responsabilidade): versions per holder, issued on request (`termo.generate`)
 * or automatically after an approved transfer or a loan return (`recordAutomaticTermos` leaves a
 * pendencia; the `termos.pending` sweep records and renders the version).
 */
// Access first: the routes' commands reach the access registry, which reads this module's rules.
export { termoAccess as access } from './access';
export { termoRoutes as routes } from './routes';
export { recordAutomaticTermos, type TermoTrigger } from './commands';
export { listTermos } from './queries';
import { generateTermoJob } from './jobs/generate-termo';
import { termosPendingJob } from './jobs/termos-pending';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [generateTermoJob, termosPendingJob] as const;
