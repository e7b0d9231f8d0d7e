export { createInventario } from './create';
export { updateInventario, deleteInventario } from './update';
export { applyLeituras, leituraMessage } from './leituras';
export { finalizeInventario } from './finalize';
