/**
 * The job runtime another process (the worker) may use: the runner over the one list of definitions,
 * the queue's names and the PDF renderer it injects into job contexts. Nothing else of the server's
 * jobs folder is imported from outside it.
 */
export { failAbandonedJob, runDelivery, type Delivery, type RunOutcome } from './runner';
export type { JobContext } from './define';
export {
  QUEUE_NAME,
  RENDER_PAGES,
  WORKER_LOCK_MS,
  WORKER_MAX_STALLED,
  WORKER_STALLED_INTERVAL_MS,
  queuePrefix,
  socketKey,
} from './settings';
export { createPdfRenderer, type PdfRenderer } from '../render/pool';
