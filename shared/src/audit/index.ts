export * from './schemas';
export * from './types';
export * from './events';
export * from './messages';
export * from './labels';
export * from './field-labels';
export * from './details';
export * from './value-labels';
