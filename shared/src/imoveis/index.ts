export * from './values';
export * from './types';
export * from './manutencoes';
