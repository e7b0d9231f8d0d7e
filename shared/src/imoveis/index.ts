export * from './values';
export * from './types';
export * from './relatorios';
export * from './public';
