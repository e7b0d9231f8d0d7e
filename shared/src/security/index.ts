export * from './messages';
export * from './schemas';
export * from './types';
export * from './events';
