export { createManutencao, updateManutencao, deleteManutencao } from './write';
export { attachAnexo, removeAnexo, findAnexo } from './anexos';
export { sweepManutencoes } from './reminders';
