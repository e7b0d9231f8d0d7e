/**
 * The job runtime another process (the worker) may use: the runner over the one list of definitions,
 * the queue's names and the PDF renderer it injects into job contexts. Nothing else of the server's
 * jobs folder is imported from outside it.
 */
import { accessRules } from '../../access';
import { useAccessRules } from '../../../tenancy/access';
export { failAbandonedJob, runDelivery, type Delivery, type RunOutcome } from './runner';
export type { JobContext } from '../../../jobs/define';
export {
  QUEUE_NAME,
  RENDER_PAGES,
  WORKER_LOCK_MS,
  WORKER_MAX_STALLED,
  WORKER_STALLED_INTERVAL_MS,
  queuePrefix,
  socketKey,
} from '../../../jobs/settings';
export { createPdfRenderer, type PdfRenderer } from '../../../render/pool';
export { recordedAppUrl } from '../../../installation';

/** The worker's part of the boot: the areas' object-access rules, which job handlers check as the API does. */
export function registerAreas(): void {
  useAccessRules(accessRules);
}
