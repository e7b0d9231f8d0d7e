export * from './types';
export * from './schemas';
export * from './messages';
export * from './changelog';
