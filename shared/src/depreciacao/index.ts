export { centavos, decimal, type Centavos } from './dinheiro';
export * from './cronograma';
export * from './schemas';
export * from './types';
