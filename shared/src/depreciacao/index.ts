export { centavos, decimal, type Centavos } from './dinheiro';
export * from './cronograma';
