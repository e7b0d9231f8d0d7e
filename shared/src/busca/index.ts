export * from './schemas';
export * from './messages';
export * from './screens';
