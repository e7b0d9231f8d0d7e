export { centavos, decimal, percentual, type Centavos } from './dinheiro';
export * from './cronograma';
export * from './schemas';
export * from './types';
export * from './events';
export * from './messages';
