// The asset import: a sheet read and checked in a worker thread, then a dry-run report or one commit.
export { importPatrimonios } from './commit';
export { closeImportThreads } from './thread';
// Cell readers shared with the register import of other systems (modules/importacao).
export { dateOf, estadoOf, moneyOf, statusOf, str } from './columns';
