export * from './service';
export { mailConfig, type MailConfig } from './config';
export { createTxtResolver } from './dns/resolver';
