/** Loans (empréstimos) of assets: routes, access rules, the daily overdue job, and what other areas may ask. */
export { loanRoutes as routes } from './routes';
export { loanAccess as access } from './access';
export { hasOpenLoan } from './queries';
import { PATRIMONIO_MSG } from '@tombo/shared';
import { registerAssetHold } from '../patrimonios';
import { lentAmong } from './queries';
// A lent asset is neither written off, deleted nor moved to another sector (the register asks, without importing loans).
registerAssetHold(async (tx, ids, act) => {
  const reason = act === 'move' ? PATRIMONIO_MSG.lentMove : PATRIMONIO_MSG.lentWriteOff;
  return new Map((await lentAmong(tx, ids)).map((id) => [id, reason]));
});
import { loansOverdueJob } from './jobs/loans-overdue';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [loansOverdueJob] as const;
export { listLoans } from './queries';
