export { lendAsset } from './lend';
export { returnLoan } from './return';
export { sweepLoans } from './overdue';
export { extendLoan } from './extend';
