export * from './values';
export * from './types';
