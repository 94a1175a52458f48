export * from './spans';
export * from './start';
