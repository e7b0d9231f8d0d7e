// The asset import: a sheet read and checked in a worker thread, then a dry-run report or one commit.
export { importPatrimonios } from './commit';
export { closeImportThreads } from './thread';
// Fixed values read by their labels, shared with the register import of other systems (modules/importacao).
export { estadoOf, statusOf } from './columns';
export { loadCatalogs, type Catalogs } from './refs';
// The numbering of an imported sheet's rows, shared with the wizard's generated numbers.
export { issueNumbers } from './numbers';
