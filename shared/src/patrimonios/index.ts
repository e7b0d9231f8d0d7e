export * from './schemas';
export * from './standard-fields';
export * from './bulk';
export * from './types';
export * from './events';
export * from './messages';
