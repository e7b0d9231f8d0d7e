export * from './schemas';
export * from './types';
export * from './messages';
export * from './defaults';
export * from './layout';
export * from './events';
