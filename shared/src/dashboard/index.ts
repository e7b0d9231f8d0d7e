export * from './types';
export * from './widgets';
export * from './schemas';
export * from './messages';
export * from './events';
export * from './primeiros-passos';
