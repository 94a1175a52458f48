// Hand-written TypeScript shapes of the HTTP API, kept equal to openapi.yaml (test/types.test.ts
// validates a sample of each against its schema). Times are RFC 3339 strings, money integer cents.
// Only re-exports: the shape modules import each other directly, never this file, so no cycle forms.
export * from './response-types';
export * from './api-key-types';
export * from './email-types';
export * from './billing-types';
export * from './resource-types';
