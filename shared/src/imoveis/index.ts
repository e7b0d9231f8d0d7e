export * from './values';
export * from './types';
export * from './manutencoes';
export * from './relatorios';
export * from './public';
export * from './schemas';
export * from './events';
export * from './messages';
