export * from './html';
