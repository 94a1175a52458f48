export * from './constant-time';
export * from './secret-box';
