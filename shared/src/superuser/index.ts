export * from './schemas';
export * from './messages';
export * from './types';
export * from './events';
