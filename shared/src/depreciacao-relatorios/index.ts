export * from './schemas';
export * from './types';
export * from './messages';
