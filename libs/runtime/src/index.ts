export * from './ids';
export * from './clock';
export * from './logger';
export * from './env';
export * from './problem';
export * from './operations';
export * from './secret-box';
export * from './envelope';
