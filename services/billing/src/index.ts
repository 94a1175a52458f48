export * from './service';
export * from './config';
