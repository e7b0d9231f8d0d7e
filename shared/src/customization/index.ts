export * from './schemas';
export * from './defaults';
export * from './types';
export * from './events';
export * from './messages';
