export * from './schemas';
export * from './types';
export * from './messages';
export * from './layout';
export * from './defaults';
export * from './values';
export * from './events';
export * from './number-fit';
