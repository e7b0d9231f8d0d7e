export { createLote, createPatrimonio } from './create';
export { deletePatrimonio } from './delete';
export { moveAsset, type MoveAsset } from './move';
export { updatePatrimonio } from './update';
export { writeOffAsset, type WriteOff } from './write-off';
export { setTransferPending, type TransferFlag } from './transfer-flag';
export { attachArquivo, findArquivo, removeArquivo } from './arquivos';
export { setConservation } from './conservation';
export { markLost, LOST_EVENTS_MAX, type MarkLost } from './lost';
