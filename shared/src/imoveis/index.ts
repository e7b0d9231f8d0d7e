export * from './values';
export * from './types';
export * from './schemas';
export * from './events';
export * from './messages';
