export * from './schemas';
export * from './types';
export * from './events';
export * from './messages';
