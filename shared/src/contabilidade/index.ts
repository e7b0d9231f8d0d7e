export * from './plano-padrao';
export * from './schemas';
export * from './types';
export * from './messages';
export * from './rmb';
export * from './relatorios';
