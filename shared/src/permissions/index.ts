export * from './labels';
export * from './messages';
export * from './events';
