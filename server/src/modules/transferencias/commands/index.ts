export { requestTransfer, approverIds, type TransferResult } from './request';
export { decideTransfer, type TransferDecision } from './decide';
